// Held cells (keypackages/value_format_held.cc): DecodeOneHeld must read
// every property exactly as the full DecodeHeld does, without decoding the
// others.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "graph-core/predicate.h"
#include "keypackages/key_format.h"
#include "keypackages/key_package.h"
#include "keypackages/key_range.h"
#include "keypackages/value_format.h"
#include "tests/keypackages/test_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;

// `kv` decoded the way a scan decodes it: identifiers now, properties held.
Element Held(const KeyPackage& package, const KeyValue& kv) {
  Element out;
  Result<KeyParts> parts = SplitKey(kv.key);
  EXPECT_TRUE(parts.ok()) << parts.status().ToString();
  if (parts.ok()) EXPECT_OK(package.DecodeInto(*parts, kv.value, &out));
  return out;
}

// Every property the schema gives the group, plus one it does not.
std::vector<std::string> NamesOf(const Schema& schema, const std::string& group) {
  std::vector<std::string> names = {"notAProperty"};
  for (const PropertyDefinition& p : schema.Group(group)->properties()) names.push_back(p.name);
  return names;
}

class ValueFormatHeldTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ValueFormatHeldTest, PeekingAPropertyAgreesWithTheFullDecodeAndKeepsTheRestHeld) {
  const auto schema = testing::KeyPackageTestSchema();
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage(GetParam(), schema));
  testing::RandomElements gen(99);
  std::vector<std::string> pool;
  for (int i = 0; i < 6; ++i) pool.push_back(gen.Vertex());
  int peeked = 0;
  for (int i = 0; i < 300; ++i) {
    const Element e = gen.Next(pool);
    std::vector<KeyValue> kvs;
    ASSERT_OK(package->Encode(e, 5, &kvs));
    for (const KeyValue& kv : kvs) {
      const Element peek = Held(*package, kv);
      const Element full = Held(*package, kv);
      for (const std::string& name : NamesOf(*schema, e.group())) {
        ASSERT_TRUE(peek.properties().holds_undecoded());
        Value got = Value::String("left as it was");
        if (name == "visibility") {  // The visibility property is not picked out.
          EXPECT_FALSE(peek.properties().PeekHeld(name, &got));
          EXPECT_EQ(got, Value::String("left as it was"));
          continue;
        }
        ASSERT_TRUE(peek.properties().PeekHeld(name, &got)) << name;
        EXPECT_EQ(got, full.properties().Get(name)) << e.DebugString() << " property " << name;
        ++peeked;
      }
      EXPECT_TRUE(peek.properties().holds_undecoded());  // Nothing was decoded whole.
      EXPECT_EQ(peek, e);
    }
  }
  EXPECT_GT(peeked, 1000);
}

INSTANTIATE_TEST_SUITE_P(BothPackages, ValueFormatHeldTest,
                         ::testing::Values("byteEntity", "classic"));

// Trailing value properties may be missing and absent ones are marked
// (value_format_test.cc, ValueFormatAbsenceTest): both read as the full
// decode reads them.
TEST(ValueFormatHeldAbsenceTest, AbsentAndMissingPropertiesPeekAsTheFullDecodeReadsThem) {
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema()));
  const PropertyLayout* layout = package->LayoutFor("RoadUse");
  ASSERT_NE(layout, nullptr);
  Properties only_count;
  only_count.Set("count", Value::Int64(7));
  std::string cq, value;
  ASSERT_OK(layout->EncodeColumnQualifier(only_count, &cq));
  ASSERT_OK(layout->EncodeValue(only_count, 5, &value));
  ASSERT_EQ(HexBytes(value), "09 08 80 00 00 00 00 00 00 07 ff ff ff");
  // Marked absent: the serialiser's empty value (an empty TreeSet). Missing
  // from a shorter value: no property at all.
  const std::pair<std::string, Value> cases[] = {{value, Value::TreeSet({})},
                                                 {value.substr(0, 10), Value()}};
  for (const auto& [stored, expected_tags] : cases) {
    Properties held;
    ASSERT_OK(layout->HoldCell(cq, "", stored, &held));
    Value count, tags, n = Value::Int64(1), start = Value::Int64(1);
    ASSERT_TRUE(held.PeekHeld("count", &count));
    ASSERT_TRUE(held.PeekHeld("tags", &tags));
    ASSERT_TRUE(held.PeekHeld("n", &n));
    ASSERT_TRUE(held.PeekHeld("startDate", &start));
    EXPECT_EQ(count, Value::Int64(7));
    EXPECT_EQ(n, Value());      // OrderedInteger's empty value is null: absent.
    EXPECT_EQ(start, Value());  // A groupBy property never set.
    EXPECT_EQ(tags, expected_tags);
    EXPECT_EQ(held.Get("tags"), expected_tags);  // As the full decode reads it.
  }
}

// The view filter of a scan reads one property of each held cell: the
// result is the full decode's, and a cell it drops is never decoded whole.
TEST(ValueFormatHeldFilterTest, AFilterOnAHeldElementReadsOnlyItsProperty) {
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", testing::KeyPackageTestSchema()));
  ASSERT_OK_AND_ASSIGN(
      ElementFilter above_one,
      ParseElementFilter(Json::parse(R"json([{"selection": ["count"], "predicate": {
        "class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan", "value": {"java.lang.Long": 1}}}])json"),
                         "filter"));
  for (int64_t count : {1, 2}) {
    Element e = Element::Edge("RoadUse", Value::String("a"), Value::String("b"), true,
                              {{"count", Value::Int64(count)}});
    std::vector<KeyValue> kvs;
    ASSERT_OK(package->Encode(e, 5, &kvs));
    const Element held = Held(*package, kvs[0]);
    EXPECT_EQ(above_one.Test(held), count > 1);
    EXPECT_TRUE(held.properties().holds_undecoded());
    EXPECT_EQ(above_one.Test(held), above_one.Test(e));
  }
}

}  // namespace
}  // namespace quarry
