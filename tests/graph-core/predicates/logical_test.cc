#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::Test2;
using ::quarry::testing::TryPred;

TEST(LogicalPredicateTest, NotInvertsAndMissingPredicateIsFalse) {
  auto p = Pred(R"({"class": "Not", "predicate": {"class": "Exists"}})");
  EXPECT_TRUE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::Int32(1)));
  auto empty = Pred(R"({"class": "Not"})");
  EXPECT_FALSE(empty->Test(Value()));
  EXPECT_FALSE(empty->Test(Value::Int32(1)));
}

// koryphe's AdaptedPredicateTest: the predicate sees the adapter's output.
TEST(LogicalPredicateTest, AdaptedPredicateTestsTheAdaptedInput) {
  auto p = Pred(R"({"class": "uk.gov.gchq.koryphe.predicate.AdaptedPredicate",
      "inputAdapter": {"class": "uk.gov.gchq.koryphe.impl.function.ToLowerCase"},
      "predicate": {"class": "IsEqual", "value": "beta"}})");
  EXPECT_TRUE(p->Test(Value::String("Beta")));
  EXPECT_FALSE(p->Test(Value::String("Alpha")));
  auto bare = Pred(R"({"class": "uk.gov.gchq.koryphe.predicate.AdaptedPredicate",
      "predicate": {"class": "IsEqual", "value": "beta"}})");
  EXPECT_FALSE(bare->Test(Value::String("Beta")));
  EXPECT_TRUE(bare->Test(Value::String("beta")));
  EXPECT_THAT(TryPred(R"({"class": "uk.gov.gchq.koryphe.predicate.AdaptedPredicate"})"),
              StatusIs(StatusCode::kInvalidArgument));
  constexpr const char* kFull = R"({"class": "uk.gov.gchq.koryphe.predicate.AdaptedPredicate",
      "inputAdapter": {"class": "uk.gov.gchq.koryphe.impl.function.ToLowerCase"},
      "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsEqual", "value": "beta"}})";
  ExpectJsonRoundTrip(kFull, kFull);
}

TEST(LogicalPredicateTest, EmptyAndIsTrueEmptyOrIsFalse) {
  EXPECT_TRUE(Pred(R"({"class": "And", "predicates": []})")->Test(Value()));
  EXPECT_TRUE(Pred(R"({"class": "And"})")->Test(Value()));
  EXPECT_FALSE(Pred(R"({"class": "Or", "predicates": []})")->Test(Value()));
  EXPECT_FALSE(Pred(R"({"class": "Or"})")->Test(Value()));
}

TEST(LogicalPredicateTest, AndOrOnTheWholeInput) {
  const char* in_range = R"({"class": "And", "predicates": [
      {"class": "IsMoreThan", "value": {"Long": 0}},
      {"class": "IsLessThan", "value": {"Long": 10}}]})";
  auto p = Pred(in_range);
  EXPECT_TRUE(p->Test(Value::Int64(5)));
  EXPECT_FALSE(p->Test(Value::Int64(0)));
  EXPECT_FALSE(p->Test(Value::Int64(10)));
  auto either = Pred(R"({"class": "Or", "predicates": [
      {"class": "IsEqual", "value": "a"}, {"class": "IsEqual", "value": "b"}]})");
  EXPECT_TRUE(either->Test(Value::String("a")));
  EXPECT_TRUE(either->Test(Value::String("b")));
  EXPECT_FALSE(either->Test(Value::String("c")));
}

