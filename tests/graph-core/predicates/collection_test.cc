#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

Value Strings(std::initializer_list<const char*> items) {
  ValueList out;
  for (const char* s : items) out.push_back(Value::String(s));
  return Value::TreeSet(std::move(out));
}

TEST(CollectionPredicateTest, IsInUsesClassStrictEquality) {
  auto p = Pred(R"({"class": "IsIn", "values": ["a", 1, {"java.lang.Long": 2}]})");
  EXPECT_TRUE(p->Test(Value::String("a")));
  EXPECT_TRUE(p->Test(Value::Int32(1)));
  EXPECT_TRUE(p->Test(Value::Int64(2)));
  EXPECT_FALSE(p->Test(Value::Int64(1)));
  EXPECT_FALSE(p->Test(Value::Int32(2)));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(Pred(R"({"class": "IsIn"})")->Test(Value::String("a")));
  EXPECT_THAT(TryPred(R"({"class": "IsIn", "values": [{"Long": "x"}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.values[0]"));
}

TEST(CollectionPredicateTest, AreIn) {
  auto p = Pred(R"({"class": "AreIn", "values": ["a", "b"]})");
  EXPECT_TRUE(p->Test(Strings({"a"})));
  EXPECT_TRUE(p->Test(Strings({"a", "b"})));
  EXPECT_TRUE(p->Test(Strings({})));
  EXPECT_FALSE(p->Test(Strings({"a", "c"})));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_TRUE(p->Test(Value::List({Value::String("b"), Value::String("b")})));
  // With no values, the answer is nullOrEmptyValuesAccepted (default true).
  EXPECT_TRUE(Pred(R"({"class": "AreIn"})")->Test(Strings({"z"})));
  EXPECT_TRUE(Pred(R"({"class": "AreIn", "values": []})")->Test(Value()));
  EXPECT_FALSE(Pred(R"({"class": "AreIn", "values": [], "nullOrEmptyValuesAccepted": false})")
                   ->Test(Strings({"z"})));
}

TEST(CollectionPredicateTest, CollectionContains) {
  auto p = Pred(R"({"class": "CollectionContains", "value": "b"})");
  EXPECT_TRUE(p->Test(Strings({"a", "b"})));
  EXPECT_FALSE(p->Test(Strings({"a"})));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::String("b")));
  auto typed = Pred(R"({"class": "CollectionContains", "value": {"Long": 1}})");
  EXPECT_FALSE(typed->Test(Value::List({Value::Int32(1)})));
  EXPECT_TRUE(typed->Test(Value::List({Value::Int64(1)})));
}

TEST(CollectionPredicateTest, MapContainsOnMapsAndFreqMaps) {
  auto p = Pred(R"({"class": "MapContains", "key": "CAR"})");
  EXPECT_TRUE(p->Test(Value::FreqMap({{"CAR", 1}})));
  EXPECT_FALSE(p->Test(Value::FreqMap({{"BUS", 1}})));
  EXPECT_TRUE(p->Test(Value::Map({{Value::String("CAR"), Value()}})));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_THAT(TryPred(R"({"class": "MapContains"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.key"));
}

TEST(CollectionPredicateTest, MapContainsPredicate) {
  auto p = Pred(R"({"class": "MapContainsPredicate",
                   "keyPredicate": {"class": "Regex", "value": "B.*"}})");
  EXPECT_TRUE(p->Test(Value::FreqMap({{"CAR", 1}, {"BUS", 2}})));
  EXPECT_FALSE(p->Test(Value::FreqMap({{"CAR", 1}})));
  EXPECT_FALSE(p->Test(Value()));
}

