#include "graph-core/operators/gaffer_doc_operators.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Fold;
using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Value DocStr(const char* s) { return Value::String(s); }

TEST(VisibilityAggregatorTest, AnyPrivateMakesPrivate) {
  auto op = ParseOp(R"({"class":"uk.gov.gchq.gaffer.doc.dev.aggregator.VisibilityAggregator"})");
  ASSERT_NE(op, nullptr);
  // The four combinations, worked out from the rule.
  struct Row {
    const char* a;
    const char* b;
    const char* want;
  };
  for (const Row& r : {Row{"public", "public", "public"}, Row{"public", "private", "private"},
                       Row{"private", "public", "private"}, Row{"private", "private", "private"}}) {
    Value state = DocStr(r.a);
    ASSERT_OK(op->Apply(&state, DocStr(r.b)));
    EXPECT_EQ(state, DocStr(r.want)) << r.a << " + " << r.b;
  }
  ASSERT_OK_AND_ASSIGN(Value folded, Fold(*op, {DocStr("public"), Value(), DocStr("public")}));
  EXPECT_EQ(folded, DocStr("public"));
}

TEST(VisibilityAggregatorTest, NullSkipping) {
  auto op = ParseOp(R"({"class":"VisibilityAggregator"})");
  ASSERT_NE(op, nullptr);
  Value state;
  ASSERT_OK(op->Apply(&state, DocStr("private")));
  EXPECT_EQ(state, DocStr("private"));
  ASSERT_OK(op->Apply(&state, Value()));
  EXPECT_EQ(state, DocStr("private"));
}

TEST(VisibilityAggregatorTest, RejectsOtherValuesNamingThem) {
  auto op = MakeVisibilityAggregator();
  Value state = DocStr("public");
  EXPECT_THAT(op->Apply(&state, DocStr("secret")),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'secret'"));
  EXPECT_EQ(state, DocStr("public"));
  state = DocStr("PUBLIC");
  EXPECT_THAT(op->Apply(&state, DocStr("public")),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'PUBLIC'"));
  EXPECT_THAT(op->Apply(&state, Value::Int64(1)), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_TRUE(op->Accepts(ValueType::kString));
  EXPECT_FALSE(op->Accepts(ValueType::kBytes));
  EXPECT_FALSE(op->IsTupleOperator());
}

TEST(VisibilityAggregatorTest, WritesItsFullName) {
  auto op = ParseOp(R"({"class":"VisibilityAggregator"})");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(
      op->ToJson(),
      Json::parse(R"({"class":"uk.gov.gchq.gaffer.doc.dev.aggregator.VisibilityAggregator"})"));
}

using Tuple = std::vector<Value>;

TEST(ExampleTuple2BinaryOperatorTest, KeepsTheTupleWithTheLargerFirstValue) {
  auto op =
      ParseOp(R"({"class":"uk.gov.gchq.gaffer.doc.dev.aggregator.ExampleTuple2BinaryOperator"})");
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(op->IsTupleOperator());
  EXPECT_EQ(op->TupleSize(), 2u);
  Tuple state = {Value::Date(100), Value::Date(900)};
  ASSERT_OK(op->ApplyTuple(&state, {Value::Date(200), Value::Date(300)}));
  EXPECT_EQ(state, (Tuple{Value::Date(200), Value::Date(300)}));  // 200 > 100: input wins.
  ASSERT_OK(op->ApplyTuple(&state, {Value::Date(150), Value::Date(999)}));
  EXPECT_EQ(state, (Tuple{Value::Date(200), Value::Date(300)}));  // 150 < 200: state kept.
  // A tie keeps the state (compare >= 0), second values included.
  ASSERT_OK(op->ApplyTuple(&state, {Value::Date(200), Value::Date(1)}));
  EXPECT_EQ(state, (Tuple{Value::Date(200), Value::Date(300)}));
}

TEST(ExampleTuple2BinaryOperatorTest, ComparesOtherClassesByToString) {
  auto op = MakeExampleTuple2BinaryOperator();
  // Integer 9 vs String "10": toString "9" > "10", so the state is kept.
  Tuple state = {Value::Int32(9), DocStr("a")};
  ASSERT_OK(op->ApplyTuple(&state, {DocStr("10"), DocStr("b")}));
  EXPECT_EQ(state, (Tuple{Value::Int32(9), DocStr("a")}));
  // Same class: 9 < 10 numerically, so the input wins.
  ASSERT_OK(op->ApplyTuple(&state, {Value::Int32(10), DocStr("c")}));
  EXPECT_EQ(state, (Tuple{Value::Int32(10), DocStr("c")}));
}

TEST(ExampleTuple2BinaryOperatorTest, NullSkippingOnWholeTuples) {
  auto op = MakeExampleTuple2BinaryOperator();
  Tuple state = {Value(), Value()};
  ASSERT_OK(op->ApplyTuple(&state, {DocStr("x"), DocStr("y")}));
  EXPECT_EQ(state, (Tuple{DocStr("x"), DocStr("y")}));
  ASSERT_OK(op->ApplyTuple(&state, {Value(), Value()}));
  EXPECT_EQ(state, (Tuple{DocStr("x"), DocStr("y")}));
  // A null first value sorts last (largest): a state with null a0 is kept...
  Tuple partial = {Value(), DocStr("p")};
  ASSERT_OK(op->ApplyTuple(&partial, {DocStr("z"), DocStr("q")}));
  EXPECT_EQ(partial, (Tuple{Value(), DocStr("p")}));
  // ...and an input with null b0 replaces a non-null state.
  ASSERT_OK(op->ApplyTuple(&state, {Value(), DocStr("w")}));
  EXPECT_EQ(state, (Tuple{Value(), DocStr("w")}));
}

TEST(ExampleTuple2BinaryOperatorTest, RejectsSingleValuesAndOtherSizes) {
  auto op = MakeExampleTuple2BinaryOperator();
  Value v = DocStr("a");
  EXPECT_THAT(op->Apply(&v, DocStr("b")),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "tuple operator"));
  Tuple three = {DocStr("a"), DocStr("b"), DocStr("c")};
  EXPECT_THAT(op->ApplyTuple(&three, {DocStr("a"), DocStr("b"), DocStr("c")}),
              StatusIs(StatusCode::kInvalidArgument));
  Tuple two = {DocStr("a"), DocStr("b")};
  EXPECT_THAT(op->ApplyTuple(&two, {DocStr("a")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(op->ToJson()["class"], std::string(kExampleTuple2BinaryOperatorClass));
}

}  // namespace
}  // namespace quarry
