// The generator registry and Gaffer's REST example generators
// (rest-api/common-rest .../rest/example: ExampleElementGenerator makes an
// Edge from two or more ids, directed only if ids[2] is true, and an Entity
// from one; ExampleDomainObjectGenerator is its inverse).
#include "operations/generators/generator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;

constexpr char kExampleElementGenerator[] =
    "uk.gov.gchq.gaffer.rest.example.ExampleElementGenerator";
constexpr char kExampleObjectGenerator[] =
    "uk.gov.gchq.gaffer.rest.example.ExampleDomainObjectGenerator";

TEST(GeneratorRegistryTest, ListsGaffersClassNamesSorted) {
  EXPECT_THAT(
      RegisteredElementGeneratorClassNames(),
      ElementsAre(
          "uk.gov.gchq.gaffer.data.generator.JsonToElementGenerator",
          "uk.gov.gchq.gaffer.data.generator.Neo4jCsvElementGenerator",
          "uk.gov.gchq.gaffer.data.generator.NeptuneCsvElementGenerator",
          "uk.gov.gchq.gaffer.rest.example.ExampleElementGenerator",
          "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.HyperLogLogPlusEntityGenerator",
          "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.HllSketchEntityGenerator",
          "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficCsvElementGenerator",
          "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator"));
  EXPECT_THAT(RegisteredObjectGeneratorClassNames(),
              ElementsAre("uk.gov.gchq.gaffer.data.generator.CsvGenerator",
                          "uk.gov.gchq.gaffer.data.generator.MapGenerator",
                          "uk.gov.gchq.gaffer.data.generator.Neo4jCsvGenerator",
                          "uk.gov.gchq.gaffer.data.generator.NeptuneCsvGenerator",
                          "uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor",
                          "uk.gov.gchq.gaffer.rest.example.ExampleDomainObjectGenerator"));
  for (const std::string& name : RegisteredElementGeneratorClassNames()) {
    EXPECT_TRUE(MakeElementGenerator(Json{{"class", name}}, "g").ok()) << name;
  }
}

// Gaffer resolves the simple names of its generator classes (gaffer-doc's
// example deployment loads with "Neo4jCsvElementGenerator"); a simple name
// only one registered class has is enough.
TEST(GeneratorRegistryTest, UniqueSimpleNamesResolve) {
  EXPECT_TRUE(MakeElementGenerator(Json{{"class", "Neo4jCsvElementGenerator"}}, "g").ok());
  EXPECT_TRUE(MakeObjectGenerator(Json{{"class", "NeptuneCsvGenerator"}}, "g").ok());
  EXPECT_THAT(MakeElementGenerator(Json{{"class", "NoSuchGenerator"}}, "g"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "unknown element generator class 'NoSuchGenerator'"));
}

TEST(GeneratorRegistryTest, UnknownOrMissingClassIsNamed) {
  EXPECT_THAT(
      MakeElementGenerator(Json{{"class", "com.example.Nope"}}, "operations[0].elementGenerator"),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "operations[0].elementGenerator.class: unknown element generator "
                          "class 'com.example.Nope'"));
  // An element generator is not an object generator.
  EXPECT_THAT(MakeObjectGenerator(Json{{"class", kExampleElementGenerator}}, "g"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown object generator class"));
  EXPECT_THAT(MakeElementGenerator(Json::object(), "g"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "g.class: required"));
  EXPECT_THAT(MakeElementGenerator(Json("x"), "g"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "g: expected an object"));
}

std::vector<Element> GenerateExample(const Json& object) {
  auto gen = MakeElementGenerator(Json{{"class", kExampleElementGenerator}}, "g");
  EXPECT_TRUE(gen.ok());
  std::vector<Element> out;
  Status s = (*gen)->Generate(Item(object), &out);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return out;
}

TEST(ExampleElementGeneratorTest, IdsMakeAnEntityOrAnEdge) {
  EXPECT_THAT(GenerateExample(Json{{"class", "uk.gov.gchq.gaffer.rest.example.ExampleDomainObject"},
                                   {"ids", {"vertex1"}},
                                   {"type", "entity"}}),
              ElementsAre(Element::Entity("entity", Value::String("vertex1"))));
  EXPECT_THAT(GenerateExample(Json{{"ids", {"a", "b", true}}, {"type", "edge"}}),
              ElementsAre(Element::Edge("edge", Value::String("a"), Value::String("b"), true)));
  // Only a boolean true directs the edge; two ids make an undirected edge.
  EXPECT_THAT(GenerateExample(Json{{"ids", {1, 2, "true"}}, {"type", "edge"}}),
              ElementsAre(Element::Edge("edge", Value::Int32(1), Value::Int32(2), false)));
  EXPECT_THAT(GenerateExample(Json{{"ids", {"a", "b"}}, {"type", "edge"}}),
              ElementsAre(Element::Edge("edge", Value::String("a"), Value::String("b"), false)));
}

TEST(ExampleElementGeneratorTest, MalformedObjectsAreRefused) {
  auto gen = MakeElementGenerator(Json{{"class", kExampleElementGenerator}}, "g");
  ASSERT_TRUE(gen.ok());
  std::vector<Element> out;
  EXPECT_THAT(
      (*gen)->Generate(Item(Json{{"ids", Json::array()}, {"type", "t"}}), &out),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "\"ids\" must be a non-empty array"));
  EXPECT_THAT((*gen)->Generate(Item(Json{{"ids", {"a"}}}), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "\"type\" must be a string"));
  EXPECT_THAT((*gen)->Generate(Item(Value::String("a")), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "expected an ExampleDomainObject"));
  EXPECT_TRUE(out.empty());
}

