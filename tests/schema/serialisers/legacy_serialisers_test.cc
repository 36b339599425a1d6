// Gaffer 1.x Raw* and text serialisers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "schema/serialisers/raw_serialisers.h"
#include "schema/serialisers/text_serialisers.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::ToHex;
using RawKind = RawFixedWidthSerialiser::Kind;
using TextKind = TextNumberSerialiser::Kind;

void ExpectRaw(RawKind kind, const Value& value, const std::string& hex) {
  RawFixedWidthSerialiser s(kind);
  EXPECT_EQ(ToHex(SerialiseOrDie(s, value)), hex) << value.DebugString();
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(Hex(hex)));
  EXPECT_EQ(back, value) << hex;
}

TEST(RawFixedWidthSerialiserTest, LittleEndianNumbers) {
  ExpectRaw(RawKind::kLong, Value::Int64(1), "01 00 00 00 00 00 00 00");
  ExpectRaw(RawKind::kLong, Value::Int64(-2), "fe ff ff ff ff ff ff ff");
  ExpectRaw(RawKind::kLong, Value::Int64(std::numeric_limits<int64_t>::min()),
            "00 00 00 00 00 00 00 80");
  ExpectRaw(RawKind::kInteger, Value::Int32(256), "00 01 00 00");
  ExpectRaw(RawKind::kInteger, Value::Int32(-1), "ff ff ff ff");
  ExpectRaw(RawKind::kDouble, Value::Double(1.0), "00 00 00 00 00 00 f0 3f");
  ExpectRaw(RawKind::kDouble, Value::Double(-0.0), "00 00 00 00 00 00 00 80");
  ExpectRaw(RawKind::kFloat, Value::Float(1.0f), "00 00 80 3f");
  ExpectRaw(RawKind::kFloat, Value::Float(-2.5f), "00 00 20 c0");
}

TEST(RawFixedWidthSerialiserTest, DateIsBigEndian) {
  ExpectRaw(RawKind::kDate, Value::Date(1), "00 00 00 00 00 00 00 01");
  ExpectRaw(RawKind::kDate, Value::Date(1451044800146), "00 00 01 51 d9 02 86 92");
  ExpectRaw(RawKind::kDate, Value::Date(-1), "ff ff ff ff ff ff ff ff");
}

TEST(RawFixedWidthSerialiserTest, WrongWidthIsDataLossAndFlags) {
  RawFixedWidthSerialiser s(RawKind::kInteger);
  EXPECT_THAT(s.Deserialise(Hex("01 00 00")),
              StatusIsWithMessage(StatusCode::kDataLoss, "RawIntegerSerialiser"));
  EXPECT_THAT(
      RawFixedWidthSerialiser(RawKind::kDate).Deserialise(Hex("00 00 00 00 00 00 00 00 00")),
      StatusIs(StatusCode::kDataLoss));
  EXPECT_FALSE(s.PreservesOrder());  // Little-endian: Gaffer 1.x's claim was wrong.
  EXPECT_TRUE(s.IsConsistent());
  EXPECT_EQ(s.ClassName(),
            "uk.gov.gchq.gaffer.serialisation.implementation.raw.RawIntegerSerialiser");
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
}

void ExpectText(TextKind kind, const Value& value, const std::string& text) {
  TextNumberSerialiser s(kind);
  EXPECT_EQ(SerialiseOrDie(s, value), text) << value.DebugString();
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(text));
  EXPECT_EQ(back, value) << text;
}

TEST(TextNumberSerialiserTest, JavaToString) {
  ExpectText(TextKind::kLong, Value::Int64(-42), "-42");
  ExpectText(TextKind::kLong, Value::Int64(std::numeric_limits<int64_t>::min()),
             "-9223372036854775808");
  ExpectText(TextKind::kInteger, Value::Int32(7), "7");
  ExpectText(TextKind::kDate, Value::Date(1451044800146), "1451044800146");
  ExpectText(TextKind::kDouble, Value::Double(1.0), "1.0");
  ExpectText(TextKind::kDouble, Value::Double(100.0), "100.0");
  ExpectText(TextKind::kDouble, Value::Double(123.456), "123.456");
  ExpectText(TextKind::kDouble, Value::Double(0.001), "0.001");
  ExpectText(TextKind::kDouble, Value::Double(1234567.0), "1234567.0");
  ExpectText(TextKind::kDouble, Value::Double(1e7), "1.0E7");
  ExpectText(TextKind::kDouble, Value::Double(1e10), "1.0E10");
  ExpectText(TextKind::kDouble, Value::Double(1e-5), "1.0E-5");
  ExpectText(TextKind::kDouble, Value::Double(-2.5e-7), "-2.5E-7");
  ExpectText(TextKind::kDouble, Value::Double(std::numeric_limits<double>::denorm_min()),
             "4.9E-324");
  ExpectText(TextKind::kDouble, Value::Double(std::numeric_limits<double>::max()),
             "1.7976931348623157E308");
  ExpectText(TextKind::kDouble, Value::Double(-0.0), "-0.0");
  ExpectText(TextKind::kDouble, Value::Double(-HUGE_VAL), "-Infinity");
  ExpectText(TextKind::kDouble, Value::Double(std::nan("")), "NaN");
  ExpectText(TextKind::kFloat, Value::Float(0.1f), "0.1");
  ExpectText(TextKind::kFloat, Value::Float(std::numeric_limits<float>::denorm_min()), "1.4E-45");
  ExpectText(TextKind::kFloat, Value::Float(3.4028235e38f), "3.4028235E38");
}

TEST(TextNumberSerialiserTest, ParsesJavaForms) {
  TextNumberSerialiser d(TextKind::kDouble);
  for (auto [text, expected] :
       std::initializer_list<std::pair<const char*, double>>{{"+1.5", 1.5},
                                                             {" 2 ", 2.0},
                                                             {"1e3", 1000.0},
                                                             {"3d", 3.0},
                                                             {".5", 0.5},
                                                             {"1.", 1.0},
                                                             {"+Infinity", HUGE_VAL},
                                                             {"1e999", HUGE_VAL}}) {
    ASSERT_OK_AND_ASSIGN(Value v, d.Deserialise(text));
    EXPECT_EQ(v, Value::Double(expected)) << text;
  }
  TextNumberSerialiser l(TextKind::kLong);
  ASSERT_OK_AND_ASSIGN(Value plus, l.Deserialise("+12"));
  EXPECT_EQ(plus, Value::Int64(12));
}

TEST(TextNumberSerialiserTest, RejectsNonNumbers) {
  TextNumberSerialiser l(TextKind::kLong);
  for (const char* bad : {"x", "1.0", " 1", "9223372036854775808", "-", "+-1", "1e3"}) {
    EXPECT_THAT(l.Deserialise(bad), StatusIsWithMessage(StatusCode::kDataLoss, "LongSerialiser"))
        << bad;
  }
  TextNumberSerialiser i(TextKind::kInteger);
  EXPECT_THAT(i.Deserialise("2147483648"), StatusIs(StatusCode::kDataLoss));
  TextNumberSerialiser d(TextKind::kDouble);
  for (const char* bad : {"inf", "nan", "1e", "0x1p3", "--1", "1..2", "."}) {
    EXPECT_THAT(d.Deserialise(bad), StatusIs(StatusCode::kDataLoss)) << bad;
  }
  EXPECT_FALSE(d.PreservesOrder());  // "10" < "9": Gaffer 1.x's claim was wrong.
}

}  // namespace
}  // namespace quarry
