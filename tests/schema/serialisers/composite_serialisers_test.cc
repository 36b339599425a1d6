// TreeSetString, TypeValue, TypeSubTypeValue, FreqMap and sketch serialisers
// (gaffer-compat.md §3.2).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "schema/serialisers/freq_map_serialiser.h"
#include "schema/serialisers/sketch_serialisers.h"
#include "schema/serialisers/tree_set_string_serialiser.h"
#include "schema/serialisers/type_sub_type_value_serialiser.h"
#include "schema/serialisers/type_value_serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::ToHex;

Value Strings(std::initializer_list<const char*> items) {
  ValueList list;
  for (const char* s : items) list.push_back(Value::String(s));
  return Value::TreeSet(std::move(list));
}

TEST(TreeSetStringSerialiserTest, GafferVectors) {
  TreeSetStringSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Strings({"b", "a"}))), "7b 61 5c 2c 62 7d");  // {a\,b}
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Strings({}))), "7b 7d");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("7b 61 5c 2c 62 7d")));
  EXPECT_EQ(v, Strings({"a", "b"}));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_EQ(empty, Strings({}));
}

TEST(TreeSetStringSerialiserTest, ReadingDropsEmptyItemsAsGafferDoes) {
  TreeSetStringSerialiser s;
  // Writing {"", "a"} gives {\,a}, which reads back as {a}.
  std::string bytes = SerialiseOrDie(s, Strings({"", "a"}));
  EXPECT_EQ(bytes, "{\\,a}");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(bytes));
  EXPECT_EQ(v, Strings({"a"}));
  // Commas and lone backslashes are ordinary characters.
  ASSERT_OK_AND_ASSIGN(Value w, s.Deserialise("{a,b\\}"));
  EXPECT_EQ(w, Strings({"a,b\\"}));
}

TEST(TreeSetStringSerialiserTest, RejectsUnrepresentableItems) {
  TreeSetStringSerialiser s;
  std::string out;
  EXPECT_THAT(s.Serialise(Strings({"a\\,b"}), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "TreeSetStringSerialiser"));
  EXPECT_THAT(s.Serialise(Value::TreeSet({Value::Int64(1)}), &out),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(out, "");
  EXPECT_THAT(s.Deserialise("a,b"), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise("{"), StatusIs(StatusCode::kDataLoss));
}

TEST(TreeSetStringSerialiserTest, GafferOrderClaimDoesNotHoldForPrefixSets) {
  // Documented caveat: {a} < {a, b} as values, but "{a}" > "{a\,b}" as bytes.
  TreeSetStringSerialiser s;
  EXPECT_LT(Strings({"a"}).Compare(Strings({"a", "b"})), 0);
  EXPECT_GT(SerialiseOrDie(s, Strings({"a"})), SerialiseOrDie(s, Strings({"a", "b"})));
  EXPECT_TRUE(s.PreservesOrder());  // Gaffer's flag, kept for SerialisationFactory.
}

TEST(TypeValueSerialiserTest, EscapedPartsAndDelimiter) {
  TypeValueSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::TypeValue("t", "v"))), "74 00 76");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::TypeValue("", "v"))), "00 76");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::TypeValue(std::string("a\x00", 2), "b"))),
            "61 01 01 00 62");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("61 01 02 00 62")));
  EXPECT_EQ(v, Value::TypeValue("a\x01", "b"));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
}

TEST(TypeValueSerialiserTest, BlankIsInvalidAndBadBytesAreDataLoss) {
  TypeValueSerialiser s;
  std::string out;
  EXPECT_THAT(s.Serialise(Value::TypeValue("", ""), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "blank"));
  EXPECT_THAT(s.Deserialise("tv"), StatusIs(StatusCode::kDataLoss));  // No delimiter.
  EXPECT_THAT(s.Deserialise(Hex("74 00 76 00")), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(Hex("74 01 00 76")), StatusIs(StatusCode::kDataLoss));
}

TEST(TypeSubTypeValueSerialiserTest, GafferVector) {
  TypeSubTypeValueSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::TypeSubTypeValue("t", "s", "v"))), "74 00 73 00 76");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::TypeSubTypeValue("", "", "v"))), "00 00 76");
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("74 00 73 00 76")));
  EXPECT_EQ(v, Value::TypeSubTypeValue("t", "s", "v"));
}

