#include "keypackages/value_format.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "keypackages/key_package.h"
#include "keypackages/key_range.h"
#include "tests/keypackages/test_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// Group E: properties a, ts, b, vis in that order; groupBy [b]; ts is the
// timestamp property and vis the visibility property.
constexpr char kSchema[] = R"json({
  "entities": {"E": {"vertex": "v",
                     "properties": {"a": "long.sum", "ts": "long.max", "b": "long.sum",
                                    "vis": "vis"},
                     "groupBy": ["b"]}},
  "types": {
    "v": {"class": "java.lang.String"},
    "long.sum": {"class": "java.lang.Long",
                 "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
    "long.max": {"class": "java.lang.Long",
                 "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Max"}},
    "vis": {"class": "java.lang.String",
            "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat"}}
  },
  "visibilityProperty": "vis",
  "config": {"timestampProperty": "ts"}
})json";

class ValueFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(schema_, Schema::FromJsonStrings({kSchema}, {"ts-schema.json"}));
    ASSERT_OK_AND_ASSIGN(package_, MakeKeyPackage("byteEntity", schema_));
    layout_ = package_->LayoutFor("E");
    ASSERT_NE(layout_, nullptr);
  }
  std::shared_ptr<const Schema> schema_;
  std::unique_ptr<const KeyPackage> package_;
  const PropertyLayout* layout_ = nullptr;
};

TEST_F(ValueFormatTest, PropertiesAreSplitBetweenKeyAndValue) {
  ASSERT_EQ(layout_->group_by().size(), 1u);
  EXPECT_EQ(layout_->group_by()[0]->name, "b");
  ASSERT_EQ(layout_->value_properties().size(), 1u);
  EXPECT_EQ(layout_->value_properties()[0]->name, "a");
  ASSERT_NE(layout_->visibility(), nullptr);
  EXPECT_EQ(layout_->visibility()->name, "vis");
  ASSERT_NE(layout_->timestamp(), nullptr);
  EXPECT_EQ(layout_->timestamp()->name, "ts");
}

TEST_F(ValueFormatTest, TimestampPropertyIsTheStoredTimestamp) {
  Element e = Element::Entity("E", Value::String("A"),
                              {{"a", Value::Int64(1)},
                               {"ts", Value::Int64(1000)},
                               {"b", Value::Int64(2)},
                               {"vis", Value::String("x")}});
  std::vector<KeyValue> kvs;
  ASSERT_OK(package_->Encode(e, 5, &kvs));
  ASSERT_EQ(kvs.size(), 1u);
  EXPECT_EQ(HexBytes(kvs[0].value), HexBytes("\x00\x00\x00\x00\x00\x00\x03\xe8"s +
                                             "\x09\x08\x80\x00\x00\x00\x00\x00\x00\x01"s));
  ASSERT_OK_AND_ASSIGN(Element back, package_->Decode(kvs[0].key, kvs[0].value));
  EXPECT_EQ(back, e);
}

TEST_F(ValueFormatTest, WithoutTheTimestampPropertyTheCallersTimestampIsUsed) {
  Element e =
      Element::Entity("E", Value::String("A"), {{"a", Value::Int64(1)}, {"b", Value::Int64(2)}});
  std::vector<KeyValue> kvs;
  ASSERT_OK(package_->Encode(e, -2, &kvs));
  ASSERT_EQ(kvs.size(), 1u);
  EXPECT_EQ(HexBytes(kvs[0].value.substr(0, 8)), "ff ff ff ff ff ff ff fe");
  ASSERT_OK_AND_ASSIGN(int64_t ts, ValueTimestamp(kvs[0].value));
  EXPECT_EQ(ts, -2);
  ASSERT_OK_AND_ASSIGN(Element back, package_->Decode(kvs[0].key, kvs[0].value));
  EXPECT_EQ(back.properties().Get("ts"), Value::Int64(-2));
}

