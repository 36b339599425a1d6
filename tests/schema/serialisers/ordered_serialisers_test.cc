// Gaffer's byte vectors for the Ordered* serialisers (gaffer-compat.md §3.2)
// and their decoding rules.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "schema/serialisers/ordered_double_serialiser.h"
#include "schema/serialisers/ordered_float_serialiser.h"
#include "schema/serialisers/ordered_integer_serialiser.h"
#include "schema/serialisers/ordered_long_serialiser.h"
#include "schema/serialisers/ordered_short_serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::ToHex;

struct Vector {
  Value value;
  std::string hex;
};

void ExpectVectors(const Serialiser& serialiser, const std::vector<Vector>& vectors) {
  for (const Vector& v : vectors) {
    EXPECT_EQ(ToHex(SerialiseOrDie(serialiser, v.value)), v.hex) << v.value.DebugString();
    ASSERT_OK_AND_ASSIGN(Value back, serialiser.Deserialise(Hex(v.hex)));
    EXPECT_EQ(back, v.value) << v.hex;
  }
}

constexpr int64_t kLongMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

TEST(OrderedLongSerialiserTest, GafferVectors) {
  ExpectVectors(OrderedLongSerialiser(),
                {
                    {Value::Int64(kLongMin), "00"},
                    {Value::Int64(-256), "08 7f ff ff ff ff ff ff 00"},
                    {Value::Int64(-1), "08 7f ff ff ff ff ff ff ff"},
                    {Value::Int64(0), "08 80 00 00 00 00 00 00 00"},
                    {Value::Int64(1), "08 80 00 00 00 00 00 00 01"},
                    {Value::Int64(256), "08 80 00 00 00 00 00 01 00"},
                    {Value::Int64(1451044800146), "08 80 00 01 51 d9 02 86 92"},
                    {Value::Int64(kLongMax - 1), "0f fe"},
                    {Value::Int64(kLongMax), "10"},
                });
}

TEST(OrderedDateSerialiserTest, IsOrderedLongOfMillis) {
  ExpectVectors(OrderedDateSerialiser(),
                {
                    {Value::Date(0), "08 80 00 00 00 00 00 00 00"},
                    {Value::Date(1451044800146), "08 80 00 01 51 d9 02 86 92"},
                    {Value::Date(-1), "08 7f ff ff ff ff ff ff ff"},
                });
}

TEST(OrderedLongSerialiserTest, RejectsBadHeadersLengthsAndNonCanonicalBytes) {
  OrderedLongSerialiser s;
  // Header above 16.
  EXPECT_THAT(s.Deserialise(Hex("11")),
              StatusIsWithMessage(StatusCode::kDataLoss, "OrderedLongSerialiser"));
  // Header 8 announces 8 bytes.
  EXPECT_THAT(s.Deserialise(Hex("08 80 00")), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(Hex("10 00")), StatusIs(StatusCode::kDataLoss));
  // 0 would be 08 80 00.., but 01 00 decodes to u = 0 (Long.MIN) whose
  // canonical form is 00: a second encoding of one value.
  EXPECT_THAT(s.Deserialise(Hex("01 00")), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(Hex("0f ff")), StatusIs(StatusCode::kDataLoss));
}

// The fast acceptors (Serialiser::FastAcceptor) must accept exactly what the
// decoders accept. Every header, every length up to the longest encoding,
// and first written bytes at each edge the canonical rule turns on.
TEST(OrderedSerialisersTest, AcceptorsAgreeWithTheDecoders) {
  const uint8_t kTops[] = {0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff};
  int accepted_long = 0, accepted_int = 0;
  for (int header = 0; header < 256; ++header) {
    for (size_t tail = 0; tail <= 9; ++tail) {
      for (uint8_t top : kTops) {
        std::string bytes(1, static_cast<char>(header));
        for (size_t i = 0; i < tail; ++i) bytes.push_back(static_cast<char>(i == 0 ? top : 0x5a));
        EXPECT_EQ(AcceptsOrderedLong(bytes), DecodeOrderedLong(bytes).ok()) << ToHex(bytes);
        EXPECT_EQ(AcceptsOrderedInt(bytes), DecodeOrderedInt(bytes).ok()) << ToHex(bytes);
        accepted_long += AcceptsOrderedLong(bytes);
        accepted_int += AcceptsOrderedInt(bytes);
        if (tail == 0) break;  // No first byte to vary.
      }
    }
  }
  // Headers 0 and 2w take no bytes; each other header takes its n bytes and
  // rejects one or two of the six first bytes tried.
  EXPECT_EQ(accepted_long, 2 + 15 * 6 - 7 - 7 - 2);
  EXPECT_EQ(accepted_int, 2 + 7 * 6 - 3 - 3 - 2);
  EXPECT_TRUE(AcceptsOrderedLong(""));
  EXPECT_TRUE(AcceptsOrderedInt(""));
}

TEST(OrderedIntegerSerialiserTest, GafferVectors) {
  // 256 checks the shift trap: Java's shifts are really 24, 16, 8, 0.
  ExpectVectors(OrderedIntegerSerialiser(),
                {
                    {Value::Int32(std::numeric_limits<int32_t>::min()), "00"},
                    {Value::Int32(-1), "04 7f ff ff ff"},
                    {Value::Int32(0), "04 80 00 00 00"},
                    {Value::Int32(1), "04 80 00 00 01"},
                    {Value::Int32(256), "04 80 00 01 00"},
                    {Value::Int32(std::numeric_limits<int32_t>::max()), "08"},
                    // By hand: MAX-1 -> u = 0xfffffffe -> drop three ff -> 8-1.
                    {Value::Int32(std::numeric_limits<int32_t>::max() - 1), "07 fe"},
                });
}

