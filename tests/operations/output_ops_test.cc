// Output operations with hand-worked expected values. Graph: the gaffer-doc
// example (entities 1..5 with counts 3,1,2,1,3; directed edges 1->2 (3),
// 1->4 (1), 2->3 (2), 2->4 (1), 2->5 (1), 3->4 (4)).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string Chain(std::string_view first, std::string_view second) {
  return R"({"operations":[)" + std::string(first) + "," + std::string(second) + "]}";
}

constexpr std::string_view kAll = R"({"class":"GetAllElements"})";
constexpr std::string_view kSeeds12Outgoing =
    R"({"class":"GetElements","input":[1,2],"view":{"edges":{"edge":{}}},
        "includeIncomingOutGoing":"OUTGOING"})";

TEST(OutputOpsTest, CountIsANumber) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(Chain(kAll, R"({"class":"Count"})")));
  EXPECT_EQ(out, Json(11));
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"Count","input":[1,1,2]})"));
  EXPECT_EQ(out, Json(3));
}

TEST(OutputOpsTest, CountGroups) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(Chain(kAll, R"({"class":"CountGroups"})")));
  EXPECT_EQ(out, Json::parse(R"({"entityGroups":{"entity":5},"edgeGroups":{"edge":6},
                                 "limitHit":false})"));
  // The fake returns the five entities first; the fourth element hits the limit.
  ASSERT_OK_AND_ASSIGN(out, f.Run(Chain(kAll, R"({"class":"CountGroups","limit":3})")));
  EXPECT_EQ(out, Json::parse(R"({"entityGroups":{"entity":3},"edgeGroups":{},
                                 "limitHit":true})"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(Chain(kAll, R"({"class":"CountGroups","limit":11})")));
  EXPECT_EQ(out["limitHit"], Json(false));
}

TEST(OutputOpsTest, Limit) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(Chain(kAll, R"({"class":"Limit","resultLimit":3})")));
  EXPECT_EQ(out.size(), 3u);
  ASSERT_OK_AND_ASSIGN(out, f.Run(Chain(kAll, R"({"class":"Limit","resultLimit":11,
                                                 "truncate":false})")));
  EXPECT_EQ(out.size(), 11u);
  EXPECT_THAT(f.Run(Chain(kAll, R"({"class":"Limit","resultLimit":10,"truncate":false})")).status(),
              StatusIsWithMessage(StatusCode::kResourceExhausted, "Limit of 10 exceeded"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(Chain(kAll, R"({"class":"Limit","resultLimit":0})")));
  EXPECT_EQ(out, Json::array());
}

TEST(OutputOpsTest, ToSetIgnoresMatchedVertex) {
  DocFixture f;
  // Seeds 1 and 2: 1->2 comes back twice (SOURCE, DESTINATION); ToSet keeps one.
  ASSERT_OK_AND_ASSIGN(
      Json out, f.Run(Chain(R"({"class":"GetElements","input":[1,2]})", R"({"class":"ToSet"})")));
  EXPECT_EQ(out.size(), 7u);
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"ToSet","input":[1,2,1,{"Long":1},"1"]})"));
  // The Long 1 is kept apart from the Integer 1 (Java's equals), and written
  // bare, as Gaffer's result mapper (no default typing) writes it.
  EXPECT_EQ(out, Json::parse(R"([1,2,1,"1"])"));
}

TEST(OutputOpsTest, ToListArrayStreamPassThrough) {
  DocFixture f;
  for (std::string_view cls : {"ToList", "ToArray", "ToStream"}) {
    ASSERT_OK_AND_ASSIGN(Json out,
                         f.Run(R"({"class":")" + std::string(cls) + R"(","input":[3,1,3]})"));
    EXPECT_EQ(out, Json::parse("[3,1,3]")) << cls;
  }
  // Gaffer's ToArrayHandler gives null for an empty input; ToList keeps [].
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ToArray","input":[]})"));
  EXPECT_TRUE(out.is_null()) << out.dump();
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"ToList","input":[]})"));
  EXPECT_EQ(out, Json::array());
}

