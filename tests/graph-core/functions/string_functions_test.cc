#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

TEST(ConcatTest, JoinsTwoInputs) {
  auto fn = ParseFn(R"({"class":"Concat"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("a"), Value::Int64(5)}));
  EXPECT_EQ(v, Value::String("a,5"));
  ASSERT_OK_AND_ASSIGN(Value left, Call(*fn, {Value(), Value::Int32(2)}));
  EXPECT_EQ(left, Value::String("2"));
  ASSERT_OK_AND_ASSIGN(Value right, Call(*fn, {Value::Bool(true), Value()}));
  EXPECT_EQ(right, Value::String("true"));
  ASSERT_OK_AND_ASSIGN(Value none, Call(*fn, {Value(), Value()}));
  EXPECT_TRUE(none.is_null());
  EXPECT_THAT(Call(*fn, {Value::String("a")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.Concat",
                                          "separator":","})"));
}

TEST(ConcatTest, CustomSeparator) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.koryphe.impl.function.Concat","separator":" - "})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("x"), Value::String("y")}));
  EXPECT_EQ(v, Value::String("x - y"));
}

TEST(CaseTest, UpperAndLower) {
  auto upper = ParseFn(R"({"class":"ToUpperCase"})");
  auto lower = ParseFn(R"({"class":"toLowerCase"})");
  ASSERT_NE(upper, nullptr);
  ASSERT_NE(lower, nullptr);
  ASSERT_OK_AND_ASSIGN(Value u, Call(*upper, {Value::String("Road use 1")}));
  EXPECT_EQ(u, Value::String("ROAD USE 1"));
  ASSERT_OK_AND_ASSIGN(Value l, Call(*lower, {Value::String("M32:A")}));
  EXPECT_EQ(l, Value::String("m32:a"));
  // Non-strings go through toString(): true -> "TRUE".
  ASSERT_OK_AND_ASSIGN(Value b, Call(*upper, {Value::Bool(true)}));
  EXPECT_EQ(b, Value::String("TRUE"));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*upper, {Value()}));
  EXPECT_TRUE(n.is_null());
}

TEST(LengthTest, StringsCollectionsMaps) {
  auto fn = ParseFn(R"({"class":"Length"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("abc")}));
  EXPECT_EQ(s, Value::Int32(3));
  // "é" is one UTF-16 unit, U+1F600 is two.
  ASSERT_OK_AND_ASSIGN(Value u, Call(*fn, {Value::String("\xC3\xA9\xF0\x9F\x98\x80")}));
  EXPECT_EQ(u, Value::Int32(3));
  ASSERT_OK_AND_ASSIGN(Value set, Call(*fn, {Value::HashSet({Value::Int32(1), Value::Int32(2)})}));
  EXPECT_EQ(set, Value::Int32(2));
  ASSERT_OK_AND_ASSIGN(Value map, Call(*fn, {Value::FreqMap({{"a", 1}})}));
  EXPECT_EQ(map, Value::Int32(1));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_EQ(null, Value::Int32(0));
  EXPECT_THAT(Call(*fn, {Value::Int64(5)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(LengthTest, MaxLengthCaps) {
  auto fn = ParseFn(R"({"class":"Length","maxLength":2})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("abcdef")}));
  EXPECT_EQ(s, Value::Int32(2));
  EXPECT_EQ(fn->ToJson()["maxLength"], 2);
}

TEST(SizeTest, CollectionsOnly) {
  auto fn = ParseFn(R"({"class":"Size"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::List({Value::Int32(1), Value::Int32(1)})}));
  EXPECT_EQ(v, Value::Int32(2));
  EXPECT_THAT(Call(*fn, {Value()}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Call(*fn, {Value::String("abc")}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
