// Byte-exact key/values for a handful of elements, written by hand from
// gaffer-compat.md §3.2, §4.1-4.3 and key_format.h / value_format.h; plus the
// factory's names.
#include "keypackages/key_package.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/keypackages/test_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// Timestamp 1, which value formats 1 and 2 put before a value's properties.
// Value format 3 leaves it out when the schema names no timestampProperty
// (the test schema names none), so its values are Gaffer's (§4.3).
const std::string kTs1 = "\x00\x00\x00\x00\x00\x00\x00\x01"s;
// RoadUse column qualifier, startDate 0 and endDate 3599999 (§4.3), escaped:
// every 00 becomes 01 01. 3599999 = 0x36ee7f, so OrderedLong gives
// 08 80 00 00 00 00 36 ee 7f (the example in gaffer-compat.md §4.3 shows one
// 00 too many: the header 08 announces 8 bytes).
const std::string kRoadUseCq =
    "\x09\x08\x80\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    "\x09\x08\x80\x01\x01\x01\x01\x01\x01\x01\x01\x36\xee\x7f"s;
const std::string kRoadUseTail = "\x00RoadUse\x00"s + kRoadUseCq + "\x00"s;
// count 5, countByVehicleType {CAR=5}, tags absent, n absent: the value of
// §4.3's example, then (since value format 2) VLong(-1), the byte ff, for
// each absent property.
const std::string kRoadUseValue =
    "\x09\x08\x80\x00\x00\x00\x00\x00\x00\x05"s + "\x05\x43\x41\x52\x00\x05"s + "\xff\xff"s;
// The same element as value format 1 wrote it: tags and n as length 0.
const std::string kRoadUseValueV1 =
    kTs1 + "\x09\x08\x80\x00\x00\x00\x00\x00\x00\x05"s + "\x05\x43\x41\x52\x00\x05"s + "\x00\x00"s;
const std::string kLinkTail = "\x00Link\x00\x00"s;

Element RoadUse() {
  return Element::Edge("RoadUse", Value::String("A"), Value::String("B"), true,
                       {{"startDate", Value::Date(0)},
                        {"endDate", Value::Date(3599999)},
                        {"count", Value::Int64(5)},
                        {"countByVehicleType", Value::FreqMap({{"CAR", 5}})}});
}

std::vector<KeyValue> EncodeWith(std::string_view package, const Element& e) {
  auto p = MakeKeyPackage(package, testing::KeyPackageTestSchema());
  EXPECT_OK(p.status());
  std::vector<KeyValue> kvs;
  if (p.ok()) EXPECT_OK(p.value()->Encode(e, 1, &kvs));
  return kvs;
}

TEST(KeyPackageTest, ByteEntityDirectedEdgeBytes) {
  std::vector<KeyValue> kvs = EncodeWith("byteEntity", RoadUse());
  ASSERT_EQ(kvs.size(), 2u);
  EXPECT_EQ(HexBytes(kvs[0].key), HexBytes("A\x00\x02\x00"
                                           "B\x00\x02"s +
                                           kRoadUseTail));
  EXPECT_EQ(HexBytes(kvs[1].key), HexBytes("B\x00\x03\x00"
                                           "A\x00\x03"s +
                                           kRoadUseTail));
  EXPECT_EQ(HexBytes(kvs[0].value), HexBytes(kRoadUseValue));
  EXPECT_EQ(kvs[1].value, kvs[0].value);
}

// A graph of value format 2 still writes the timestamp first (the caller's,
// here 1), and reads it back.
TEST(KeyPackageTest, ValueFormatTwoLeadsWithTheTimestamp) {
  ASSERT_OK_AND_ASSIGN(auto p, MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema(), 2));
  std::vector<KeyValue> kvs;
  ASSERT_OK(p->Encode(RoadUse(), 1, &kvs));
  ASSERT_EQ(kvs.size(), 2u);
  EXPECT_EQ(HexBytes(kvs[0].value), HexBytes(kTs1 + kRoadUseValue));
  ASSERT_OK_AND_ASSIGN(Element back, p->Decode(kvs[0].key, kvs[0].value));
  EXPECT_EQ(back.properties().Get("count"), Value::Int64(5));
  EXPECT_EQ(back.properties().Get("countByVehicleType"), Value::FreqMap({{"CAR", 5}}));
}

