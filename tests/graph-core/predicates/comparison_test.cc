#include <limits>

#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::Test2;
using ::quarry::testing::TryPred;

TEST(ComparisonPredicateTest, Exists) {
  auto p = Pred(R"({"class": "Exists"})");
  EXPECT_TRUE(p->Test(Value::String("")));
  EXPECT_TRUE(p->Test(Value::Bool(false)));
  EXPECT_FALSE(p->Test(Value()));
  // No arguments at all behaves as a null input.
  EXPECT_FALSE(p->Test(ValueRefs()));
}

TEST(ComparisonPredicateTest, IsTrueAndIsFalse) {
  auto is_true = Pred(R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"})");
  auto is_false = Pred(R"({"class": "IsFalse"})");
  EXPECT_TRUE(is_true->Test(Value::Bool(true)));
  EXPECT_FALSE(is_true->Test(Value::Bool(false)));
  EXPECT_FALSE(is_true->Test(Value()));
  EXPECT_FALSE(is_true->Test(Value::String("true")));
  EXPECT_TRUE(is_false->Test(Value::Bool(false)));
  EXPECT_FALSE(is_false->Test(Value::Bool(true)));
  EXPECT_FALSE(is_false->Test(Value()));
  EXPECT_FALSE(is_false->Test(Value::Int32(0)));
}

TEST(ComparisonPredicateTest, IsEqualIsClassStrict) {
  auto p = Pred(R"({"class": "IsEqual", "value": 5})");  // Integer 5
  EXPECT_TRUE(p->Test(Value::Int32(5)));
  EXPECT_FALSE(p->Test(Value::Int64(5)));
  EXPECT_FALSE(p->Test(Value::Double(5.0)));
  EXPECT_FALSE(p->Test(Value()));
  auto long_p = Pred(R"({"class": "IsEqual", "value": {"java.lang.Long": 5}})");
  EXPECT_TRUE(long_p->Test(Value::Int64(5)));
  EXPECT_FALSE(long_p->Test(Value::Int32(5)));
  EXPECT_FALSE(long_p->Test(Value::Date(5)));
  auto set_p = Pred(R"({"class": "IsEqual", "value": {"java.util.TreeSet": ["b", "a"]}})");
  EXPECT_TRUE(set_p->Test(Value::TreeSet({Value::String("a"), Value::String("b")})));
  EXPECT_FALSE(set_p->Test(Value::HashSet({Value::String("a"), Value::String("b")})));
}

TEST(ComparisonPredicateTest, IsEqualWithoutValueMatchesOnlyNull) {
  auto p = Pred(R"({"class": "IsEqual"})");
  EXPECT_TRUE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::String("")));
}

TEST(ComparisonPredicateTest, IsMoreThanIntegerControlNeverMatchesLong) {
  // gaffer-compat.md §11.2: "value": 0 is an Integer and never matches a Long property.
  auto p = Pred(R"({"class": "IsMoreThan", "value": 0})");
  EXPECT_FALSE(p->Test(Value::Int64(100)));
  EXPECT_TRUE(p->Test(Value::Int32(100)));
  EXPECT_FALSE(p->Test(Value::Int32(0)));
  EXPECT_FALSE(p->Test(Value::Int32(-1)));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::Double(100)));
}

TEST(ComparisonPredicateTest, IsMoreThanOrEqualTo) {
  auto p = Pred(R"({"class": "IsMoreThan", "orEqualTo": true, "value": {"java.lang.Long": 10}})");
  EXPECT_TRUE(p->Test(Value::Int64(10)));
  EXPECT_TRUE(p->Test(Value::Int64(11)));
  EXPECT_FALSE(p->Test(Value::Int64(9)));
  EXPECT_FALSE(p->Test(Value::Int32(11)));
}

TEST(ComparisonPredicateTest, IsLessThan) {
  auto p = Pred(R"({"class": "isLessThan", "value": {"Long": 10}})");
  EXPECT_TRUE(p->Test(Value::Int64(9)));
  EXPECT_TRUE(p->Test(Value::Int64(std::numeric_limits<int64_t>::min())));
  EXPECT_FALSE(p->Test(Value::Int64(10)));
  EXPECT_FALSE(p->Test(Value::Int64(11)));
  EXPECT_FALSE(p->Test(Value()));
  auto or_equal = Pred(R"({"class": "IsLessThan", "orEqualTo": true, "value": {"Long": 10}})");
  EXPECT_TRUE(or_equal->Test(Value::Int64(10)));
  EXPECT_FALSE(or_equal->Test(Value::Int64(11)));
}