TEST_F(ValueFormatTest, ValueAndQualifierCorruptionIsDataLoss) {
  Properties out;
  int64_t ts = 0;
  EXPECT_THAT(layout_->DecodeValue("\x00\x01\x02"s, &ts, &out), StatusIs(StatusCode::kDataLoss));
  // One stray byte after the last property.
  EXPECT_THAT(layout_->DecodeValue(std::string(8, '\0') + "\x00\x05"s, &ts, &out),
              StatusIs(StatusCode::kDataLoss));
  // A length running past the end.
  EXPECT_THAT(layout_->DecodeValue(std::string(8, '\0') + "\x09\x08"s, &ts, &out),
              StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(layout_->DecodeColumnQualifier("", &out), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(layout_->DecodeColumnQualifier("\x00\x00"s, &out), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(ValueTimestamp("1234567"), StatusIs(StatusCode::kDataLoss));
}

TEST_F(ValueFormatTest, NullGroupByIsLengthZeroAndEmptyValueHasNoProperties) {
  std::string cq;
  ASSERT_OK(layout_->EncodeColumnQualifier(Properties{}, &cq));
  EXPECT_EQ(HexBytes(cq), "00");
  Properties out;
  ASSERT_OK(layout_->DecodeColumnQualifier(cq, &out));
  EXPECT_FALSE(out.Contains("b"));  // Long reads zero bytes back as null.
  int64_t ts = 0;
  ASSERT_OK(layout_->DecodeValue(std::string(7, '\0') + "\x09"s, &ts, &out));
  EXPECT_EQ(ts, 9);
  EXPECT_FALSE(out.Contains("a"));
  EXPECT_EQ(out.Get("ts"), Value::Int64(9));
}

// Gaffer accepts a groupBy name the group has no property for (GetWalksIT's
// BasicEntity groups by intProperty, which it lacks) and its AccumuloStore
// writes an empty slot for it in the column qualifier
// (serialiseSizeAndPropertyValue with no type: length 0). Group G groups by
// [missing, count].
TEST(ValueFormatGroupByTest, AGroupByNameWithoutAPropertyIsAnEmptySlot) {
  constexpr char kGroupBySchema[] = R"json({
    "entities": {"G": {"vertex": "v", "properties": {"count": "long.sum"},
                       "groupBy": ["missing", "count"]}},
    "types": {
      "v": {"class": "java.lang.String"},
      "long.sum": {"class": "java.lang.Long",
                   "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}}
    }
  })json";
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kGroupBySchema}, {"g.json"}));
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", schema));
  const PropertyLayout* layout = package->LayoutFor("G");
  ASSERT_NE(layout, nullptr);
  ASSERT_EQ(layout->group_by().size(), 2u);
  EXPECT_EQ(layout->group_by()[0], nullptr);
  Properties props;
  props.Set("count", Value::Int64(7));
  props.Set("missing", Value::Int64(3));  // Not the group's: never stored.
  std::string cq;
  ASSERT_OK(layout->EncodeColumnQualifier(props, &cq));
  // The empty slot, then count as VLong(9) and OrderedLong's 9 bytes.
  EXPECT_EQ(HexBytes(cq), "00 09 08 80 00 00 00 00 00 00 07");
  Properties out;
  ASSERT_OK(layout->DecodeColumnQualifier(cq, &out));
  EXPECT_EQ(out.Get("count"), Value::Int64(7));
  EXPECT_FALSE(out.Contains("missing"));
  Properties held;
  ASSERT_OK(layout->HoldCell(cq, "", "", &held));  // The fast check accepts the empty slot.
  EXPECT_EQ(held.Get("count"), Value::Int64(7));
  EXPECT_THAT(layout->DecodeColumnQualifier("\x00"s, &out), StatusIs(StatusCode::kDataLoss));
}