TEST(KeyPackageTest, ClassicDirectedEdgeBytes) {
  std::vector<KeyValue> kvs = EncodeWith("classic", RoadUse());
  ASSERT_EQ(kvs.size(), 2u);
  EXPECT_EQ(HexBytes(kvs[0].key), HexBytes("A\x00"
                                           "B\x00\x02"s +
                                           kRoadUseTail));
  EXPECT_EQ(HexBytes(kvs[1].key), HexBytes("B\x00"
                                           "A\x00\x03"s +
                                           kRoadUseTail));
  EXPECT_EQ(HexBytes(kvs[0].value), HexBytes(kRoadUseValue));
}

TEST(KeyPackageTest, EntityBytesWithVisibility) {
  Element e = Element::Entity("Cardinality", Value::String("A"),
                              {{"count", Value::Int64(5)},
                               {"edgeGroup", Value::TreeSet({Value::String("RoadUse")})},
                               {"visibility", Value::String("public")}});
  const std::string value = "\x09\x08\x80\x00\x00\x00\x00\x00\x00\x05"s + "\x09{RoadUse}"s;
  std::vector<KeyValue> be = EncodeWith("byteEntity", e);
  ASSERT_EQ(be.size(), 1u);
  EXPECT_EQ(HexBytes(be[0].key), HexBytes("A\x00\x01\x00"
                                          "Cardinality\x00\x00public"s));
  EXPECT_EQ(HexBytes(be[0].value), HexBytes(value));
  std::vector<KeyValue> classic = EncodeWith("classic", e);
  ASSERT_EQ(classic.size(), 1u);
  EXPECT_EQ(HexBytes(classic[0].key), HexBytes("A\x00\x00\x00"
                                               "Cardinality\x00\x00public"s));
}

TEST(KeyPackageTest, EscapedVertexAndIntegerGroupBy) {
  Element e = Element::Entity(
      "Tagged", Value::String("\x00\x01"s),
      {{"n", Value::Int32(1)}, {"count", Value::Int64(2)}, {"visibility", Value::String("v")}});
  // n = 1 is 04 80 00 00 01, length-prefixed 05, then escaped.
  const std::string tail = "\x00Tagged\x00\x05\x04\x80\x01\x01\x01\x01\x01\x02\x00v"s;
  std::vector<KeyValue> be = EncodeWith("byteEntity", e);
  ASSERT_EQ(be.size(), 1u);
  EXPECT_EQ(HexBytes(be[0].key), HexBytes("\x01\x01\x01\x02\x00\x01"s + tail));
  EXPECT_EQ(HexBytes(be[0].value), HexBytes("\x09\x08\x80\x00\x00\x00\x00\x00\x00\x02"s));
  std::vector<KeyValue> classic = EncodeWith("classic", e);
  ASSERT_EQ(classic.size(), 1u);
  EXPECT_EQ(HexBytes(classic[0].key), HexBytes("\x01\x01\x01\x02\x00\x00"s + tail));
}

TEST(KeyPackageTest, UndirectedEdgeIsNormalisedAndStoredUnderBothEnds) {
  Element e = Element::Edge("Link", Value::String("B"), Value::String("A"), false);
  std::vector<KeyValue> be = EncodeWith("byteEntity", e);
  ASSERT_EQ(be.size(), 2u);
  EXPECT_EQ(HexBytes(be[0].key), HexBytes("A\x00\x04\x00"
                                          "B\x00\x04"s +
                                          kLinkTail));
  EXPECT_EQ(HexBytes(be[1].key), HexBytes("B\x00\x04\x00"
                                          "A\x00\x04"s +
                                          kLinkTail));
  EXPECT_EQ(be[0].value, "");  // Link has no properties.
  std::vector<KeyValue> classic = EncodeWith("classic", e);
  ASSERT_EQ(classic.size(), 2u);
  EXPECT_EQ(HexBytes(classic[0].key), HexBytes("A\x00"
                                               "B\x00\x01"s +
                                               kLinkTail));
  EXPECT_EQ(HexBytes(classic[1].key), HexBytes("B\x00"
                                               "A\x00\x01"s +
                                               kLinkTail));
}

TEST(KeyPackageTest, SelfLoopIsOneSourceFirstRow) {
  Element e = Element::Edge("Link", Value::String("A"), Value::String("A"), true);
  std::vector<KeyValue> be = EncodeWith("byteEntity", e);
  ASSERT_EQ(be.size(), 1u);
  EXPECT_EQ(HexBytes(be[0].key), HexBytes("A\x00\x02\x00"
                                          "A\x00\x02"s +
                                          kLinkTail));
  std::vector<KeyValue> classic = EncodeWith("classic", e);
  ASSERT_EQ(classic.size(), 1u);
  EXPECT_EQ(HexBytes(classic[0].key), HexBytes("A\x00"
                                               "A\x00\x02"s +
                                               kLinkTail));
}