TEST(TypeSubTypeValueSerialiserTest, EmptyAndErrors) {
  TypeSubTypeValueSerialiser s;
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_EQ(empty, Value::TypeSubTypeValue("", "", ""));
  std::string out;
  EXPECT_THAT(s.Serialise(Value::TypeSubTypeValue("", "", ""), &out),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(s.Deserialise(Hex("74 00 73")), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(Hex("74 00 73 00 76 00")), StatusIs(StatusCode::kDataLoss));
}

TEST(FreqMapSerialiserTest, GafferVectorAndSortedEntries) {
  FreqMapSerialiser s;
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::FreqMap({{"CAR", 5}}))), "43 41 52 00 05");
  // VLong 1 = 01 escapes to 01 02; 256 = 8e 01 00 escapes to 8e 01 02 01 01.
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::FreqMap({{"b", 256}, {"a", 1}}))),
            "61 00 01 02 00 62 00 8e 01 02 01 01");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::FreqMap({{"", 5}}))), "00 05");
  EXPECT_EQ(SerialiseOrDie(s, Value::FreqMap({})), "");
  EXPECT_FALSE(s.IsConsistent());
  EXPECT_FALSE(s.PreservesOrder());
}

TEST(FreqMapSerialiserTest, ReadsEntriesInAnyOrder) {
  FreqMapSerialiser s;
  // Gaffer may write HashMap order: b first.
  ASSERT_OK_AND_ASSIGN(Value v, s.Deserialise(Hex("62 00 02 00 61 00 03")));
  EXPECT_EQ(v, Value::FreqMap({{"a", 3}, {"b", 2}}));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_EQ(empty, Value::FreqMap({}));
}

TEST(FreqMapSerialiserTest, RejectsBadBytes) {
  FreqMapSerialiser s;
  EXPECT_THAT(s.Deserialise(Hex("61 00 05 00 62")),
              StatusIsWithMessage(StatusCode::kDataLoss, "FreqMapSerialiser"));
  EXPECT_THAT(s.Deserialise(Hex("61 00")), StatusIs(StatusCode::kDataLoss));        // No count.
  EXPECT_THAT(s.Deserialise(Hex("61 00 8e 01")), StatusIs(StatusCode::kDataLoss));  // Truncated.
  EXPECT_THAT(s.Deserialise(Hex("61 00 05 05")), StatusIs(StatusCode::kDataLoss));  // Trailing.
  EXPECT_THAT(s.Deserialise(Hex("61 01 00 05")), StatusIs(StatusCode::kDataLoss));  // Escape.
}

TEST(SketchSerialisersTest, HllSketchBytes) {
  auto sketch = std::make_shared<HllSketch>(5);
  sketch->Update("a");
  sketch->Update("b");
  HllSketchSerialiser s;
  std::string bytes = SerialiseOrDie(s, Value::Sketch(sketch));
  EXPECT_EQ(bytes, sketch->Serialize());
  EXPECT_EQ(bytes.size(), 8u + 4u * 2);  // A LIST image: preamble, two coupons.
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(bytes));
  EXPECT_EQ(back.type(), ValueType::kHllSketch);
  EXPECT_EQ(back.AsSketch(), *sketch);
  EXPECT_THAT(s.Deserialise("\x01"), StatusIs(StatusCode::kDataLoss));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
  EXPECT_FALSE(s.PreservesOrder());
  EXPECT_FALSE(s.IsConsistent());
  EXPECT_FALSE(s.CanHandle(ValueType::kHyperLogLogPlus));
}

// Gaffer's HyperLogLogPlusSerialiser stores clearspring's getBytes(): for
// the p 5 / sp 5 sketch of "1", "3" and "5" the bytes gaffer-doc shows in
// its GetWalks results (base64 "/////gUFAQP3DIQIggI=").
TEST(SketchSerialisersTest, HyperLogLogPlusBytesAreClearsprings) {
  auto sketch = std::make_shared<HyperLogLogPlus>(*HyperLogLogPlus::Create(5, 5));
  for (const char* item : {"1", "3", "5"}) sketch->Offer(item);
  HyperLogLogPlusSerialiser s;
  std::string bytes = SerialiseOrDie(s, Value::HyperLogLogPlus(sketch));
  EXPECT_EQ(bytes, Hex("ff ff ff fe 05 05 01 03 f7 0c 84 08 82 02"));
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(bytes));
  ASSERT_EQ(back.type(), ValueType::kHyperLogLogPlus);
  EXPECT_EQ(back.AsHyperLogLogPlus(), *sketch);
  EXPECT_EQ(back.AsHyperLogLogPlus().Cardinality(), 3);
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
  EXPECT_THAT(s.Deserialise("\x01"), StatusIs(StatusCode::kDataLoss));
  // An earlier Quarry stored this type as an HllSketch image: named, not misread.
  HllSketch old(5);
  old.Update("a");
  EXPECT_THAT(s.Deserialise(old.Serialize()),
              StatusIsWithMessage(StatusCode::kDataLoss, "re-load its elements"));
  EXPECT_FALSE(s.PreservesOrder());
  EXPECT_FALSE(s.IsConsistent());
}

}  // namespace
}  // namespace quarry