TEST(OutputOpsTest, ToSingletonList) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(Chain(R"({"class":"Count","input":[1,2]})",
                                             R"({"class":"ToSingletonList"})")));
  EXPECT_EQ(out, Json::parse("[2]"));
  ASSERT_OK_AND_ASSIGN(
      out, f.Run(Chain(R"({"class":"ToList","input":[1,2]})", R"({"class":"ToSingletonList"})")));
  EXPECT_EQ(out, Json::parse("[[1,2]]"));
  // An explicit lone value is one value (Gaffer's Input<T>), not a list of one.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"ToSingletonList","input":"x"})"));
  EXPECT_EQ(out, Json::parse(R"(["x"])"));
}

TEST(OutputOpsTest, ToVerticesAfterGetElements) {
  DocFixture f;
  // Outgoing rows: 1->2 and 1->4 matched at 1; 2->3, 2->4, 2->5 matched at 2.
  ASSERT_OK_AND_ASSIGN(
      Json out,
      f.Run(Chain(kSeeds12Outgoing, R"({"class":"ToVertices","edgeVertices":"DESTINATION"})")));
  EXPECT_TRUE(SameMultiset(out, "[2,4,3,4,5]"));
  ASSERT_OK_AND_ASSIGN(
      out, f.Run(Chain(kSeeds12Outgoing, R"({"class":"ToVertices","useMatchedVertex":"EQUAL"})")));
  EXPECT_TRUE(SameMultiset(out, "[1,1,2,2,2]"));
  ASSERT_OK_AND_ASSIGN(
      out,
      f.Run(Chain(kSeeds12Outgoing, R"({"class":"ToVertices","useMatchedVertex":"OPPOSITE"})")));
  EXPECT_TRUE(SameMultiset(out, "[2,4,3,4,5]"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(Chain(kSeeds12Outgoing, R"({"class":"ToVertices"})")));
  EXPECT_EQ(out, Json::array());  // By default an edge gives nothing.
}

// gaffer-compat.md §7.3 on explicit ids.
TEST(OutputOpsTest, ToVerticesRules) {
  DocFixture f;
  struct Case {
    std::string_view fields;
    std::string_view expected;
  } cases[] = {
      // Matched SOURCE edge seed (1,2); unmatched edge seed (3,4); entity seed 9.
      {"", "[9]"},
      {R"(,"edgeVertices":"NONE","useMatchedVertex":"EQUAL")", "[9]"},
      {R"(,"edgeVertices":"SOURCE")", "[1,3,9]"},
      {R"(,"edgeVertices":"DESTINATION")", "[2,4,9]"},
      {R"(,"edgeVertices":"BOTH")", "[1,2,3,4,9]"},
      {R"(,"useMatchedVertex":"EQUAL")", "[1,3,9]"},
      {R"(,"useMatchedVertex":"OPPOSITE")", "[2,4,9]"},
      {R"(,"useMatchedVertex":"IGNORE")", "[9]"},
      {R"(,"useMatchedVertex":"IGNORE","edgeVertices":"BOTH")", "[1,2,3,4,9]"},
      {R"(,"useMatchedVertex":"OPPOSITE","edgeVertices":"SOURCE")", "[2,3,9]"},
      {R"(,"useMatchedVertex":"EQUAL","edgeVertices":"DESTINATION")", "[1,4,9]"},
  };
  for (const Case& c : cases) {
    std::string op = R"({"class":"ToVertices","input":[
        {"class":"EdgeSeed","source":1,"destination":2,"matchedVertex":"SOURCE"},
        {"class":"EdgeSeed","source":3,"destination":4},
        {"class":"EntitySeed","vertex":9}])" +
                     std::string(c.fields) + "}";
    ASSERT_OK_AND_ASSIGN(Json out, f.Run(op));
    EXPECT_TRUE(SameMultiset(out, c.expected)) << c.fields;
  }
}

TEST(OutputOpsTest, ToEntitySeeds) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ToEntitySeeds","input":[1,"a"]})"));
  EXPECT_EQ(out,
            Json::parse(R"([{"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":1},
      {"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"a"}])"));
}