// §4.1: undirected A-B read from B's row comes back as (A, B, DESTINATION).
// Read by a package of a value format 1 graph, whose values lead with the
// timestamp.
TEST(KeyPackageTest, DecodeSetsMatchedVertexFromRowOrientation) {
  for (const char* name : {"byteEntity", "classic"}) {
    ASSERT_OK_AND_ASSIGN(auto p, MakeKeyPackage(name, testing::KeyPackageTestSchema(), 1));
    const std::string undirected_b = std::string(name) == "classic" ? "B\x00"
                                                                      "A\x00\x01"s +
                                                                          kLinkTail
                                                                    : "B\x00\x04\x00"
                                                                      "A\x00\x04"s +
                                                                          kLinkTail;
    ASSERT_OK_AND_ASSIGN(Element e, p->Decode(undirected_b, kTs1));
    EXPECT_EQ(e.source(), Value::String("A"));
    EXPECT_EQ(e.destination(), Value::String("B"));
    EXPECT_FALSE(e.directed());
    EXPECT_EQ(e.matched_vertex(), MatchedVertex::kDestination) << name;
    const std::string directed_b = std::string(name) == "classic" ? "B\x00"
                                                                    "A\x00\x03"s +
                                                                        kRoadUseTail
                                                                  : "B\x00\x03\x00"
                                                                    "A\x00\x03"s +
                                                                        kRoadUseTail;
    ASSERT_OK_AND_ASSIGN(Element d, p->Decode(directed_b, kRoadUseValueV1));
    EXPECT_EQ(d.source(), Value::String("A"));
    EXPECT_TRUE(d.directed());
    EXPECT_EQ(d.matched_vertex(), MatchedVertex::kDestination) << name;
    // Zero-length properties (how value format 1 wrote absent ones) come
    // back as their serialiser's empty value (§3.1): TreeSet -> empty set,
    // String -> "", Integer -> absent. Format 2 marks absent ones apart
    // (value_format_test.cc).
    EXPECT_EQ(d.properties().Get("tags"), Value::TreeSet({}));
    EXPECT_EQ(d.properties().Get("visibility"), Value::String(""));
    EXPECT_FALSE(d.properties().Contains("n"));
    EXPECT_EQ(d.properties().Get("countByVehicleType"), Value::FreqMap({{"CAR", 5}}));
  }
}

TEST(KeyPackageTest, TrailingPropertiesMayBeMissingFromTheValue) {
  ASSERT_OK_AND_ASSIGN(auto p, MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema()));
  const std::string key =
      "A\x00\x02\x00"
      "B\x00\x02"s +
      kRoadUseTail;
  const std::string short_value = "\x09\x08\x80\x00\x00\x00\x00\x00\x00\x05"s;
  ASSERT_OK_AND_ASSIGN(Element e, p->Decode(key, short_value));
  EXPECT_EQ(e.properties().Get("count"), Value::Int64(5));
  EXPECT_EQ(e.properties().Get("startDate"), Value::Date(0));
  EXPECT_FALSE(e.properties().Contains("countByVehicleType"));
  EXPECT_FALSE(e.properties().Contains("tags"));
  // A length running past the end is corrupt, not missing.
  EXPECT_THAT(p->Decode(key, "\x09\x08\x80"s), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(p->Decode(key, "\x00\x01"s), StatusIs(StatusCode::kDataLoss));
}

TEST(KeyPackageTest, DecodeRejectsUnknownGroupAndWrongKind) {
  ASSERT_OK_AND_ASSIGN(auto p, MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema()));
  EXPECT_THAT(p->Decode("A\x00\x01\x00Nope\x00\x00"s, ""),
              StatusIsWithMessage(StatusCode::kDataLoss, "Nope"));
  EXPECT_THAT(p->Decode("A\x00\x01"s + kLinkTail, ""), StatusIs(StatusCode::kDataLoss));
}

// The same group name over Long vertices: the key bytes of a String-vertex
// Link mean something else here.
constexpr char kLongLinkSchema[] = R"json({
  "edges": {"Link": {"source": "vertex.long", "destination": "vertex.long",
                     "directed": "directed.either"}},
  "types": {"vertex.long": {"class": "java.lang.Long"},
            "directed.either": {"class": "java.lang.Boolean"}}
})json";