TEST(ExampleDomainObjectGeneratorTest, ElementsBecomeTypeAndIds) {
  auto gen = MakeObjectGenerator(Json{{"class", kExampleObjectGenerator}}, "g");
  ASSERT_TRUE(gen.ok());
  std::vector<Item> out;
  ASSERT_OK((*gen)->Generate(Element::Entity("entity", Value::Int64(7)), &out));
  ASSERT_OK(
      (*gen)->Generate(Element::Edge("edge", Value::String("a"), Value::String("b"), true), &out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(ItemToJson(out[0]), Json::parse(R"({"ids": [7], "type": "entity"})"));
  EXPECT_EQ(ItemToJson(out[1]), Json::parse(R"({"ids": ["a", "b", true], "type": "edge"})"));
}

// Gaffer's CsvGenerator as an object generator: the fields' values (GROUP,
// identifiers, properties; empty when absent), then the constants.
TEST(CsvObjectGeneratorTest, ElementsBecomeCsvLines) {
  auto gen =
      MakeObjectGenerator(Json::parse(R"({"class": "uk.gov.gchq.gaffer.data.generator.CsvGenerator",
                      "fields": {"GROUP": "Group", "VERTEX": "Vertex", "count": "Count",
                                 "missing": "Missing"},
                      "constants": {"road": "Kind"}})"),
                          "g");
  ASSERT_TRUE(gen.ok()) << gen.status().ToString();
  std::vector<Item> out;
  ASSERT_OK((*gen)->Generate(
      Element::Entity("JunctionUse", Value::String("M5:10"), {{"count", Value::Int64(3)}}), &out));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(ItemToJson(out[0]), Json("JunctionUse,M5:10,3,,road"));
  EXPECT_THAT(
      MakeObjectGenerator(Json::parse(R"({"class": "uk.gov.gchq.gaffer.data.generator.CsvGenerator",
                                                  "quoted": "yes"})"),
                          "g"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "g.quoted"));
}

// Gaffer's JsonToElementGenerator: one element's JSON per input string.
TEST(JsonToElementGeneratorTest, StringsOfElementJsonBecomeElements) {
  auto gen = MakeElementGenerator(
      Json{{"class", "uk.gov.gchq.gaffer.data.generator.JsonToElementGenerator"}}, "g");
  ASSERT_TRUE(gen.ok()) << gen.status().ToString();
  std::vector<Element> out;
  ASSERT_OK((*gen)->Generate(
      Item(Json(R"({"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "RoadUse",
                    "source": "M5:10", "destination": "M5:11", "directed": true,
                    "properties": {"count": {"java.lang.Long": 3}}})")),
      &out));
  EXPECT_THAT(out,
              ElementsAre(Element::Edge("RoadUse", Value::String("M5:10"), Value::String("M5:11"),
                                        true, {{"count", Value::Int64(3)}})));
  EXPECT_THAT((*gen)->Generate(Item(Json("{not json")), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unable to process JSON string"));
  EXPECT_THAT((*gen)->Generate(Item(Json(R"({"class": "Entity"})")), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "JsonToElementGenerator input"));
  EXPECT_EQ(out.size(), 1u);
}

TEST(GeneratorInputStringTest, AcceptsJsonAndValueStringsOnly) {
  EXPECT_EQ(GeneratorInputString(Item(Json("x")), "G").value(), "x");
  EXPECT_EQ(GeneratorInputString(Item(Value::String("y")), "G").value(), "y");
  EXPECT_THAT(
      GeneratorInputString(Item(Json(3)), "G"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "G: expected a string input, got 3"));
}

}  // namespace
}  // namespace quarry
