// Filter, Transform, Aggregate and Validate through the executor, on the
// gaffer-doc operations example graph (FakeGraph): entities 1..5 (count
// 3,1,2,1,3); directed edges 1->2 (3), 1->4 (1), 2->3 (2), 2->4 (1),
// 2->5 (1), 3->4 (4). Expected results worked out by hand from the
// operations guide (core.md: Filter, Aggregate, Transform) and Gaffer's
// handlers.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string OpsEntityJson(int v, int count, std::string_view group = "entity") {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":")" + std::string(group) +
         R"(","vertex":)" + std::to_string(v) + R"(,"properties":{"count":)" +
         std::to_string(count) + "}}";
}

std::string OpsEdgeJson(int s, int d, int count, std::string_view matched = "",
                        std::string_view group = "edge") {
  std::string mv = matched.empty() ? "" : R"(,"matchedVertex":")" + std::string(matched) + "\"";
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":")" + std::string(group) +
         R"(","source":)" + std::to_string(s) + R"(,"destination":)" + std::to_string(d) +
         R"(,"directed":true)" + mv + R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}

constexpr std::string_view kGetElementsFor1 =
    R"({"class":"GetElements","input":[{"class":"EntitySeed","vertex":1}]})";

TEST(ElementOpsTest, FilterGlobalElementsCountMoreThan2) {
  // core.md "Example filtering for elements with a count more than 2": the
  // edge 1->4 (count 1) is removed.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[)" +
                                       std::string(kGetElementsFor1) + R"(,
      {"class":"Filter","globalElements":{"predicates":[{"selection":["count"],
        "predicate":{"class":"IsMoreThan","orEqualTo":false,"value":2}}]}}]})"));
  EXPECT_TRUE(
      SameMultiset(out, "[" + OpsEntityJson(1, 3) + "," + OpsEdgeJson(1, 2, 3, "SOURCE") + "]"));
}

TEST(ElementOpsTest, FilterEdgesMapDropsUnlistedKinds) {
  // core.md "Example filtering for edges of type edge with count more than 2":
  // with only "edges" given, entities are not listed and are dropped.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[)" +
                                       std::string(kGetElementsFor1) + R"(,
      {"class":"uk.gov.gchq.gaffer.operation.impl.function.Filter","edges":{"edge":{
        "predicates":[{"selection":["count"],
        "predicate":{"class":"IsMoreThan","orEqualTo":false,"value":2}}]}}}]})"));
  EXPECT_TRUE(SameMultiset(out, "[" + OpsEdgeJson(1, 2, 3, "SOURCE") + "]"));
}

TEST(ElementOpsTest, FilterGlobalKindFiltersAndUnknownGroups) {
  DocFixture f;
  // globalEntities applies to entities only; entity group with an empty filter.
  std::string input = "[" + OpsEntityJson(1, 3) + "," + OpsEntityJson(2, 1) + "," +
                      OpsEdgeJson(2, 3, 2) + "," + OpsEntityJson(9, 9, "nonSchemaGroup") + "]";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Filter","input":)" + input + R"(,
      "globalEntities":{"predicates":[{"selection":["count"],
        "predicate":{"class":"IsLessThan","value":2}}]}})"));
  // No maps: every schema group listed, so the unknown group is dropped.
  EXPECT_TRUE(SameMultiset(out, "[" + OpsEntityJson(2, 1) + "," + OpsEdgeJson(2, 3, 2) + "]"));
  EXPECT_THAT(f.Run(R"({"class":"Filter","input":[],"edges":{"noSuchGroup":{}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "edges.noSuchGroup: edge group"));
}

TEST(ElementOpsTest, TransformProjectsPerGroup) {
  DocFixture f;
  // Each edge's count becomes its DESTINATION; entities have no map: unchanged.
  ASSERT_OK_AND_ASSIGN(
      Json out,
      f.Run(R"({"class":"Transform","input":[)" + OpsEdgeJson(1, 4, 1) + "," + OpsEntityJson(3, 2) +
            R"(],"edges":{"edge":{"functions":[{"selection":["DESTINATION"],
                          "function":{"class":"Identity"},"projection":["count"]}]}}})"));
  EXPECT_EQ(SortedDumps(out),
            SortedDumps(Json::parse("[" + OpsEdgeJson(1, 4, 4) + "," + OpsEntityJson(3, 2) + "]")));
}

