#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

constexpr int32_t kIntMin = std::numeric_limits<int32_t>::min();

TEST(MultiplyTest, TwoIntegers) {
  auto fn = ParseFn(R"({"class":"Multiply"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(6), Value::Int32(7)}));
  EXPECT_EQ(v, Value::Int32(42));
  // Java int overflow: 2^16 * 2^15 == 2^31 wraps to MIN_VALUE.
  ASSERT_OK_AND_ASSIGN(Value w, Call(*fn, {Value::Int32(65536), Value::Int32(32768)}));
  EXPECT_EQ(w, Value::Int32(kIntMin));
  ASSERT_OK_AND_ASSIGN(Value no_b, Call(*fn, {Value::Int32(6), Value()}));
  EXPECT_EQ(no_b, Value::Int32(6));
  ASSERT_OK_AND_ASSIGN(Value no_a, Call(*fn, {Value(), Value::Int32(3)}));
  EXPECT_TRUE(no_a.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int64(6), Value::Int32(7)}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(MultiplyByTest, UsesField) {
  auto fn = ParseFn(R"({"class":"MultiplyBy","by":3})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(-4)}));
  EXPECT_EQ(v, Value::Int32(-12));
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.MultiplyBy","by":3})"));
  auto unit = ParseFn(R"({"class":"MultiplyBy"})");
  ASSERT_NE(unit, nullptr);
  ASSERT_OK_AND_ASSIGN(Value u, Call(*unit, {Value::Int32(9)}));
  EXPECT_EQ(u, Value::Int32(9));
}

TEST(DivideTest, QuotientAndRemainder) {
  auto fn = ParseFn(R"({"class":"Divide"})");
  ASSERT_NE(fn, nullptr);
  // Java truncates: -7 / 2 == -3, -7 % 2 == -1.
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(-7), Value::Int32(2)}));
  EXPECT_EQ(v, Value::List({Value::Int32(-3), Value::Int32(-1)}));
  ASSERT_OK_AND_ASSIGN(Value by_one, Call(*fn, {Value::Int32(5), Value()}));
  EXPECT_EQ(by_one, Value::List({Value::Int32(5), Value::Int32(0)}));
  ASSERT_OK_AND_ASSIGN(Value overflow, Call(*fn, {Value::Int32(kIntMin), Value::Int32(-1)}));
  EXPECT_EQ(overflow, Value::List({Value::Int32(kIntMin), Value::Int32(0)}));
  EXPECT_THAT(Call(*fn, {Value::Int32(1), Value::Int32(0)}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(DivideByTest, UsesField) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.koryphe.impl.function.DivideBy","by":4})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(10)}));
  EXPECT_EQ(v, Value::List({Value::Int32(2), Value::Int32(2)}));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {Value()}));
  EXPECT_TRUE(n.is_null());
  auto zero = ParseFn(R"({"class":"DivideBy","by":0})");
  ASSERT_NE(zero, nullptr);
  EXPECT_THAT(Call(*zero, {Value::Int32(1)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"DivideBy","by":"2"})"), "f"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"DivideBy","by":4294967296})"), "f"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(IncrementTest, ResultTakesIncrementClass) {
  auto fn = ParseFn(R"({"class":"Increment","increment":{"java.lang.Long":10}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(5)}));
  EXPECT_EQ(v, Value::Int64(15));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {Value()}));
  EXPECT_EQ(n, Value::Int64(10));
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.Increment",
                                          "increment":{"java.lang.Long":10}})"));
  // A bare JSON integer is an Integer: 1 + (int) 2.9 == 3, and int overflow wraps.
  auto by_int = ParseFn(R"({"class":"Increment","increment":1})");
  ASSERT_NE(by_int, nullptr);
  ASSERT_OK_AND_ASSIGN(Value i, Call(*by_int, {Value::Double(2.9)}));
  EXPECT_EQ(i, Value::Int32(3));
  ASSERT_OK_AND_ASSIGN(Value w, Call(*by_int, {Value::Int32(2147483647)}));
  EXPECT_EQ(w, Value::Int32(kIntMin));
  auto by_double = ParseFn(R"({"class":"Increment","increment":0.5})");
  ASSERT_NE(by_double, nullptr);
  ASSERT_OK_AND_ASSIGN(Value d, Call(*by_double, {Value::Int64(2)}));
  EXPECT_EQ(d, Value::Double(2.5));
  EXPECT_THAT(Call(*by_double, {Value::String("2")}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(IncrementTest, NoIncrementAndBadIncrement) {
  auto fn = ParseFn(R"({"class":"Increment"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int64(4)}));
  EXPECT_EQ(v, Value::Int64(4));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"Increment","increment":"1"})"), "f"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"Increment","increment":{"Nope":1}})"), "f"),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