TEST(LogicalPredicateTest, IntegerTupleAdaptedPredicatePicksPositions) {
  // Selection [count, name]: count > 1 and name == "x".
  auto p = Pred(R"({"class": "uk.gov.gchq.koryphe.impl.predicate.And", "predicates": [
      {"class": "uk.gov.gchq.koryphe.tuple.predicate.IntegerTupleAdaptedPredicate",
       "selection": [0], "predicate": {"class": "IsMoreThan", "value": {"Long": 1}}},
      {"class": "IntegerTupleAdaptedPredicate", "selection": [1],
       "predicate": {"class": "IsEqual", "value": "x"}}]})");
  EXPECT_TRUE(Test2(*p, Value::Int64(2), Value::String("x")));
  EXPECT_FALSE(Test2(*p, Value::Int64(1), Value::String("x")));
  EXPECT_FALSE(Test2(*p, Value::Int64(2), Value::String("y")));
  // Or over tuple positions, and a two-position selection for a two-input predicate.
  auto q = Pred(R"({"class": "Or", "predicates": [
      {"class": "IntegerTupleAdaptedPredicate", "selection": [1, 0],
       "predicate": {"class": "IsXLessThanY"}}]})");
  EXPECT_TRUE(Test2(*q, Value::Int64(5), Value::Int64(3)));
  EXPECT_FALSE(Test2(*q, Value::Int64(3), Value::Int64(5)));
  // A position beyond the input is null.
  auto r = Pred(R"({"class": "IntegerTupleAdaptedPredicate", "selection": [3],
                   "predicate": {"class": "Exists"}})");
  EXPECT_FALSE(Test2(*r, Value::Int64(5), Value::Int64(3)));
}

TEST(LogicalPredicateTest, IfChoosesABranch) {
  auto p = Pred(R"({"class": "If", "predicate": {"class": "IsA", "type": "java.lang.String"},
                   "then": {"class": "IsEqual", "value": "a"},
                   "otherwise": {"class": "IsMoreThan", "value": 3}})");
  EXPECT_TRUE(p->Test(Value::String("a")));
  EXPECT_FALSE(p->Test(Value::String("b")));
  EXPECT_TRUE(p->Test(Value::Int32(4)));
  EXPECT_FALSE(p->Test(Value::Int32(2)));
  auto no_otherwise = Pred(R"({"class": "If", "condition": false, "then": {"class": "Exists"}})");
  EXPECT_FALSE(no_otherwise->Test(Value::Int32(1)));
  auto fixed = Pred(R"({"class": "If", "condition": true, "then": {"class": "Exists"}})");
  EXPECT_TRUE(fixed->Test(Value::Int32(1)));
  EXPECT_FALSE(fixed->Test(Value()));
}

TEST(LogicalPredicateTest, ErrorsNameTheNestedPath) {
  EXPECT_THAT(
      TryPred(R"({"class": "And", "predicates": [{"class": "Exists"}, {"class": "Nope"}]})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "p.predicates[1]: unknown predicate class 'Nope'"));
  EXPECT_THAT(TryPred(R"({"class": "Not", "predicate": {"class": "IsMoreThan"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.predicate.value"));
  EXPECT_THAT(
      TryPred(R"({"class": "IntegerTupleAdaptedPredicate", "predicate": {"class": "Exists"}})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "p.selection"));
  EXPECT_THAT(TryPred(R"({"class": "IntegerTupleAdaptedPredicate", "selection": [-1],
                         "predicate": {"class": "Exists"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.selection[0]"));
  EXPECT_THAT(TryPred(R"({"class": "IntegerTupleAdaptedPredicate", "selection": [0]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.predicate"));
  EXPECT_THAT(TryPred(R"({"class": "And", "predicates": {"class": "Exists"}})"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(LogicalPredicateTest, DeepNestingIsRejected) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += R"({"class": "Not", "predicate": )";
  text += R"({"class": "Exists"})";
  for (int i = 0; i < 100; ++i) text += "}";
  EXPECT_THAT(TryPred(text), StatusIsWithMessage(StatusCode::kInvalidArgument, "nested deeper"));
}

TEST(LogicalPredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(R"({"class": "Not", "predicate": {"class": "Exists"}})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.Not",
                          "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}})");
  ExpectJsonRoundTrip(R"({"class": "And"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.And", "predicates": []})");
  ExpectJsonRoundTrip(
      R"({"class": "Or", "predicates": [{"class": "IntegerTupleAdaptedPredicate",
          "selection": [1], "predicate": {"class": "IsTrue"}}]})",
      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.Or", "predicates": [
          {"class": "uk.gov.gchq.koryphe.tuple.predicate.IntegerTupleAdaptedPredicate",
           "selection": [1],
           "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"}}]})");
  ExpectJsonRoundTrip(R"({"class": "If", "condition": true, "then": {"class": "IsTrue"}})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.If", "condition": true,
          "then": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"}})");
}

}  // namespace
}  // namespace quarry
