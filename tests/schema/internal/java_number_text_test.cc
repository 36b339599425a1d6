#include "schema/internal/java_number_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace quarry::internal {
namespace {

TEST(JavaNumberTextTest, DoubleToStringLayout) {
  EXPECT_EQ(JavaDoubleToString(0.0), "0.0");
  EXPECT_EQ(JavaDoubleToString(-0.0), "-0.0");
  EXPECT_EQ(JavaDoubleToString(0.5), "0.5");
  EXPECT_EQ(JavaDoubleToString(0.2), "0.2");
  EXPECT_EQ(JavaDoubleToString(9999999.0), "9999999.0");
  EXPECT_EQ(JavaDoubleToString(0.00099), "9.9E-4");
  EXPECT_EQ(JavaDoubleToString(12345678.9), "1.23456789E7");
  EXPECT_EQ(JavaDoubleToString(HUGE_VAL), "Infinity");
}

TEST(JavaNumberTextTest, FloatToStringUsesFloatDigits) {
  EXPECT_EQ(JavaFloatToString(0.1f), "0.1");  // Not 0.10000000149011612.
  EXPECT_EQ(JavaFloatToString(1e10f), "1.0E10");
  EXPECT_EQ(JavaFloatToString(-std::numeric_limits<float>::infinity()), "-Infinity");
}

TEST(JavaNumberTextTest, ParseLong) {
  EXPECT_EQ(ParseJavaLong("0"), 0);
  EXPECT_EQ(ParseJavaLong("-9223372036854775808"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(ParseJavaLong("+9223372036854775807"), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(ParseJavaLong(""), std::nullopt);
  EXPECT_EQ(ParseJavaLong("+"), std::nullopt);
  EXPECT_EQ(ParseJavaLong("1 "), std::nullopt);
  EXPECT_EQ(ParseJavaLong("-9223372036854775809"), std::nullopt);
}

TEST(JavaNumberTextTest, ParseFloatRoundsOnceToFloat) {
  // 1.00000005960464477539062500001 lies just above the midpoint between
  // 1 and the next float; parsing via double would round to the midpoint
  // and then to even (1.0f).
  EXPECT_EQ(ParseJavaFloat("1.00000005960464477539062500001"), 1.00000012f);
  EXPECT_EQ(ParseJavaFloat("-0.0f"), -0.0f);
  EXPECT_TRUE(std::signbit(*ParseJavaFloat("-0.0f")));
  EXPECT_TRUE(std::isnan(*ParseJavaDouble(" NaN ")));
  EXPECT_EQ(ParseJavaDouble("-1e-400"), -0.0);
}

}  // namespace
}  // namespace quarry::internal
