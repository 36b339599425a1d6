#include "graph-core/value.h"

#include <cmath>
#include <limits>

#include "graph-core/hll_sketch.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

TEST(ValueTest, EqualityIsTypeStrictLikeJava) {
  EXPECT_NE(Value::Int32(5), Value::Int64(5));
  EXPECT_EQ(Value::Int64(5), Value::Int64(5));
  EXPECT_NE(Value::Int64(5), Value::Date(5));
  EXPECT_NE(Value::String("a"), Value::Bytes("a"));
  EXPECT_EQ(Value(), Value());
}

TEST(ValueTest, DoublesCompareByBitsAndJavaOrder) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(Value::Double(nan), Value::Double(nan));
  EXPECT_NE(Value::Double(0.0), Value::Double(-0.0));
  EXPECT_LT(Value::Double(-0.0).Compare(Value::Double(0.0)), 0);
  EXPECT_GT(Value::Double(nan).Compare(Value::Double(INFINITY)), 0);
  EXPECT_LT(Value::Double(-INFINITY).Compare(Value::Double(-1e308)), 0);
}

TEST(ValueTest, SetsAreSortedAndUnique) {
  Value set = Value::TreeSet({Value::String("b"), Value::String("a"), Value::String("b")});
  ASSERT_EQ(set.AsItems().size(), 2u);
  EXPECT_EQ(set.AsItems()[0], Value::String("a"));
  EXPECT_EQ(set.ToJavaString(), "[a, b]");
}

// Java's Double.toString and Float.toString (their javadoc's rules): plain
// with at least one fraction digit in [1e-3, 1e7), else computerized
// scientific notation; a Float prints its own shortest digits.
TEST(ValueTest, FloatingToJavaStringFollowsJava) {
  EXPECT_EQ(Value::Double(100).ToJavaString(), "100.0");
  EXPECT_EQ(Value::Double(12345678.9).ToJavaString(), "1.23456789E7");
  EXPECT_EQ(Value::Double(1e-4).ToJavaString(), "1.0E-4");
  EXPECT_EQ(Value::Double(0.001).ToJavaString(), "0.001");
  EXPECT_EQ(Value::Double(-2.5).ToJavaString(), "-2.5");
  EXPECT_EQ(Value::Double(1e7).ToJavaString(), "1.0E7");
  EXPECT_EQ(Value::Double(9999999.0).ToJavaString(), "9999999.0");
  EXPECT_EQ(Value::Double(-0.0).ToJavaString(), "-0.0");
  EXPECT_EQ(Value::Float(0.1f).ToJavaString(), "0.1");
  EXPECT_EQ(Value::Float(1.0e10f).ToJavaString(), "1.0E10");
}

TEST(ValueTest, MapKeepsLastOfRepeatedKey) {
  Value map = Value::Map({{Value::String("k"), Value::Int32(1)},
                          {Value::String("a"), Value::Int32(2)},
                          {Value::String("k"), Value::Int32(3)}});
  EXPECT_EQ(map.ToJavaString(), "{a=2, k=3}");
}

TEST(ValueTest, JavaStringCompareUsesUtf16Order) {
  // U+FF21 (EF BC A1) sorts after U+1F600 (F0 9F 98 80) in UTF-8 but before in
  // UTF-16? No: surrogates (D83D) sort before FF21, so the emoji is smaller.
  EXPECT_LT(JavaStringCompare("\xF0\x9F\x98\x80", "\xEF\xBC\xA1"), 0);
  EXPECT_GT(JavaStringCompare("\xEF\xBC\xA1", "\xF0\x9F\x98\x80"), 0);
  EXPECT_LT(JavaStringCompare("a", "b"), 0);
  EXPECT_LT(JavaStringCompare("a", "ab"), 0);
  EXPECT_EQ(JavaStringCompare("", ""), 0);
}

TEST(ValueTest, ClassNamesFullAndSimple) {
  EXPECT_EQ(*ValueTypeFromClassName("java.lang.Long"), ValueType::kInt64);
  EXPECT_EQ(*ValueTypeFromClassName("Long"), ValueType::kInt64);
  EXPECT_EQ(*ValueTypeFromClassName("long"), ValueType::kInt64);
  EXPECT_EQ(*ValueTypeFromClassName("TreeSet"), ValueType::kTreeSet);
  EXPECT_EQ(*ValueTypeFromClassName("uk.gov.gchq.gaffer.types.FreqMap"), ValueType::kFreqMap);
  EXPECT_THAT(ValueTypeFromClassName("java.lang.Lnog"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(JavaClassName(ValueType::kDate), "java.util.Date");
}

TEST(ValueTest, InPlaceAssignmentsEqualTheFactories) {
  Value v = Value::String("a string longer than the inline buffer");
  v.AssignString("short");
  EXPECT_EQ(v, Value::String("short"));
  v.AssignInt64(-3);
  EXPECT_EQ(v, Value::Int64(-3));
  v.AssignDate(86'400'000);
  EXPECT_EQ(v, Value::Date(86'400'000));
  EXPECT_NE(v, Value::Int64(86'400'000));
  v = Value::Bytes("raw");
  v.AssignString("text");
  EXPECT_EQ(v, Value::String("text"));
  EXPECT_EQ(v.type(), ValueType::kString);
  v = Value::TreeSet({Value::Int32(1)});
  v.AssignString("");
  EXPECT_EQ(v, Value::String(""));
}

}  // namespace
}  // namespace quarry
