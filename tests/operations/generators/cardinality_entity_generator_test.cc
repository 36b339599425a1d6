// HllSketchEntityGenerator and HyperLogLogPlusEntityGenerator against
// Gaffer's HllSketchEntityGeneratorTest (the edge, then an entity per end in
// group "Cardinality" whose "cardinality" sketch holds the other end and
// estimates exactly 1; propertiesToCopy copied) and gaffer-doc's
// what-is-cardinality.md (edgeGroupProperty; "bytes": "AgEHCgMIAQBejtgF" for
// the entity "A" of the edge A->B).
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "graph-core/base64.h"
#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "gtest/gtest.h"
#include "operations/generators/generator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

std::vector<Element> Generated(const std::string& spec, const Item& input) {
  auto gen = MakeElementGenerator(Json::parse(spec), "elementGenerator");
  EXPECT_TRUE(gen.ok()) << gen.status().ToString();
  std::vector<Element> out;
  if (gen.ok()) EXPECT_TRUE((*gen)->Generate(input, &out).ok());
  return out;
}

TEST(CardinalityEntityGeneratorTest, EdgeThenAnEntityPerEndWithTheOtherEnd) {
  Element edge = Element::Edge("BasicEntity", Value::String("A"), Value::String("B"), true,
                               {{"prop1", Value::String("value1")}});
  std::vector<Element> out = Generated(
      R"({"class": "HllSketchEntityGenerator", "propertiesToCopy": ["prop1"]})", Item(edge));
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], edge);
  for (int i : {1, 2}) {
    EXPECT_TRUE(out[i].is_entity());
    EXPECT_EQ(out[i].group(), "Cardinality");
    const Value& sketch = out[i].properties().Get("cardinality");
    ASSERT_EQ(sketch.type(), ValueType::kHllSketch);
    EXPECT_EQ(sketch.AsSketch().Estimate(), 1.0);
    EXPECT_EQ(out[i].properties().Get("prop1"), Value::String("value1"));
  }
  EXPECT_EQ(out[1].vertex(), Value::String("A"));
  EXPECT_EQ(out[2].vertex(), Value::String("B"));
  // A's sketch holds B: the image gaffer-doc shows.
  EXPECT_EQ(Base64Encode(out[1].properties().Get("cardinality").AsSketch().Serialize()),
            "AgEHCgMIAQBejtgF");
}

TEST(CardinalityEntityGeneratorTest, NamedGroupPropertyCountAndEdgeGroup) {
  std::vector<Element> out = Generated(R"({"class":
      "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.HllSketchEntityGenerator",
      "cardinalityPropertyName": "approxCardinality", "edgeGroupProperty": "edgeGroup",
      "countProperty": "count", "group": "cardinality"})",
                                       Item(Json::parse(R"({"class": "Edge", "group": "edgeGroup1",
      "source": "A", "destination": "B", "directed": true})")));
  ASSERT_EQ(out.size(), 3u);
  const Element& a = out[1];
  EXPECT_EQ(a.group(), "cardinality");
  EXPECT_EQ(a.properties().Get("approxCardinality").AsSketch().Estimate(), 1.0);
  EXPECT_EQ(a.properties().Get("count"), Value::Int64(1));
  EXPECT_EQ(a.properties().Get("edgeGroup"), Value::TreeSet({Value::String("edgeGroup1")}));
  EXPECT_EQ(a.properties().Find("cardinality"), nullptr);
}

TEST(CardinalityEntityGeneratorTest, EntitiesPassThroughAndHyperLogLogPlusToo) {
  Element entity = Element::Entity("e", Value::Int32(1));
  std::vector<Element> out = Generated(R"({"class": "HllSketchEntityGenerator"})", Item(entity));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], entity);
  out = Generated(R"({"class": "HyperLogLogPlusEntityGenerator"})",
                  Item(Element::Edge("g", Value::Int64(1), Value::Int64(2), false)));
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1].properties().Get("cardinality").type(), ValueType::kHyperLogLogPlus);
  // Gaffer's HyperLogLogPlusEntityGeneratorTest: each end's sketch counts 1.
  EXPECT_EQ(out[1].properties().Get("cardinality").AsHyperLogLogPlus().Cardinality(), 1);
  EXPECT_EQ(out[2].properties().Get("cardinality").AsHyperLogLogPlus().Cardinality(), 1);
}

TEST(CardinalityEntityGeneratorTest, BadFieldsAreNamed) {
  EXPECT_THAT(
      MakeElementGenerator(Json::parse(R"({"class": "HllSketchEntityGenerator",
      "propertiesToCopy": "prop1"})"),
                           "elementGenerator"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "elementGenerator.propertiesToCopy"));
}

}  // namespace
}  // namespace quarry