TEST(OrderedIntegerSerialiserTest, RejectsBadBytes) {
  OrderedIntegerSerialiser s;
  EXPECT_THAT(s.Deserialise(Hex("09")), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(Hex("04 80 00 00")), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(Hex("08 80 00 00 00 00 00 00 00")), StatusIs(StatusCode::kDataLoss));
}

TEST(OrderedDoubleSerialiserTest, GafferVectors) {
  ExpectVectors(
      OrderedDoubleSerialiser(),
      {
          {Value::Double(0.0), "00"},
          {Value::Double(-0.0), "10"},
          {Value::Double(1.0), "08 3f f0 00 00 00 00 00 00"},
          {Value::Double(2.5), "08 40 04 00 00 00 00 00 00"},
          {Value::Double(-1.0), "08 c0 0f ff ff ff ff ff ff"},
          {Value::Double(std::numeric_limits<double>::denorm_min()), "01 01"},
          {Value::Double(std::numeric_limits<double>::max()), "08 7f ef ff ff ff ff ff ff"},
          // By hand: +inf bits 7ff0.. ; -inf bits fff0.. -> ~ -> 000f ff..
          {Value::Double(HUGE_VAL), "08 7f f0 00 00 00 00 00 00"},
          {Value::Double(-HUGE_VAL), "08 80 0f ff ff ff ff ff ff"},
      });
}

TEST(OrderedDoubleSerialiserTest, EveryNaNIsJavaCanonicalNaN) {
  OrderedDoubleSerialiser s;
  const std::string canonical = "08 7f f8 00 00 00 00 00 00";
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Double(std::nan("")))), canonical);
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Double(-std::nan("")))), canonical);
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Double(std::bit_cast<double>(0x7ff0000000000001)))),
            canonical);
}

TEST(OrderedDoubleSerialiserTest, GafferOrderTrapNegativesSortAfterPositives) {
  // Documented in ordered_double_serialiser.h: reproduced for compatibility.
  OrderedDoubleSerialiser s;
  std::string neg = SerialiseOrDie(s, Value::Double(-1.0));
  std::string pos = SerialiseOrDie(s, Value::Double(1.0));
  std::string nan = SerialiseOrDie(s, Value::Double(std::nan("")));
  EXPECT_GT(neg, pos);
  EXPECT_GT(neg, nan);
  EXPECT_LT(SerialiseOrDie(s, Value::Double(-2.0)), neg);
}

TEST(OrderedFloatSerialiserTest, GafferVectors) {
  ExpectVectors(OrderedFloatSerialiser(),
                {
                    {Value::Float(0.0f), "00"},
                    {Value::Float(1.0f), "04 3f 80 00 00"},
                    {Value::Float(2.5f), "04 40 20 00 00"},
                    {Value::Float(-1.0f), "04 c0 7f ff ff"},
                    // By hand: -0f bits 80000000 -> ~ -> 7fffffff -> u = ffffffff.
                    {Value::Float(-0.0f), "08"},
                    {Value::Float(std::numeric_limits<float>::denorm_min()), "01 01"},
                });
  EXPECT_EQ(ToHex(SerialiseOrDie(OrderedFloatSerialiser(), Value::Float(-std::nanf("")))),
            "04 7f c0 00 00");
}

TEST(OrderedSerialisersTest, FlagsAndEmpty) {
  OrderedLongSerialiser l;
  EXPECT_TRUE(l.PreservesOrder());
  EXPECT_TRUE(l.IsConsistent());
  EXPECT_TRUE(l.CanHandle(ValueType::kInt64));
  EXPECT_FALSE(l.CanHandle(ValueType::kDate));
  EXPECT_FALSE(l.CanHandle(ValueType::kInt32));
  EXPECT_TRUE(OrderedDateSerialiser().CanHandle(ValueType::kDate));
  ASSERT_OK_AND_ASSIGN(Value empty, l.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
}

// Quarry's own format for java.lang.Short (Gaffer would use JavaSerialiser):
// the value XOR 0x8000, big-endian, so that byte order is numeric order.
TEST(OrderedShortSerialiserTest, VectorsOrderAndBadLengths) {
  OrderedShortSerialiser s;
  ExpectVectors(s, {{Value::Int16(-32768), "00 00"},
                    {Value::Int16(-1), "7f ff"},
                    {Value::Int16(0), "80 00"},
                    {Value::Int16(1), "80 01"},
                    {Value::Int16(32767), "ff ff"}});
  EXPECT_TRUE(s.PreservesOrder());
  EXPECT_THAT(s.Deserialise(Hex("80")), StatusIs(StatusCode::kDataLoss));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
  ASSERT_OK_AND_ASSIGN(auto chosen, DefaultSerialiser(ValueType::kInt16, true, true));
  EXPECT_EQ(chosen->ClassName(), OrderedShortSerialiser::kClassName);
}

}  // namespace
}  // namespace quarry