// Gaffer's ToEntitySeedsHandler makes `new EntitySeed(item)` of anything
// but an EntitySeed, so an element or an EdgeSeed becomes the vertex, whole
// (gaffer-doc's ToEntitySeeds example after GetElements shows the entities
// and edges wrapped this way).
TEST(OutputOpsTest, ToEntitySeedsWrapsElementsAndEdgeSeeds) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ToEntitySeeds","input":[
      {"class":"Entity","group":"entity","vertex":2,"properties":{"count":1}},
      {"class":"EdgeSeed","source":1,"destination":2}]})"));
  EXPECT_EQ(out, Json::parse(R"([
      {"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed",
       "vertex":{"uk.gov.gchq.gaffer.data.element.Entity":
         {"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":2,
          "properties":{"count":1}}}},
      {"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed",
       "vertex":{"uk.gov.gchq.gaffer.operation.data.EdgeSeed":
         {"class":"uk.gov.gchq.gaffer.operation.data.EdgeSeed","source":1,"destination":2,
          "directedType":"EITHER"}}}])"));
}

// A generator class ToCsv does not know is named, not read as a
// CsvGenerator with no fields (which would answer with empty lines).
TEST(OutputOpsTest, ToCsvRefusesOtherGeneratorClasses) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"ToCsv","input":[
      {"class":"Entity","group":"entity","vertex":1,"properties":{"count":3}}],
      "csvGenerator":{"class":"com.example.MyCsvGenerator"}})"),
              StatusIsWithMessage(StatusCode::kUnimplemented, "com.example.MyCsvGenerator"));
  ASSERT_OK_AND_ASSIGN(Json simple, f.Run(R"({"class":"ToCsv","includeHeader":false,"input":[
      {"class":"Entity","group":"entity","vertex":1,"properties":{"count":3}}],
      "csvGenerator":{"class":"CsvGenerator","fields":{"VERTEX":"v"}}})"));
  EXPECT_EQ(simple, Json::parse(R"(["1"])"));
}

// Gaffer's ToCsvHandler gives the Neo4j generator the schema's properties,
// typed from their classes (count is an Integer: count:Int; each edge
// group's directed type is a Boolean), after its five role columns
// (Neo4jCsvGenerator.getDefaultFields), so an entity leaves the edge columns
// and DIRECTED empty and an edge the id and label.
TEST(OutputOpsTest, ToCsvWithTheNeo4jGeneratorTypesTheSchemaProperties) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ToCsv","input":[
      {"class":"Entity","group":"entity","vertex":1,"properties":{"count":3}},
      {"class":"Edge","group":"edge","source":1,"destination":2,"directed":false,
       "properties":{}}],
      "csvGenerator":{"class":"Neo4jCsvGenerator","fields":{"VERTEX":"ignored"}}})"));
  EXPECT_EQ(out, Json::parse(R"(["_id,_labels,_type,_start,_end,count:Int,DIRECTED:Boolean",
                                  "1,entity,,,,3,", ",,edge,1,2,,false"])"));
}

TEST(OutputOpsTest, ToCsv) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ToCsv","input":[
      {"class":"Entity","group":"entity","vertex":1,"properties":{"count":3}},
      {"class":"Edge","group":"edge","source":1,"destination":2,"directed":true,
       "properties":{"count":3,"name":"a,b"}}],
      "csvGenerator":{"class":"uk.gov.gchq.gaffer.data.generator.CsvGenerator",
        "fields":{"GROUP":"Group","VERTEX":"Vertex","SOURCE":"Source","count":"Count",
                  "name":"Name"},
        "constants":{"k":"Const"}}})"));
  EXPECT_EQ(out, Json::parse(R"(["Group,Vertex,Source,Count,Name,Const",
                                  "entity,1,,3,,k", "edge,,1,3,a b,k"])"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"ToCsv","includeHeader":false,"input":[
      {"class":"Edge","group":"edge","source":1,"destination":2,"properties":{"name":"a,b"}}],
      "elementGenerator":{"fields":{"DESTINATION":"d","name":"n"},"quoted":true,
                          "commaReplacement":";"}})"));
  EXPECT_EQ(out, Json::parse(R"(["\"2\",\"a;b\""])"));
  EXPECT_THAT(f.Run(R"({"class":"ToCsv","input":[1],"csvGenerator":{"fields":{}}})").status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(OutputOpsTest, DiscardOutputGivesNull) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(Chain(kAll, R"({"class":"DiscardOutput"})")));
  EXPECT_TRUE(out.is_null());
}

}  // namespace
}  // namespace quarry