// An absent or null value property reads back as Gaffer's AccumuloStore reads
// one (it writes a null as zero bytes and reads zero bytes as the
// serialiser's deserialiseEmpty(), gaffer-compat.md §3.1 and pitfall 14): an
// empty TreeSet or FreqMap, "" for a String, absent for a number. RoadUse's
// value holds count (Long), countByVehicleType (FreqMap), tags (TreeSet) and
// n (Integer), in that order.
TEST(ValueFormatAbsenceTest, AbsentPropertiesReadBackAsTheSerialisersEmptyValue) {
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema()));
  const PropertyLayout* layout = package->LayoutFor("RoadUse");
  ASSERT_NE(layout, nullptr);
  Properties only_count;
  only_count.Set("count", Value::Int64(7));
  std::string value;
  ASSERT_OK(layout->EncodeValue(only_count, 5, &value));
  // No timestamp (value format 3, no timestampProperty): count as VLong(9)
  // and OrderedLong's 9 bytes (as key_package_test's RoadUse value), then
  // three absent markers.
  EXPECT_EQ(HexBytes(value), "09 08 80 00 00 00 00 00 00 07 ff ff ff");
  Properties out;
  int64_t ts = 0;
  ASSERT_OK(layout->DecodeValue(value, &ts, &out));
  EXPECT_EQ(out.Get("count"), Value::Int64(7));
  EXPECT_EQ(out.Get("tags"), Value::TreeSet({}));
  EXPECT_EQ(out.Get("countByVehicleType"), Value::FreqMap({}));
  EXPECT_FALSE(out.Contains("n"));  // OrderedInteger's empty value is null.

  Properties empty_set;
  empty_set.Set("tags", Value::TreeSet({}));
  value.clear();
  ASSERT_OK(layout->EncodeValue(empty_set, 5, &value));
  Properties back;
  ASSERT_OK(layout->DecodeValue(value, &ts, &back));
  EXPECT_EQ(back.Get("tags"), Value::TreeSet({}));
  EXPECT_FALSE(back.Contains("count"));
}

// Gaffer's TransformationIT and VisibilityIT elements stored without their
// TreeSet property come back with an empty one.
TEST(ValueFormatAbsenceTest, AbsentSetPropertyIsAnEmptySetInTheDecodedElement) {
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("classic", testing::KeyPackageTestSchema()));
  Element e = Element::Entity("Cardinality", Value::String("v"), {{"count", Value::Int64(1)}});
  std::vector<KeyValue> kvs;
  ASSERT_OK(package->Encode(e, 0, &kvs));
  ASSERT_EQ(kvs.size(), 1u);
  ASSERT_OK_AND_ASSIGN(Element back, package->Decode(kvs[0].key, kvs[0].value));
  EXPECT_EQ(back.properties().Get("edgeGroup"), Value::TreeSet({})) << back.DebugString();
  EXPECT_EQ(back.properties().Get("count"), Value::Int64(1));
}

// Value format 3 (issue 13): with no timestampProperty in the schema a value
// is Gaffer's (gaffer-compat.md §4.3), with no leading timestamp: nothing
// could read it. Group F: a Long count, Sum; an absent note.
constexpr char kNoTimestampSchema[] = R"json({
  "entities": {"F": {"vertex": "v", "properties": {"count": "long.sum", "note": "s"}}},
  "types": {
    "v": {"class": "java.lang.String"},
    "s": {"class": "java.lang.String",
          "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.First"}},
    "long.sum": {"class": "java.lang.Long",
                 "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}}
  }
})json";

Element CountOne() {
  return Element::Entity("F", Value::String("A"), {{"count", Value::Int64(1)}});
}

// CountOne as read back: its absent String note is Gaffer's empty String.
Element CountOneRead() {
  return Element::Entity("F", Value::String("A"),
                         {{"count", Value::Int64(1)}, {"note", Value::String("")}});
}

