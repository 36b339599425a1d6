#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Fold;
using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIs;

Value S(const char* s) { return Value::String(s); }

TEST(CollectionConcatTest, UnionForSetsAppendForLists) {
  auto op = ParseOp(R"({"class":"CollectionConcat"})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(
      Value set, Fold(*op, {Value::TreeSet({S("b"), S("a")}), Value::TreeSet({S("c"), S("a")})}));
  EXPECT_EQ(set, Value::TreeSet({S("a"), S("b"), S("c")}));
  EXPECT_EQ(set.AsItems().size(), 3u);
  ASSERT_OK_AND_ASSIGN(Value list,
                       Fold(*op, {Value::List({S("b"), S("a")}), Value::List({S("a")})}));
  EXPECT_EQ(list.type(), ValueType::kList);
  EXPECT_EQ(list.AsItems(), (ValueList{S("b"), S("a"), S("a")}));
  // The state's class wins: a HashSet absorbing a list stays a set.
  Value state = Value::HashSet({S("x")});
  ASSERT_OK(op->Apply(&state, Value::List({S("x"), S("y")})));
  EXPECT_EQ(state, Value::HashSet({S("x"), S("y")}));
}

// koryphe's IterableMergeTest: [1, 2, 3, 4] then [5, 6]; sets {1} then
// {2, 3}; duplicates are kept (a chained iterable, not a union).
TEST(IterableMergeTest, ChainsBothIterablesInOrder) {
  auto op = ParseOp(R"({"class":"IterableMerge"})");
  ASSERT_NE(op, nullptr);
  auto ints = [](std::initializer_list<int> items) {
    ValueList out;
    for (int i : items) out.push_back(Value::Int32(i));
    return out;
  };
  ASSERT_OK_AND_ASSIGN(Value list,
                       Fold(*op, {Value::List(ints({1, 2, 3, 4})), Value::List(ints({5, 6}))}));
  EXPECT_EQ(list, Value::List(ints({1, 2, 3, 4, 5, 6})));
  ASSERT_OK_AND_ASSIGN(Value sets,
                       Fold(*op, {Value::HashSet(ints({1})), Value::HashSet(ints({2, 3}))}));
  EXPECT_EQ(sets, Value::List(ints({1, 2, 3})));
  ASSERT_OK_AND_ASSIGN(
      Value repeats, Fold(*op, {Value::TreeSet({S("a"), S("b")}), Value::List({S("b"), S("a")})}));
  EXPECT_EQ(repeats, Value::List({S("a"), S("b"), S("b"), S("a")}));
  EXPECT_EQ(op->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.IterableMerge"})"));
  Value state = Value::List(ints({1}));
  EXPECT_THAT(op->Apply(&state, Value::Int32(2)), StatusIs(StatusCode::kInvalidArgument));
}

TEST(CollectionIntersectTest, RetainsCommonItems) {
  auto op = ParseOp(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.CollectionIntersect"})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(Value set, Fold(*op, {Value::TreeSet({S("a"), S("b"), S("c")}),
                                             Value::TreeSet({S("c"), S("a"), S("d")})}));
  EXPECT_EQ(set, Value::TreeSet({S("a"), S("c")}));
  // retainAll on a list keeps its order and repeats.
  ASSERT_OK_AND_ASSIGN(Value list, Fold(*op, {Value::List({S("c"), S("a"), S("c"), S("b")}),
                                              Value::HashSet({S("c"), S("b")})}));
  EXPECT_EQ(list.AsItems(), (ValueList{S("c"), S("c"), S("b")}));
  Value state = Value::TreeSet({S("a")});
  EXPECT_THAT(op->Apply(&state, S("a")), StatusIs(StatusCode::kInvalidArgument));
}

TEST(FreqMapAggregatorTest, SumsPerKey) {
  auto op = ParseOp(R"({"class":"uk.gov.gchq.gaffer.types.function.FreqMapAggregator"})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(Value m, Fold(*op, {Value::FreqMap({{"CAR", 5}, {"BUS", 1}}),
                                           Value::FreqMap({{"CAR", 2}, {"HGV", 4}})}));
  EXPECT_EQ(m, Value::FreqMap({{"BUS", 1}, {"CAR", 7}, {"HGV", 4}}));
  // Long overflow wraps.
  ASSERT_OK_AND_ASSIGN(Value w,
                       Fold(*op, {Value::FreqMap({{"k", INT64_MAX}}), Value::FreqMap({{"k", 1}})}));
  EXPECT_EQ(w, Value::FreqMap({{"k", INT64_MIN}}));
  EXPECT_TRUE(op->Accepts(ValueType::kFreqMap));
  EXPECT_FALSE(op->Accepts(ValueType::kMap));
  EXPECT_EQ(op->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.gaffer.types.function.FreqMapAggregator"})"));
}

std::shared_ptr<HllSketch> SketchOf(std::initializer_list<const char*> items) {
  auto sketch = std::make_shared<HllSketch>();
  for (const char* item : items) sketch->Update(item);
  return sketch;
}

std::shared_ptr<HyperLogLogPlus> HllpOf(int p, std::initializer_list<const char*> items) {
  auto sketch = std::make_shared<HyperLogLogPlus>(*HyperLogLogPlus::Create(p, p));
  for (const char* item : items) sketch->Offer(item);
  return sketch;
}

TEST(SketchAggregatorTest, MergesWithoutTouchingInputs) {
  auto op = ParseOp(
      R"({"class":"uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.HllSketchAggregator"})");
  ASSERT_NE(op, nullptr);
  auto a = SketchOf({"x", "y"});
  auto b = SketchOf({"y", "z"});
  HllSketch expected = *a;
  expected.Merge(*b);
  Value state = Value::Sketch(a);
  ASSERT_OK(op->Apply(&state, Value::Sketch(b)));
  EXPECT_TRUE(state.AsSketch() == expected);
  EXPECT_TRUE(*a == *SketchOf({"x", "y"}));  // the shared input is unchanged
  EXPECT_FALSE(op->Accepts(ValueType::kHyperLogLogPlus));
  Value hllp = Value::HyperLogLogPlus(HllpOf(5, {"z"}));
  EXPECT_THAT(op->Apply(&state, hllp), StatusIs(StatusCode::kInvalidArgument));
}

TEST(SketchAggregatorTest, HyperLogLogPlusBySimpleName) {
  auto op = ParseOp(R"({"class":"HyperLogLogPlusAggregator"})");
  ASSERT_NE(op, nullptr);
  auto a = HllpOf(5, {"A", "B"});
  Value state = Value::HyperLogLogPlus(a);
  ASSERT_OK(op->Apply(&state, Value::HyperLogLogPlus(HllpOf(5, {"C", "D"}))));
  // Gaffer's HyperLogLogPlusAggregatorTest: {A, B} with {C, D} counts 4.
  EXPECT_EQ(state.AsHyperLogLogPlus().Cardinality(), 4);
  EXPECT_TRUE(state.AsHyperLogLogPlus() == *HllpOf(5, {"A", "B", "C", "D"}));
  EXPECT_EQ(a->Cardinality(), 2);  // the shared input is unchanged
  // clearspring refuses a union of different precisions.
  EXPECT_THAT(op->Apply(&state, Value::HyperLogLogPlus(HllpOf(6, {"E"}))),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "An Exception occurred when trying to aggregate"));
  EXPECT_EQ(op->ToJson()["class"],
            "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator."
            "HyperLogLogPlusAggregator");
}

}  // namespace
}  // namespace quarry