// Decoding remembers each thread's last row vertex and group, so a row's
// cells decode them once. What one package remembered must never answer for
// another, even one built where a freed package lay.
TEST(KeyPackageTest, DecodeMemoryNeverCrossesPackages) {
  ASSERT_OK_AND_ASSIGN(auto long_schema,
                       Schema::FromJsonStrings({kLongLinkSchema}, {"long-link.json"}));
  const std::string string_link =
      "A\x00\x02\x00"
      "B\x00\x02"s +
      kLinkTail;
  const Element long_link = Element::Edge("Link", Value::Int64(7), Value::Int64(9), true, {});
  for (int round = 0; round < 3; ++round) {
    ASSERT_OK_AND_ASSIGN(auto strings,
                         MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema()));
    ASSERT_OK_AND_ASSIGN(Element a, strings->Decode(string_link, ""));
    EXPECT_EQ(a.source(), Value::String("A"));
    strings.reset();
    ASSERT_OK_AND_ASSIGN(auto longs, MakeKeyPackage("byteEntity", long_schema));
    // "A" is no serialised Long: refused, not answered from memory.
    EXPECT_THAT(longs->Decode(string_link, ""), StatusIs(StatusCode::kDataLoss));
    std::vector<KeyValue> kvs;
    ASSERT_OK(longs->Encode(long_link, 1, &kvs));
    ASSERT_EQ(kvs.size(), 2u);
    ASSERT_OK_AND_ASSIGN(Element l, longs->Decode(kvs[0].key, kvs[0].value));
    EXPECT_EQ(l.source(), Value::Int64(7));
    EXPECT_EQ(l.destination(), Value::Int64(9));
    EXPECT_THAT(longs->Decode(string_link, ""), StatusIs(StatusCode::kDataLoss));
    ASSERT_OK_AND_ASSIGN(Element back, longs->Decode(kvs[1].key, kvs[1].value));
    EXPECT_EQ(back.source(), Value::Int64(7));
    EXPECT_EQ(back.matched_vertex(), MatchedVertex::kDestination);
  }
}

TEST(KeyPackageTest, RebuildKeyKeepsRowAndGroupAndReencodesTheRest) {
  ASSERT_OK_AND_ASSIGN(auto p, MakeKeyPackage("classic", testing::KeyPackageTestSchema()));
  Element changed = RoadUse();
  changed.mutable_properties().Set("startDate", Value::Date(7));
  changed.mutable_properties().Set("visibility", Value::String("x"));
  std::vector<KeyValue> want;
  ASSERT_OK(p->Encode(changed, 1, &want));
  ASSERT_EQ(want.size(), 2u);
  std::string rebuilt;
  ASSERT_OK(
      p->RebuildKey("B\x00"
                    "A\x00\x03"s +
                        kRoadUseTail,
                    changed.properties(), &rebuilt));
  EXPECT_EQ(HexBytes(rebuilt), HexBytes(want[1].key));
  ASSERT_NE(p->LayoutFor("RoadUse"), nullptr);
  EXPECT_EQ(p->LayoutFor("RoadUse")->group_by().size(), 2u);
  EXPECT_EQ(p->LayoutFor("RoadUse")->value_properties().size(), 4u);
  EXPECT_EQ(p->LayoutFor("Nope"), nullptr);
  std::string ignored;
  EXPECT_THAT(p->RebuildKey("A\x00\x00\x00Nope\x00\x00"s, changed.properties(), &ignored),
              StatusIs(StatusCode::kDataLoss));
}

TEST(KeyPackageTest, NamesAndGafferClassNames) {
  for (std::string_view n :
       {"byteEntity", "ByteEntityKeyPackage",
        "uk.gov.gchq.gaffer.accumulostore.key.core.impl.byteEntity.ByteEntityKeyPackage"}) {
    ASSERT_OK_AND_ASSIGN(std::string_view c, CanonicalKeyPackageName(n));
    EXPECT_EQ(c, "byteEntity");
  }
  for (std::string_view n : {"classic", "ClassicKeyPackage",
                             "uk.gov.gchq.gaffer.accumulostore.key.core.impl.classic."
                             "ClassicKeyPackage"}) {
    ASSERT_OK_AND_ASSIGN(std::string_view c, CanonicalKeyPackageName(n));
    EXPECT_EQ(c, "classic");
  }
  EXPECT_THAT(CanonicalKeyPackageName("uk.gov.gchq.gaffer.accumulostore.key.core.impl.Nope"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Nope"));
  EXPECT_THAT(MakeKeyPackage("ByteEntity", testing::KeyPackageTestSchema()),
              StatusIs(StatusCode::kInvalidArgument));
  ASSERT_OK_AND_ASSIGN(auto p, MakeKeyPackage("uk.gov.gchq.gaffer.accumulostore.key.core.impl."
                                              "classic.ClassicKeyPackage",
                                              testing::KeyPackageTestSchema()));
  EXPECT_EQ(p->Name(), "classic");
}

}  // namespace
}  // namespace quarry
