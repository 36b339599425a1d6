#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "graph-core/binary_operator.h"
#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TupleBinaryOperator TupleOperatorOf(std::vector<std::string> selection, std::string_view op_json) {
  return TupleBinaryOperator{std::move(selection), ParseOp(op_json)};
}

TEST(BinaryOperatorTest, DefaultApplyTupleFoldsEachPosition) {
  auto sum = ParseOp(R"({"class":"Sum"})");
  ASSERT_NE(sum, nullptr);
  EXPECT_FALSE(sum->IsTupleOperator());
  std::vector<Value> state = {Value::Int64(1), Value(), Value::Int64(5)};
  ASSERT_OK(sum->ApplyTuple(&state, {Value::Int64(2), Value::Int64(7), Value()}));
  EXPECT_EQ(state, (std::vector<Value>{Value::Int64(3), Value::Int64(7), Value::Int64(5)}));
  EXPECT_THAT(sum->ApplyTuple(&state, {Value::Int64(1)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(TupleBinaryOperatorTest, PerValueOperatorFoldsEachSelectedProperty) {
  TupleBinaryOperator t = TupleOperatorOf({"a", "b"}, R"({"class":"Max"})");
  Properties state{{"a", Value::Int64(1)}, {"b", Value::Int64(9)}, {"c", Value::Int64(0)}};
  Properties input{{"a", Value::Int64(4)}, {"b", Value::Int64(2)}, {"c", Value::Int64(8)}};
  ASSERT_OK(t.Apply(&state, input));
  EXPECT_EQ(state, (Properties{{"a", Value::Int64(4)},
                               {"b", Value::Int64(9)},
                               {"c", Value::Int64(0)}}));  // c not selected: untouched.
}

TEST(TupleBinaryOperatorTest, AbsentPropertiesAreNull) {
  TupleBinaryOperator t = TupleOperatorOf({"count"}, R"({"class":"Sum"})");
  Properties state;
  ASSERT_OK(t.Apply(&state, Properties{{"count", Value::Int64(3)}}));
  EXPECT_EQ(state, (Properties{{"count", Value::Int64(3)}}));
  ASSERT_OK(t.Apply(&state, Properties{}));
  EXPECT_EQ(state, (Properties{{"count", Value::Int64(3)}}));
}

TEST(TupleBinaryOperatorTest, TupleOperatorFoldsTheSelectionTogether) {
  TupleBinaryOperator t =
      TupleOperatorOf({"startDate", "endDate"}, R"({"class":"ExampleTuple2BinaryOperator"})");
  Properties state{{"startDate", Value::Date(10)}, {"endDate", Value::Date(90)}};
  // Larger startDate wins and brings its own endDate, though 50 < 90.
  ASSERT_OK(t.Apply(&state, Properties{{"startDate", Value::Date(20)},
                                       {"endDate", Value::Date(50)},
                                       {"count", Value::Int64(1)}}));
  EXPECT_EQ(state, (Properties{{"startDate", Value::Date(20)}, {"endDate", Value::Date(50)}}));
  // The winning tuple's null second value removes the property.
  ASSERT_OK(t.Apply(&state, Properties{{"startDate", Value::Date(30)}}));
  EXPECT_EQ(state, (Properties{{"startDate", Value::Date(30)}}));
}

TEST(TupleBinaryOperatorTest, ErrorNamesTheSelectionAndLeavesStateUnchanged) {
  TupleBinaryOperator t = TupleOperatorOf({"a", "b"}, R"({"class":"Sum"})");
  Properties state{{"a", Value::Int64(1)}, {"b", Value::Int64(1)}};
  Properties before = state;
  EXPECT_THAT(t.Apply(&state, Properties{{"a", Value::Int64(1)}, {"b", Value::Int32(1)}}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "[a, b]"));
  EXPECT_EQ(state, before);
}

TEST(TupleBinaryOperatorTest, ApplyInputFirstSwapsTheOperands) {
  // First keeps its left operand: with the input on the left, the input wins.
  TupleBinaryOperator first = TupleOperatorOf({"a"}, R"({"class":"First"})");
  Properties state{{"a", Value::String("old")}, {"b", Value::String("kept")}};
  ASSERT_OK(first.ApplyInputFirst(&state, Properties{{"a", Value::String("new")}}));
  EXPECT_EQ(state, (Properties{{"a", Value::String("new")}, {"b", Value::String("kept")}}));
  ASSERT_OK(first.Apply(&state, Properties{{"a", Value::String("newer")}}));
  EXPECT_EQ(state, (Properties{{"a", Value::String("new")}, {"b", Value::String("kept")}}));
  // A tie under ExampleTuple2 keeps the left tuple: here the input's.
  TupleBinaryOperator t2 =
      TupleOperatorOf({"x", "y"}, R"({"class":"ExampleTuple2BinaryOperator"})");
  Properties s2{{"x", Value::Int64(1)}, {"y", Value::String("state")}};
  ASSERT_OK(
      t2.ApplyInputFirst(&s2, Properties{{"x", Value::Int64(1)}, {"y", Value::String("in")}}));
  EXPECT_EQ(s2, (Properties{{"x", Value::Int64(1)}, {"y", Value::String("in")}}));
}

}  // namespace
}  // namespace quarry