TEST(ElementOpsTest, AggregateUsesSchemaAggregatorsByDefault) {
  // core.md "Example simple aggregate elements": {"class": "Aggregate"} sums
  // count (the schema's Sum) over elements with the same identifiers;
  // matchedVertex is not part of the key (the first element's is kept).
  DocFixture f;
  std::string input = "[" + OpsEdgeJson(1, 2, 3, "SOURCE") + "," +
                      OpsEdgeJson(1, 2, 3, "DESTINATION") + "," + OpsEntityJson(1, 3) + "," +
                      OpsEntityJson(1, 4) + "," + OpsEntityJson(2, 1) + "]";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Aggregate","input":)" + input + "}"));
  EXPECT_TRUE(SameMultiset(out, "[" + OpsEdgeJson(1, 2, 6, "SOURCE") + "," + OpsEntityJson(1, 7) +
                                    "," + OpsEntityJson(2, 1) + "]"));
}

TEST(ElementOpsTest, AggregateWithGivenAggregatorAndEmptyGroupBy) {
  // AggregatePair(groupBy [], elementAggregator Max on count) for "edge";
  // entities keep the schema's Sum.
  DocFixture f;
  std::string input = "[" + OpsEdgeJson(1, 2, 3) + "," + OpsEdgeJson(1, 2, 5) + "," +
                      OpsEdgeJson(1, 2, 4) + "," + OpsEdgeJson(2, 3, 2) + "]";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Aggregate","input":)" + input + R"(,
      "edges":{"edge":{"groupBy":[],"elementAggregator":{"operators":[
        {"selection":["count"],"binaryOperator":{"class":"Max"}}]}}}})"));
  EXPECT_TRUE(SameMultiset(out, "[" + OpsEdgeJson(1, 2, 5) + "," + OpsEdgeJson(2, 3, 2) + "]"));
  EXPECT_THAT(f.Run(R"({"class":"Aggregate","input":[],
                       "entities":{"edge":{"groupBy":[]}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "entities.edge: entity group"));
  EXPECT_THAT(f.Run(R"({"class":"Aggregate","edges":{"edge":{"elementAggregator":{
                         "operators":[{"selection":["count"],"binaryOperator":{"class":"Nope"}}]}}}})"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ElementOpsTest, AggregateRefusesPastTheMaterialisationLimit) {
  ExecutorLimits limits;
  limits.max_materialised_items = 2;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"OperationChain","operations":[{"class":"GetAllElements"},
                       {"class":"Aggregate"}]})"),
              StatusIs(StatusCode::kResourceExhausted));
}

TEST(ElementOpsTest, ValidateSkipsOrRefusesInvalidElements) {
  // The "true" type of edge's directed field has IsTrue: an undirected edge
  // is invalid; a group the schema lacks is invalid.
  DocFixture f;
  std::string undirected =
      R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":1,
          "destination":2,"directed":false,"properties":{"count":1}})";
  std::string input = "[" + OpsEntityJson(1, 3) + "," + undirected + "," +
                      OpsEntityJson(7, 1, "unknownGroup") + "]";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Validate","skipInvalidElements":true,
                                           "input":)" +
                                       input + "}"));
  EXPECT_TRUE(SameMultiset(out, "[" + OpsEntityJson(1, 3) + "]"));
  EXPECT_THAT(
      f.Run(R"({"class":"uk.gov.gchq.gaffer.operation.impl.Validate","input":)" + input + "}"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "is not valid"));
}

}  // namespace
}  // namespace quarry
