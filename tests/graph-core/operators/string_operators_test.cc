#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Fold;
using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIs;

TEST(StringConcatTest, JoinsWithDefaultSeparator) {
  auto op = ParseOp(R"({"class":"StringConcat"})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(
      Value s, Fold(*op, {Value::String("a"), Value(), Value::String("b"), Value::String("a")}));
  EXPECT_EQ(s, Value::String("a,b,a"));
  EXPECT_EQ(op->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat",
                            "separator":","})"));
}

TEST(StringConcatTest, CustomSeparatorAndTypeCheck) {
  auto op = ParseOp(R"({"class":"StringConcat","separator":" | "})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Fold(*op, {Value::String("x"), Value::String("y")}));
  EXPECT_EQ(s, Value::String("x | y"));
  Value state = Value::String("x");
  EXPECT_THAT(op->Apply(&state, Value::Int32(1)), StatusIs(StatusCode::kInvalidArgument));
}

TEST(StringDeduplicateConcatTest, DeduplicatesInFirstSeenOrder) {
  auto op = ParseOp(R"({"class":"StringDeduplicateConcat"})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Fold(*op, {Value::String("b,a"), Value::String("a,c,b")}));
  EXPECT_EQ(s, Value::String("b,a,c"));
  // A leading separator is removed once; trailing empty pieces are dropped;
  // an inner empty piece is kept (once).
  ASSERT_OK_AND_ASSIGN(Value t, Fold(*op, {Value::String(",x,,y,,"), Value::String("y,z")}));
  EXPECT_EQ(t, Value::String("x,,y,z"));
}

TEST(StringDeduplicateConcatTest, CustomSeparator) {
  auto op = ParseOp(
      R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.StringDeduplicateConcat",
          "separator":";"})");
  ASSERT_NE(op, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Fold(*op, {Value::String("a;b"), Value::String("b;c,d")}));
  EXPECT_EQ(s, Value::String("a;b;c,d"));
  EXPECT_EQ(op->ToJson()["separator"], ";");
}

}  // namespace
}  // namespace quarry