TEST(ValueFormat3Test, WithoutATimestampPropertyAValueHasNoTimestamp) {
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kNoTimestampSchema}, {"f.json"}));
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", schema));
  EXPECT_EQ(package->value_format(), kValueFormatVersion);
  EXPECT_FALSE(package->LayoutFor("F")->value_has_timestamp());
  std::vector<KeyValue> kvs;
  ASSERT_OK(package->Encode(CountOne(), 1234, &kvs));
  ASSERT_EQ(kvs.size(), 1u);
  // count: VLong(9), the Long's 9 bytes; note: absent (ff).
  EXPECT_EQ(HexBytes(kvs[0].value), "09 08 80 00 00 00 00 00 00 01 ff");
  ASSERT_OK_AND_ASSIGN(Element back, package->Decode(kvs[0].key, kvs[0].value));
  EXPECT_EQ(back, CountOneRead());
  int64_t ts = -1;
  Properties out;
  ASSERT_OK(package->LayoutFor("F")->DecodeValue(kvs[0].value, &ts, &out));
  EXPECT_EQ(ts, 0);
  // A value of this graph that still leads with 8 timestamp bytes is not one.
  EXPECT_THAT(package->LayoutFor("F")->DecodeValue(std::string(8, '\0') + kvs[0].value, &ts, &out),
              StatusIs(StatusCode::kDataLoss));
}

TEST(ValueFormat3Test, VersionTwoValuesOfTheSameSchemaLeadWithTheTimestamp) {
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kNoTimestampSchema}, {"f.json"}));
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", schema, 2));
  EXPECT_EQ(package->value_format(), 2u);
  EXPECT_TRUE(package->LayoutFor("F")->value_has_timestamp());
  std::vector<KeyValue> kvs;
  ASSERT_OK(package->Encode(CountOne(), 1234, &kvs));
  ASSERT_EQ(kvs.size(), 1u);
  EXPECT_EQ(HexBytes(kvs[0].value), "00 00 00 00 00 00 04 d2 09 08 80 00 00 00 00 00 00 01 ff");
  ASSERT_OK_AND_ASSIGN(Element back, package->Decode(kvs[0].key, kvs[0].value));
  EXPECT_EQ(back, CountOneRead());
}

TEST(ValueFormat3Test, ATimestampPropertyKeepsTheTimestampInEveryVersion) {
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kSchema}, {"ts-schema.json"}));
  for (uint32_t version : {1u, 2u, 3u}) {
    EXPECT_TRUE(ValuesCarryTimestamp(*schema, version)) << version;
  }
  ASSERT_OK_AND_ASSIGN(auto plain, Schema::FromJsonStrings({kNoTimestampSchema}, {"f.json"}));
  EXPECT_TRUE(ValuesCarryTimestamp(*plain, 1));
  EXPECT_TRUE(ValuesCarryTimestamp(*plain, 2));
  EXPECT_FALSE(ValuesCarryTimestamp(*plain, 3));
}

TEST(ValueFormat3Test, AGraphKeepsItsVersionButVersionOneWritesVersionTwo) {
  EXPECT_FALSE(IsReadableValueFormat(0));
  EXPECT_TRUE(IsReadableValueFormat(1));
  EXPECT_TRUE(IsReadableValueFormat(3));
  EXPECT_FALSE(IsReadableValueFormat(4));
  EXPECT_EQ(ReadableValueFormats(), "1 to 3");
  EXPECT_EQ(ValueFormatToWrite(1), 2u);
  EXPECT_EQ(ValueFormatToWrite(2), 2u);
  EXPECT_EQ(ValueFormatToWrite(3), 3u);
  for (uint64_t readable : {1, 2, 3}) {
    ASSERT_OK_AND_ASSIGN(uint32_t v, ReadableValueFormat(readable, "quarry.value_format"));
    EXPECT_EQ(v, readable);
  }
  EXPECT_THAT(
      ReadableValueFormat(0, "quarry.value_format"),
      StatusIsWithMessage(StatusCode::kFailedPrecondition,
                          "quarry.value_format is version 0; this build reads versions 1 to"));
  EXPECT_THAT(ReadableValueFormat(uint64_t{1} << 40, "k"),
              StatusIs(StatusCode::kFailedPrecondition));
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kNoTimestampSchema}, {"f.json"}));
  EXPECT_THAT(MakeKeyPackage("byteEntity", schema, 0), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(MakeKeyPackage("byteEntity", schema, kValueFormatVersion + 1),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
