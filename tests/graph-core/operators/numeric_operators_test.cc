#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>

#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Fold;
using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIs;

TEST(SumTest, AddsEachNumericType) {
  auto sum = ParseOp(R"({"class":"Sum"})");
  ASSERT_NE(sum, nullptr);
  ASSERT_OK_AND_ASSIGN(Value i, Fold(*sum, {Value::Int32(2), Value::Int32(3), Value::Int32(-10)}));
  EXPECT_EQ(i, Value::Int32(-5));
  ASSERT_OK_AND_ASSIGN(Value l, Fold(*sum, {Value::Int64(5000000000), Value::Int64(1)}));
  EXPECT_EQ(l, Value::Int64(5000000001));
  ASSERT_OK_AND_ASSIGN(Value d, Fold(*sum, {Value::Double(1.5), Value::Double(0.25)}));
  EXPECT_EQ(d, Value::Double(1.75));
  ASSERT_OK_AND_ASSIGN(Value f, Fold(*sum, {Value::Float(1.5f), Value::Float(2.0f)}));
  EXPECT_EQ(f, Value::Float(3.5f));
}

TEST(SumTest, WrapsOnOverflowLikeJava) {
  auto sum = ParseOp(R"({"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Sum"})");
  ASSERT_NE(sum, nullptr);
  // Integer.MAX_VALUE + 1 == Integer.MIN_VALUE in Java.
  ASSERT_OK_AND_ASSIGN(Value i, Fold(*sum, {Value::Int32(2147483647), Value::Int32(1)}));
  EXPECT_EQ(i, Value::Int32(-2147483647 - 1));
  // Long.MIN_VALUE + -1 == Long.MAX_VALUE.
  ASSERT_OK_AND_ASSIGN(
      Value l, Fold(*sum, {Value::Int64(std::numeric_limits<int64_t>::min()), Value::Int64(-1)}));
  EXPECT_EQ(l, Value::Int64(std::numeric_limits<int64_t>::max()));
}

