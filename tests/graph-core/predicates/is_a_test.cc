#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

TEST(IsAPredicateTest, ExactClass) {
  auto p = Pred(R"({"class": "IsA", "type": "java.lang.Long"})");
  EXPECT_TRUE(p->Test(Value::Int64(1)));
  EXPECT_FALSE(p->Test(Value::Int32(1)));
  EXPECT_FALSE(p->Test(Value::Date(1)));
  EXPECT_TRUE(p->Test(Value()));  // koryphe: a null input passes
}

TEST(IsAPredicateTest, Supertypes) {
  auto number = Pred(R"({"class": "IsA", "type": "java.lang.Number"})");
  EXPECT_TRUE(number->Test(Value::Int32(1)));
  EXPECT_TRUE(number->Test(Value::Double(1)));
  EXPECT_FALSE(number->Test(Value::String("1")));
  EXPECT_FALSE(number->Test(Value::Date(1)));
  auto object = Pred(R"({"class": "IsA", "type": "java.lang.Object"})");
  EXPECT_TRUE(object->Test(Value::FreqMap({})));
  auto set = Pred(R"({"class": "IsA", "type": "java.util.Set"})");
  EXPECT_TRUE(set->Test(Value::TreeSet({})));
  EXPECT_TRUE(set->Test(Value::HashSet({})));
  EXPECT_FALSE(set->Test(Value::List({})));
  auto map = Pred(R"({"class": "IsA", "type": "java.util.Map"})");
  EXPECT_TRUE(map->Test(Value::FreqMap({})));
  EXPECT_TRUE(map->Test(Value::Map({})));
  auto comparable = Pred(R"({"class": "IsA", "type": "java.lang.Comparable"})");
  EXPECT_TRUE(comparable->Test(Value::String("x")));
  EXPECT_FALSE(comparable->Test(Value::List({})));
  auto freq = Pred(R"({"class": "IsA", "type": "uk.gov.gchq.gaffer.types.FreqMap"})");
  EXPECT_TRUE(freq->Test(Value::FreqMap({})));
  EXPECT_FALSE(freq->Test(Value::Map({})));
}

TEST(IsAPredicateTest, Errors) {
  EXPECT_THAT(TryPred(R"({"class": "IsA"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.type: missing required field"));
  EXPECT_THAT(
      TryPred(R"({"class": "IsA", "type": "com.example.Nope"})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown class 'com.example.Nope'"));
}

TEST(IsAPredicateTest, JsonRoundTrip) {
  ExpectJsonRoundTrip(R"({"class": "IsA", "type": "java.lang.String"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsA",
                          "type": "java.lang.String"})");
}

}  // namespace
}  // namespace quarry