TEST(ComparisonPredicateTest, IsLessThanOnStringsUsesJavaOrder) {
  auto p = Pred(R"({"class": "IsLessThan", "value": "b"})");
  EXPECT_TRUE(p->Test(Value::String("a")));
  EXPECT_TRUE(p->Test(Value::String("B")));  // 'B' (66) < 'b' (98)
  EXPECT_FALSE(p->Test(Value::String("ba")));
}

TEST(ComparisonPredicateTest, IsMoreThanOnDatesAndDoubles) {
  auto date = Pred(R"({"class": "IsMoreThan", "value": {"java.util.Date": 1000}})");
  EXPECT_TRUE(date->Test(Value::Date(1001)));
  EXPECT_FALSE(date->Test(Value::Int64(1001)));
  auto dbl = Pred(R"({"class": "IsMoreThan", "value": 1.5})");
  EXPECT_TRUE(dbl->Test(Value::Double(1.6)));
  EXPECT_FALSE(dbl->Test(Value::Double(1.5)));
  EXPECT_FALSE(dbl->Test(Value::Float(2.0f)));
}

TEST(ComparisonPredicateTest, IsMoreThanNeedsAComparableValue) {
  EXPECT_THAT(TryPred(R"({"class": "IsMoreThan"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value: missing required field"));
  EXPECT_THAT(TryPred(R"({"class": "IsMoreThan", "value": {"FreqMap": {}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "not Comparable"));
  EXPECT_THAT(TryPred(R"({"class": "IsMoreThan", "value": 1, "orEqualTo": "yes"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.orEqualTo"));
}

TEST(ComparisonPredicateTest, IsXLessThanYAndIsXMoreThanY) {
  auto less = Pred(R"({"class": "IsXLessThanY"})");
  auto more = Pred(R"({"class": "IsXMoreThanY"})");
  EXPECT_TRUE(Test2(*less, Value::Int64(1), Value::Int64(2)));
  EXPECT_FALSE(Test2(*less, Value::Int64(2), Value::Int64(2)));
  EXPECT_FALSE(Test2(*less, Value::Int64(1), Value::Int32(2)));  // different classes
  EXPECT_FALSE(Test2(*less, Value(), Value::Int64(2)));
  EXPECT_FALSE(Test2(*less, Value::Int64(1), Value()));
  EXPECT_TRUE(Test2(*more, Value::String("b"), Value::String("a")));
  EXPECT_FALSE(Test2(*more, Value::String("a"), Value::String("a")));
  EXPECT_FALSE(Test2(*more, Value(), Value()));
}

TEST(ComparisonPredicateTest, AreEqual) {
  auto p = Pred(R"({"class": "AreEqual"})");
  EXPECT_TRUE(Test2(*p, Value::Int64(1), Value::Int64(1)));
  EXPECT_FALSE(Test2(*p, Value::Int64(1), Value::Int32(1)));
  EXPECT_TRUE(Test2(*p, Value(), Value()));
  EXPECT_FALSE(Test2(*p, Value(), Value::Int32(1)));
}

TEST(ComparisonPredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(R"({"class": "Exists"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"})");
  ExpectJsonRoundTrip(R"({"class": "IsTrue"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"})");
  ExpectJsonRoundTrip(R"({"class": "IsFalse"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsFalse"})");
  ExpectJsonRoundTrip(R"({"class": "IsEqual", "value": {"Long": 3}})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsEqual",
                          "value": {"java.lang.Long": 3}})");
  ExpectJsonRoundTrip(R"({"class": "IsMoreThan", "value": 5})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan",
                          "orEqualTo": false, "value": 5})");
  ExpectJsonRoundTrip(R"({"class": "IsLessThan", "value": "x", "orEqualTo": true})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsLessThan",
                          "orEqualTo": true, "value": "x"})");
  ExpectJsonRoundTrip(R"({"class": "IsXLessThanY"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsXLessThanY"})");
  ExpectJsonRoundTrip(R"({"class": "IsXMoreThanY"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.IsXMoreThanY"})");
  ExpectJsonRoundTrip(R"({"class": "AreEqual"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.AreEqual"})");
}

}  // namespace
}  // namespace quarry