// gaffer-doc's koryphe-operators reference: Short 50 and 50 sum to 100 and
// multiply to 2500; 30000 + 10000 and 500 * 500 give 32767 (koryphe's
// aggregateShort caps at Short.MAX_VALUE rather than wrap).
TEST(SumTest, ShortCapsAtMaxValue) {
  auto sum = ParseOp(R"({"class":"Sum"})");
  auto product = ParseOp(R"({"class":"Product"})");
  ASSERT_NE(sum, nullptr);
  ASSERT_NE(product, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Fold(*sum, {Value::Int16(50), Value::Int16(50)}));
  EXPECT_EQ(s, Value::Int16(100));
  ASSERT_OK_AND_ASSIGN(Value capped, Fold(*sum, {Value::Int16(30000), Value::Int16(10000)}));
  EXPECT_EQ(capped, Value::Int16(32767));
  ASSERT_OK_AND_ASSIGN(Value p, Fold(*product, {Value::Int16(50), Value::Int16(50)}));
  EXPECT_EQ(p, Value::Int16(2500));
  ASSERT_OK_AND_ASSIGN(Value pc, Fold(*product, {Value::Int16(500), Value::Int16(500)}));
  EXPECT_EQ(pc, Value::Int16(32767));
  // Only the top is capped: (short) of -40000 wraps to 25536, as in Java.
  ASSERT_OK_AND_ASSIGN(Value low, Fold(*sum, {Value::Int16(-30000), Value::Int16(-10000)}));
  EXPECT_EQ(low, Value::Int16(25536));
  EXPECT_THAT(Fold(*sum, {Value::Int16(1), Value::Int32(1)}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(SumTest, SkipsNulls) {
  auto sum = ParseOp(R"({"class":"Sum"})");
  ASSERT_NE(sum, nullptr);
  Value state;
  ASSERT_OK(sum->Apply(&state, Value()));
  EXPECT_TRUE(state.is_null());
  ASSERT_OK(sum->Apply(&state, Value::Int64(7)));
  EXPECT_EQ(state, Value::Int64(7));
  ASSERT_OK(sum->Apply(&state, Value()));
  EXPECT_EQ(state, Value::Int64(7));
}

TEST(SumTest, RejectsMismatchedAndUnsupportedClasses) {
  auto sum = ParseOp(R"({"class":"Sum"})");
  ASSERT_NE(sum, nullptr);
  Value state = Value::Int32(1);
  EXPECT_THAT(sum->Apply(&state, Value::Int64(1)), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(state, Value::Int32(1));
  Value text = Value::String("a");
  EXPECT_THAT(sum->Apply(&text, Value::String("b")), StatusIs(StatusCode::kInvalidArgument));
  Value empty;
  EXPECT_THAT(sum->Apply(&empty, Value::Date(5)), StatusIs(StatusCode::kInvalidArgument));
}

TEST(SumTest, AcceptsOnlyNumbers) {
  auto sum = ParseOp(R"({"class":"Sum"})");
  ASSERT_NE(sum, nullptr);
  EXPECT_TRUE(sum->Accepts(ValueType::kInt32));
  EXPECT_TRUE(sum->Accepts(ValueType::kInt64));
  EXPECT_TRUE(sum->Accepts(ValueType::kFloat));
  EXPECT_TRUE(sum->Accepts(ValueType::kDouble));
  EXPECT_FALSE(sum->Accepts(ValueType::kDate));
  EXPECT_FALSE(sum->Accepts(ValueType::kString));
  EXPECT_FALSE(sum->IsOrderSensitive());
}

TEST(ProductTest, MultipliesAndWraps) {
  auto product = ParseOp(R"({"class":"Product"})");
  ASSERT_NE(product, nullptr);
  ASSERT_OK_AND_ASSIGN(Value i, Fold(*product, {Value::Int32(6), Value::Int32(-7)}));
  EXPECT_EQ(i, Value::Int32(-42));
  // 65536 * 65536 == 2^32, which wraps to 0 as a Java int.
  ASSERT_OK_AND_ASSIGN(Value w, Fold(*product, {Value::Int32(65536), Value::Int32(65536)}));
  EXPECT_EQ(w, Value::Int32(0));
  // 2^62 * 4 == 2^64 wraps to 0 as a Java long.
  ASSERT_OK_AND_ASSIGN(Value l, Fold(*product, {Value::Int64(int64_t{1} << 62), Value::Int64(4)}));
  EXPECT_EQ(l, Value::Int64(0));
  ASSERT_OK_AND_ASSIGN(Value d, Fold(*product, {Value::Double(1.5), Value::Double(4.0)}));
  EXPECT_EQ(d, Value::Double(6.0));
  Value state = Value::Double(2.0);
  EXPECT_THAT(product->Apply(&state, Value::Float(2.0f)), StatusIs(StatusCode::kInvalidArgument));
}

// Random operands: results must equal the exact result reduced modulo 2^32
// or 2^64 into the signed range, which is what Java's int/long arithmetic gives.
TEST(NumericOperatorPropertyTest, MatchesJavaModularArithmetic) {
  const uint32_t seed = 20261121;
  std::mt19937_64 rng(seed);
  auto sum = ParseOp(R"({"class":"Sum"})");
  auto product = ParseOp(R"({"class":"Product"})");
  ASSERT_NE(sum, nullptr);
  ASSERT_NE(product, nullptr);
  auto wrap32 = [](__int128 v) {
    __int128 m = v % (__int128{1} << 32);
    if (m < 0) m += (__int128{1} << 32);
    return static_cast<int32_t>(m >= (__int128{1} << 31) ? m - (__int128{1} << 32) : m);
  };
  auto wrap64 = [](__int128 v) {
    unsigned __int128 u = static_cast<unsigned __int128>(v);
    uint64_t low = static_cast<uint64_t>(u);
    return low >= (uint64_t{1} << 63) ? -static_cast<int64_t>(~low) - 1 : static_cast<int64_t>(low);
  };
  for (int i = 0; i < 1000; ++i) {
    auto a32 = static_cast<int32_t>(rng());
    auto b32 = static_cast<int32_t>(rng());
    auto a64 = static_cast<int64_t>(rng());
    auto b64 = static_cast<int64_t>(rng());
    Value s32 = Value::Int32(a32);
    Value p32 = Value::Int32(a32);
    Value s64 = Value::Int64(a64);
    Value p64 = Value::Int64(a64);
    ASSERT_OK(sum->Apply(&s32, Value::Int32(b32)));
    ASSERT_OK(product->Apply(&p32, Value::Int32(b32)));
    ASSERT_OK(sum->Apply(&s64, Value::Int64(b64)));
    ASSERT_OK(product->Apply(&p64, Value::Int64(b64)));
    ASSERT_EQ(s32, Value::Int32(wrap32(__int128{a32} + b32))) << "seed " << seed << " i " << i;
    ASSERT_EQ(p32, Value::Int32(wrap32(__int128{a32} * b32))) << "seed " << seed << " i " << i;
    ASSERT_EQ(s64, Value::Int64(wrap64(__int128{a64} + b64))) << "seed " << seed << " i " << i;
    ASSERT_EQ(p64, Value::Int64(wrap64(__int128{a64} * b64))) << "seed " << seed << " i " << i;
  }
}

}  // namespace
}  // namespace quarry
