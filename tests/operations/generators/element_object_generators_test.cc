// GenerateObjects' MapGenerator and EntityIdExtractor, against Gaffer's
// MapGeneratorTest (fields, absent fields left out, constants after) and
// EntityIdExtractor (an entity's vertex; an edge's DESTINATION by default).
#include "operations/generators/element_object_generators.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/generators/generator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

Element Edge12() {
  return Element::Edge("edge", Value::String("1"), Value::String("2"), true,
                       {{"count", Value::Int64(3)}});
}

TEST(MapGeneratorTest, FieldsThenConstantsAbsentFieldsLeftOut) {
  ASSERT_OK_AND_ASSIGN(
      auto gen,
      MakeObjectGenerator(Json::parse(R"({"class":"uk.gov.gchq.gaffer.data.generator.MapGenerator",
          "fields":{"GROUP":"Group","SOURCE":"src","count":"n","missing":"m"},
          "constants":{"kind":"link"}})"),
                          "elementGenerator"));
  std::vector<Item> out;
  ASSERT_OK(gen->Generate(Edge12(), &out));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(std::get<Json>(out[0]),
            Json::parse(R"({"Group":"edge","src":"1","n":{"java.lang.Long":3},"kind":"link"})"));
}

TEST(EntityIdExtractorTest, EntityVertexOrTheEdgesChosenEnd) {
  ASSERT_OK_AND_ASSIGN(auto dest, MakeObjectGenerator(Json::parse(R"({"class":
      "uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor"})"),
                                                      "g"));
  std::vector<Item> out;
  ASSERT_OK(dest->Generate(Edge12(), &out));
  ASSERT_OK(dest->Generate(Element::Entity("entity", Value::String("v")), &out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(std::get<ElementId>(out[0]), ElementId(EntitySeed{Value::String("2")}));
  EXPECT_EQ(std::get<ElementId>(out[1]), ElementId(EntitySeed{Value::String("v")}));
  ASSERT_OK_AND_ASSIGN(auto src, MakeObjectGenerator(Json::parse(R"({"class":
      "uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor",
      "edgeIdentifierToExtract":"SOURCE"})"),
                                                     "g"));
  out.clear();
  ASSERT_OK(src->Generate(Edge12(), &out));
  EXPECT_EQ(std::get<ElementId>(out[0]), ElementId(EntitySeed{Value::String("1")}));
  EXPECT_THAT(MakeObjectGenerator(Json::parse(R"({"class":
      "uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor",
      "edgeIdentifierToExtract":"GROUP"})"),
                                  "g")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "g.edgeIdentifierToExtract"));
}

}  // namespace
}  // namespace quarry
