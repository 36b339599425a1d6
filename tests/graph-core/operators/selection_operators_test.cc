#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Fold;
using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIs;

TEST(MaxTest, KeepsLargestWithinAType) {
  auto max = ParseOp(R"({"class":"Max"})");
  ASSERT_NE(max, nullptr);
  ASSERT_OK_AND_ASSIGN(Value l, Fold(*max, {Value::Int64(3), Value::Int64(9), Value::Int64(4)}));
  EXPECT_EQ(l, Value::Int64(9));
  ASSERT_OK_AND_ASSIGN(Value d, Fold(*max, {Value::Date(1000), Value::Date(500)}));
  EXPECT_EQ(d, Value::Date(1000));
  // Java String.compareTo: "b" > "apple".
  ASSERT_OK_AND_ASSIGN(Value s, Fold(*max, {Value::String("apple"), Value::String("b")}));
  EXPECT_EQ(s, Value::String("b"));
}

TEST(MaxTest, TieKeepsState) {
  // Double.compare(0.0, -0.0) > 0, so -0.0 then 0.0 gives 0.0. Equal values
  // are a tie and the state is kept.
  auto max = ParseOp(R"({"class":"Max"})");
  ASSERT_NE(max, nullptr);
  ASSERT_OK_AND_ASSIGN(Value z, Fold(*max, {Value::Double(-0.0), Value::Double(0.0)}));
  EXPECT_EQ(z, Value::Double(0.0));
  auto tstv_a = Value::TypeSubTypeValue("t", "s", "v");
  auto tstv_b = Value::TypeSubTypeValue("t", "s", "v");
  Value state = tstv_a;
  ASSERT_OK(max->Apply(&state, tstv_b));
  EXPECT_EQ(state, tstv_a);
}

TEST(MinTest, KeepsSmallestAndRejectsMixedTypes) {
  auto min = ParseOp(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Min"})");
  ASSERT_NE(min, nullptr);
  ASSERT_OK_AND_ASSIGN(Value i, Fold(*min, {Value::Int32(3), Value::Int32(-9), Value::Int32(4)}));
  EXPECT_EQ(i, Value::Int32(-9));
  Value state = Value::Int32(1);
  EXPECT_THAT(min->Apply(&state, Value::Int64(0)), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_FALSE(min->Accepts(ValueType::kTreeSet));
  EXPECT_FALSE(min->Accepts(ValueType::kFreqMap));
  EXPECT_TRUE(min->Accepts(ValueType::kDate));
}

TEST(FirstLastTest, PickByPosition) {
  auto first = ParseOp(R"({"class":"First"})");
  auto last = ParseOp(R"({"class":"last"})");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(last, nullptr);
  std::vector<Value> inputs = {Value(), Value::String("a"), Value::String("b"), Value()};
  ASSERT_OK_AND_ASSIGN(Value f, Fold(*first, inputs));
  EXPECT_EQ(f, Value::String("a"));
  ASSERT_OK_AND_ASSIGN(Value l, Fold(*last, inputs));
  EXPECT_EQ(l, Value::String("b"));
  EXPECT_TRUE(first->IsOrderSensitive());
  EXPECT_TRUE(last->IsOrderSensitive());
  EXPECT_TRUE(first->Accepts(ValueType::kHllSketch));
  // Any class, even mixed ones.
  Value state = Value::Int32(1);
  ASSERT_OK(last->Apply(&state, Value::String("x")));
  EXPECT_EQ(state, Value::String("x"));
}

TEST(BooleanOperatorTest, AndOr) {
  auto op_and = ParseOp(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.And"})");
  auto op_or = ParseOp(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Or"})");
  ASSERT_NE(op_and, nullptr);
  ASSERT_NE(op_or, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Fold(*op_and, {Value::Bool(true), Value::Bool(false)}));
  EXPECT_EQ(a, Value::Bool(false));
  ASSERT_OK_AND_ASSIGN(Value a2, Fold(*op_and, {Value::Bool(true), Value::Bool(true)}));
  EXPECT_EQ(a2, Value::Bool(true));
  ASSERT_OK_AND_ASSIGN(Value o, Fold(*op_or, {Value::Bool(false), Value::Bool(true)}));
  EXPECT_EQ(o, Value::Bool(true));
  ASSERT_OK_AND_ASSIGN(Value o2, Fold(*op_or, {Value::Bool(false), Value::Bool(false)}));
  EXPECT_EQ(o2, Value::Bool(false));
  Value state = Value::Bool(true);
  EXPECT_THAT(op_and->Apply(&state, Value::Int32(1)), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
