#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

TEST(IdentityTest, ReturnsInput) {
  auto fn = ParseFn(R"({"class":"Identity"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Date(42)}));
  EXPECT_EQ(v, Value::Date(42));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {Value()}));
  EXPECT_TRUE(n.is_null());
  EXPECT_THAT(Call(*fn, {Value(), Value()}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ToNullTest, AlwaysNull) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.koryphe.impl.function.ToNull"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(1)}));
  EXPECT_TRUE(v.is_null());
}

TEST(ToStringTest, JavaToString) {
  auto fn = ParseFn(R"({"class":"ToString"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value l, Call(*fn, {Value::Int64(-12)}));
  EXPECT_EQ(l, Value::String("-12"));
  ASSERT_OK_AND_ASSIGN(Value d, Call(*fn, {Value::Double(2.0)}));
  EXPECT_EQ(d, Value::String("2.0"));
  ASSERT_OK_AND_ASSIGN(Value s,
                       Call(*fn, {Value::TreeSet({Value::String("b"), Value::String("a")})}));
  EXPECT_EQ(s, Value::String("[a, b]"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {Value::Bytes("hi")}));
  EXPECT_EQ(b, Value::String("hi"));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {Value()}));
  EXPECT_TRUE(n.is_null());
}

TEST(ToLongTest, NumbersAndStrings) {
  auto fn = ParseFn(R"({"class":"ToLong"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value i, Call(*fn, {Value::Int32(-7)}));
  EXPECT_EQ(i, Value::Int64(-7));
  // (long) 3.9 == 3 and (long) -3.9 == -3: truncation toward zero.
  ASSERT_OK_AND_ASSIGN(Value d, Call(*fn, {Value::Double(-3.9)}));
  EXPECT_EQ(d, Value::Int64(-3));
  // (long) NaN == 0; (long) 1e30 saturates.
  ASSERT_OK_AND_ASSIGN(Value nan, Call(*fn, {Value::Double(std::nan(""))}));
  EXPECT_EQ(nan, Value::Int64(0));
  ASSERT_OK_AND_ASSIGN(Value big, Call(*fn, {Value::Float(1e30f)}));
  EXPECT_EQ(big, Value::Int64(std::numeric_limits<int64_t>::max()));
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("-9223372036854775808")}));
  EXPECT_EQ(s, Value::Int64(std::numeric_limits<int64_t>::min()));
  ASSERT_OK_AND_ASSIGN(Value plus, Call(*fn, {Value::String("+15")}));
  EXPECT_EQ(plus, Value::Int64(15));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
}

TEST(ToLongTest, RejectsWhatJavaRejects) {
  auto fn = ParseFn(R"({"class":"ToLong"})");
  ASSERT_NE(fn, nullptr);
  for (const char* bad : {"", "1.5", " 1", "9223372036854775808", "0x10", "+-1", "-"}) {
    SCOPED_TRACE(bad);
    EXPECT_THAT(Call(*fn, {Value::String(bad)}), StatusIs(StatusCode::kInvalidArgument));
  }
  // A Date is not a Number in Java.
  EXPECT_THAT(Call(*fn, {Value::Date(5)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Call(*fn, {Value::Bool(true)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ToIntegerTest, NarrowsLikeJava) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.koryphe.impl.function.ToInteger"})");
  ASSERT_NE(fn, nullptr);
  // (int) 4294967297L keeps the low 32 bits: 1.
  ASSERT_OK_AND_ASSIGN(Value l, Call(*fn, {Value::Int64(4294967297)}));
  EXPECT_EQ(l, Value::Int32(1));
  // (int) -1e20 saturates at Integer.MIN_VALUE.
  ASSERT_OK_AND_ASSIGN(Value d, Call(*fn, {Value::Double(-1e20)}));
  EXPECT_EQ(d, Value::Int32(std::numeric_limits<int32_t>::min()));
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("2147483647")}));
  EXPECT_EQ(s, Value::Int32(2147483647));
  EXPECT_THAT(Call(*fn, {Value::String("2147483648")}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ToDoubleTest, NumbersAndStrings) {
  auto fn = ParseFn(R"({"class":"ToDouble"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value i, Call(*fn, {Value::Int32(3)}));
  EXPECT_EQ(i, Value::Double(3.0));
  ASSERT_OK_AND_ASSIGN(Value f, Call(*fn, {Value::Float(0.5f)}));
  EXPECT_EQ(f, Value::Double(0.5));
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String(" 1.25e2 ")}));
  EXPECT_EQ(s, Value::Double(125.0));
  ASSERT_OK_AND_ASSIGN(Value suffix, Call(*fn, {Value::String("2.5d")}));
  EXPECT_EQ(suffix, Value::Double(2.5));
  ASSERT_OK_AND_ASSIGN(Value inf, Call(*fn, {Value::String("-Infinity")}));
  EXPECT_EQ(inf, Value::Double(-std::numeric_limits<double>::infinity()));
  ASSERT_OK_AND_ASSIGN(Value nan, Call(*fn, {Value::String("NaN")}));
  EXPECT_TRUE(std::isnan(nan.AsDouble()));
  for (const char* bad : {"", "abc", "inf", "nan", "1.5x", "--1"}) {
    SCOPED_TRACE(bad);
    EXPECT_THAT(Call(*fn, {Value::String(bad)}), StatusIs(StatusCode::kInvalidArgument));
  }
}

TEST(ToFloatTest, Converts) {
  auto fn = ParseFn(R"({"class":"ToFloat"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value l, Call(*fn, {Value::Int64(16777217)}));
  EXPECT_EQ(l, Value::Float(16777216.0f));  // nearest float to 2^24 + 1
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("0.75f")}));
  EXPECT_EQ(s, Value::Float(0.75f));
}

TEST(DefaultIfNullTest, ReplacesNullOnly) {
  auto fn = ParseFn(R"({"class":"DefaultIfNull","defaultValue":{"java.lang.Long":0}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value d, Call(*fn, {Value()}));
  EXPECT_EQ(d, Value::Int64(0));
  ASSERT_OK_AND_ASSIGN(Value k, Call(*fn, {Value::String("kept")}));
  EXPECT_EQ(k, Value::String("kept"));
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.DefaultIfNull",
                            "defaultValue":{"java.lang.Long":0}})"));
  auto none = ParseFn(R"({"class":"DefaultIfNull"})");
  ASSERT_NE(none, nullptr);
  ASSERT_OK_AND_ASSIGN(Value n, Call(*none, {Value()}));
  EXPECT_TRUE(n.is_null());
}

}  // namespace
}  // namespace quarry