TEST(CollectionPredicateTest, PredicateMapTestsTheValueAtKey) {
  auto p = Pred(R"({"class": "uk.gov.gchq.koryphe.predicate.PredicateMap", "key": "CAR",
                   "predicate": {"class": "IsMoreThan", "value": {"Long": 2}}})");
  EXPECT_TRUE(p->Test(Value::FreqMap({{"CAR", 3}})));
  EXPECT_FALSE(p->Test(Value::FreqMap({{"CAR", 2}})));
  EXPECT_FALSE(p->Test(Value::FreqMap({{"BUS", 3}})));  // absent: IsMoreThan(null)
  EXPECT_FALSE(p->Test(Value()));
  auto exists = Pred(R"({"class": "PredicateMap", "key": "k",
                        "predicate": {"class": "Not", "predicate": {"class": "Exists"}}})");
  EXPECT_TRUE(exists->Test(Value::Map({})));
  EXPECT_TRUE(Pred(R"({"class": "PredicateMap", "key": "k"})")->Test(Value()));
}

TEST(CollectionPredicateTest, IsLongerThanAndIsShorterThan) {
  auto longer = Pred(R"({"class": "IsLongerThan", "minLength": 2})");
  EXPECT_TRUE(longer->Test(Value::String("abc")));
  EXPECT_FALSE(longer->Test(Value::String("ab")));
  EXPECT_TRUE(longer->Test(Strings({"a", "b", "c"})));
  EXPECT_FALSE(longer->Test(Value::FreqMap({{"a", 1}})));
  EXPECT_TRUE(longer->Test(Value()));               // koryphe: null passes
  EXPECT_FALSE(longer->Test(Value::Int64(12345)));  // no length
  auto or_equal = Pred(R"({"class": "IsLongerThan", "minLength": 2, "orEqualTo": true})");
  EXPECT_TRUE(or_equal->Test(Value::String("ab")));
  auto shorter = Pred(R"({"class": "IsShorterThan", "maxLength": 2})");
  EXPECT_TRUE(shorter->Test(Value::String("a")));
  EXPECT_FALSE(shorter->Test(Value::String("ab")));
  EXPECT_TRUE(shorter->Test(Value()));
  EXPECT_TRUE(shorter->Test(Value::Bytes("x")));
  // Java counts UTF-16 units: U+1F600 is two, U+00E9 is one.
  EXPECT_FALSE(shorter->Test(Value::String("\xF0\x9F\x98\x80")));
  EXPECT_TRUE(shorter->Test(Value::String("\xC3\xA9")));
}

TEST(CollectionPredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(R"({"class": "IsIn", "values": [1, {"Long": 2}]})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsIn",
                          "values": [1, {"java.lang.Long": 2}]})");
  ExpectJsonRoundTrip(R"({"class": "AreIn", "values": ["a"], "nullOrEmptyValuesAccepted": false})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.AreIn", "values": ["a"],
                          "nullOrEmptyValuesAccepted": false})");
  ExpectJsonRoundTrip(R"({"class": "CollectionContains", "value": "x"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.CollectionContains",
                          "value": "x"})");
  ExpectJsonRoundTrip(R"({"class": "MapContains", "key": "k"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.MapContains",
                          "key": "k"})");
  ExpectJsonRoundTrip(R"({"class": "MapContainsPredicate", "keyPredicate": {"class": "Exists"}})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.MapContainsPredicate",
          "keyPredicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}})");
  ExpectJsonRoundTrip(R"({"class": "PredicateMap", "key": {"Long": 1},
                          "predicate": {"class": "Exists"}})",
                      R"({"class": "uk.gov.gchq.koryphe.predicate.PredicateMap",
                          "key": {"java.lang.Long": 1},
                          "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}})");
  ExpectJsonRoundTrip(R"({"class": "IsLongerThan", "minLength": 3})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsLongerThan",
                          "minLength": 3, "orEqualTo": false})");
  ExpectJsonRoundTrip(R"({"class": "IsShorterThan", "maxLength": 3, "orEqualTo": true})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsShorterThan",
                          "maxLength": 3, "orEqualTo": true})");
}

}  // namespace
}  // namespace quarry
