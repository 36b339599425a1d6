// String, Bytes, Boolean and CompactRaw serialisers (gaffer-compat.md §3.2).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "schema/serialisers/boolean_serialiser.h"
#include "schema/serialisers/bytes_serialiser.h"
#include "schema/serialisers/compact_raw_serialisers.h"
#include "schema/serialisers/null_serialiser.h"
#include "schema/serialisers/string_serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::ToHex;

TEST(StringSerialiserTest, Utf8BytesWithoutTerminator) {
  StringSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::String("abc"))), "61 62 63");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::String("\xc3\xa9"))), "c3 a9");
  EXPECT_EQ(SerialiseOrDie(s, Value::String("")), "");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("61 00 ff")));
  EXPECT_EQ(v, Value::String(std::string("a\x00\xff", 3)));
}

TEST(StringSerialiserTest, NullReadsBackAsEmptyString) {
  ASSERT_OK_AND_ASSIGN(Value v, StringSerialiser().Deserialise(""));
  EXPECT_EQ(v, Value::String(""));
}

TEST(StringSerialiserTest, Utf8OrderDiffersFromJavaOrderForSupplementaryCharacters) {
  // Documented caveat (string_serialiser.h): U+FFFD vs U+1F600.
  StringSerialiser s;
  Value bmp = Value::String("\xef\xbf\xbd");
  Value supplementary = Value::String("\xf0\x9f\x98\x80");
  EXPECT_GT(bmp.Compare(supplementary), 0);  // Java: surrogate D83D < FFFD.
  EXPECT_LT(SerialiseOrDie(s, bmp), SerialiseOrDie(s, supplementary));
}

TEST(BytesSerialiserTest, BytesUnchanged) {
  BytesSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Bytes(Hex("01 00 ff")))), "01 00 ff");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("00 7f")));
  EXPECT_EQ(v, Value::Bytes(Hex("00 7f")));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_EQ(empty, Value::Bytes(""));
}

TEST(BooleanSerialiserTest, GafferEncodingAndLenientReading) {
  BooleanSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Bool(true))), "01");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Bool(false))), "00");
  for (const char* hex : {"00", "02", "ff", "01 01", "00 01"}) {
    ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex(hex)));
    EXPECT_EQ(v, Value::Bool(false)) << hex;
  }
  ASSERT_OK_AND_ASSIGN(Value t, s.Deserialise(Hex("01")));
  EXPECT_EQ(t, Value::Bool(true));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_EQ(empty, Value::Bool(false));
}

TEST(CompactRawLongSerialiserTest, GafferVectors) {
  CompactRawLongSerialiser s;
  struct {
    int64_t value;
    const char* hex;
  } vectors[] = {
      {0, "00"},
      {1, "01"},
      {127, "7f"},
      {-1, "ff"},
      {-112, "90"},
      {-113, "87 70"},
      {128, "8f 80"},
      {255, "8f ff"},
      {256, "8e 01 00"},
      {420, "8e 01 a4"},
      {1000, "8e 03 e8"},
      {-1000, "86 03 e7"},
      {65536, "8d 01 00 00"},
      {std::numeric_limits<int32_t>::max(), "8c 7f ff ff ff"},
      {std::numeric_limits<int64_t>::max(), "88 7f ff ff ff ff ff ff ff"},
      {std::numeric_limits<int64_t>::min(), "80 7f ff ff ff ff ff ff ff"},
  };
  for (const auto& v : vectors) {
    EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Int64(v.value))), v.hex);
    ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(Hex(v.hex)));
    EXPECT_EQ(back, Value::Int64(v.value));
  }
  EXPECT_FALSE(s.PreservesOrder());
  EXPECT_TRUE(s.IsConsistent());
}

TEST(CompactRawLongSerialiserTest, RejectsTruncatedAndTrailingBytes) {
  CompactRawLongSerialiser s;
  EXPECT_THAT(s.Deserialise(Hex("8e 01")),
              StatusIsWithMessage(StatusCode::kDataLoss, "CompactRawLongSerialiser"));
  EXPECT_THAT(s.Deserialise(Hex("01 02")), StatusIs(StatusCode::kDataLoss));
}

TEST(CompactRawIntegerSerialiserTest, VectorsAndRange) {
  CompactRawIntegerSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Int32(420))), "8e 01 a4");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::Int32(-1000))), "86 03 e7");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("8c 7f ff ff ff")));
  EXPECT_EQ(v, Value::Int32(std::numeric_limits<int32_t>::max()));
  // 2^31 does not fit an Integer.
  EXPECT_THAT(s.Deserialise(Hex("8c 80 00 00 00")), StatusIs(StatusCode::kDataLoss));
  EXPECT_FALSE(s.CanHandle(ValueType::kInt64));
}

TEST(NullSerialiserTest, StoresNothingReadsNull) {
  NullSerialiser s;
  EXPECT_EQ(SerialiseOrDie(s, Value::String("x")), "");
  EXPECT_EQ(SerialiseOrDie(s, Value::Int64(5)), "");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise("anything"));
  EXPECT_TRUE(v.is_null());
  EXPECT_TRUE(s.CanHandle(ValueType::kFreqMap));
}

}  // namespace
}  // namespace quarry
