// Reads through the executor against the gaffer-doc example graph (FakeGraph).
// Graph: entities 1..5 (count 3,1,2,1,3); directed edges 1->2 (3), 1->4 (1),
// 2->3 (2), 2->4 (1), 2->5 (1), 3->4 (4).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr std::string_view kE2 =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":2,
        "properties":{"count":1}})";

std::string Edge(int s, int d, int count, std::string_view matched) {
  std::string mv = matched.empty() ? "" : R"(,"matchedVertex":")" + std::string(matched) + "\"";
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":)" +
         std::to_string(s) + R"(,"destination":)" + std::to_string(d) + R"(,"directed":true)" + mv +
         R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}

std::string Entity(int v, int count) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":)" +
         std::to_string(v) + R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}

std::string Seed(int v) {
  return R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":)" +
         std::to_string(v) + "}";
}

TEST(ReadOpsTest, GetElementsRelatedToVertex) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetElements","input":[2]})"));
  EXPECT_TRUE(SameMultiset(out, "[" + std::string(kE2) + "," + Edge(1, 2, 3, "DESTINATION") + "," +
                                    Edge(2, 3, 2, "SOURCE") + "," + Edge(2, 4, 1, "SOURCE") + "," +
                                    Edge(2, 5, 1, "SOURCE") + "]"));
}

TEST(ReadOpsTest, ReadsUseTheUsersAuthsOnly) {
  DocFixture f;
  f.user.data_auths = {"public", "private"};
  ASSERT_OK(f.Run(R"({"class":"GetElements","input":[2],"options":{"auths":"admin"}})").status());
  EXPECT_EQ(f.graph->last_options().auths.ToString(), "private,public");
  f.user.data_auths = {""};
  EXPECT_THAT(f.Run(R"({"class":"GetAllElements"})").status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ReadOpsTest, QueryOptionsPassedThrough) {
  DocFixture f;
  ASSERT_OK(f.Run(R"({"class":"GetElements","input":[2],"includeIncomingOutGoing":"INCOMING",
      "directedType":"DIRECTED","seedMatching":"EQUAL"})")
                .status());
  const QueryOptions& o = f.graph->last_options();
  EXPECT_EQ(o.include_incoming_outgoing, IncludeIncomingOutgoing::kIncoming);
  EXPECT_EQ(o.directed_type, DirectedType::kDirected);
  EXPECT_TRUE(o.seed_matching_equal);
  EXPECT_FALSE(o.view.has_value());
  // A view is expanded: globalElements merged, groups defaulted.
  ASSERT_OK(f.Run(R"({"class":"GetAllElements","view":{"globalElements":[{}]}})").status());
  ASSERT_TRUE(f.graph->last_options().view.has_value());
  EXPECT_EQ(f.graph->last_options().view->entities().size(), 2u);
  EXPECT_EQ(f.graph->last_options().view->edges().size(), 2u);
}

TEST(ReadOpsTest, SeedMatchingEqualReturnsOnlyTheEntity) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out,
                       f.Run(R"({"class":"GetElements","input":[2],"seedMatching":"EQUAL"})"));
  EXPECT_TRUE(SameMultiset(out, "[" + std::string(kE2) + "]"));
}

TEST(ReadOpsTest, GetAdjacentIds) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetAdjacentIds","input":[2]})"));
  EXPECT_TRUE(
      SameMultiset(out, "[" + Seed(1) + "," + Seed(3) + "," + Seed(4) + "," + Seed(5) + "]"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"GetAdjacentIds","input":[2],
      "includeIncomingOutGoing":"OUTGOING"})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Seed(3) + "," + Seed(4) + "," + Seed(5) + "]"));
  // No de-duplication: 1->2 and 1->4 from seed 1, 2->3 and 3->4 from seed 3.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"GetAdjacentIds","input":[1,3]})"));
  EXPECT_TRUE(
      SameMultiset(out, "[" + Seed(2) + "," + Seed(4) + "," + Seed(2) + "," + Seed(4) + "]"));
}

TEST(ReadOpsTest, GetAdjacentIdsStripsEntityGroupsAndRejectsEntityFilters) {
  DocFixture f;
  ASSERT_OK(f.Run(R"({"class":"GetAdjacentIds","input":[2],
      "view":{"entities":{"entity":{}},"edges":{"edge":{}}}})")
                .status());
  ASSERT_TRUE(f.graph->last_options().view.has_value());
  EXPECT_FALSE(f.graph->last_options().view->has_entities());
  EXPECT_EQ(f.graph->last_options().view->edges().size(), 1u);
  EXPECT_THAT(f.Run(R"({"class":"GetAdjacentIds","input":[2],"view":{"entities":{"entity":{
      "preAggregationFilterFunctions":[{"selection":["count"],
        "predicate":{"class":"IsMoreThan","value":1}}]}}}})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.entities.entity"));
  EXPECT_THAT(f.Run(R"({"class":"GetAdjacentIds","input":[
      {"class":"EdgeSeed","source":1,"destination":2}]})")
                  .status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ReadOpsTest, BetweenSets) {
  DocFixture f;
  std::string expected =
      "[" + Entity(1, 3) + "," + Edge(1, 2, 3, "SOURCE") + "," + Edge(1, 4, 1, "SOURCE") + "]";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetElementsBetweenSets","input":[1],
      "inputB":[2,4]})"));
  EXPECT_TRUE(SameMultiset(out, expected));
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"GetElementsBetweenSetsPairs","input":{
      "class":"Pair","first":{"Iterable":[1]},"second":{"Iterable":[2,4]}}})"));
  EXPECT_TRUE(SameMultiset(out, expected));
  // B = {3}: no edge from 1 reaches 3.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"GetElementsBetweenSets","input":[1],
      "inputB":[3]})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Entity(1, 3) + "]"));
  EXPECT_THAT(f.Run(R"({"class":"GetElementsBetweenSets","input":[1]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "inputB: required"));
}

TEST(ReadOpsTest, WithinSet) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetElementsWithinSet","input":[1,2,3]})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Entity(1, 3) + "," + Entity(2, 1) + "," + Entity(3, 2) + "," +
                                    Edge(1, 2, 3, "SOURCE") + "," + Edge(2, 3, 2, "SOURCE") + "]"));
  // INCOMING only returns destination rows: those are kept.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"GetElementsWithinSet","input":[1,2],
      "includeIncomingOutGoing":"INCOMING","view":{"edges":{"edge":{}}}})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Edge(1, 2, 3, "DESTINATION") + "]"));
}

TEST(ReadOpsTest, InRanges) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetElementsInRanges","input":[
      {"class":"Pair","first":{"EntitySeed":{"vertex":4}},"second":{"EntitySeed":{"vertex":5}}}],
      "view":{"entities":{"entity":{}}}})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Entity(4, 1) + "," + Entity(5, 3) + "]"));
}

// Gaffer's SummariseGroupOverRangesHandler and the Accumulo store's
// RowIDAggregator (RowIdAggregatorTest): one element per range, its
// properties folded with the group's aggregator, its identifiers those of
// the last row read. Entities 1, 2 and 3 of the doc graph count 3, 1 and 2.
TEST(ReadOpsTest, SummariseGroupOverRanges) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"SummariseGroupOverRanges","input":[
      {"class":"Pair","first":{"EntitySeed":{"vertex":1}},"second":{"EntitySeed":{"vertex":3}}},
      {"class":"Pair","first":{"EntitySeed":{"vertex":4}},"second":{"EntitySeed":{"vertex":5}}}],
      "view":{"entities":{"entity":{}}}})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Entity(3, 6) + "," + Entity(5, 4) + "]")) << out.dump();
  // The view's filters apply before the fold.
  ASSERT_OK_AND_ASSIGN(Json filtered, f.Run(R"({"class":"SummariseGroupOverRanges","input":[
      {"class":"Pair","first":{"EntitySeed":{"vertex":1}},"second":{"EntitySeed":{"vertex":3}}}],
      "view":{"entities":{"entity":{"preAggregationFilterFunctions":[{"selection":["count"],
        "predicate":{"class":"IsMoreThan","value":1}}]}}}})"));
  EXPECT_TRUE(SameMultiset(filtered, "[" + Entity(3, 5) + "]")) << filtered.dump();
  EXPECT_THAT(f.Run(R"({"class":"SummariseGroupOverRanges","input":[
      {"class":"Pair","first":{"EntitySeed":{"vertex":1}},"second":{"EntitySeed":{"vertex":3}}}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "only set one group"));
}

TEST(ReadOpsTest, EmptySeedsGiveNothing) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetElements","input":[]})"));
  EXPECT_EQ(out, Json::array());
}

TEST(ReadOpsTest, UnknownNamedViewIsRefusedNotAnsweredUnfiltered) {
  DocFixture f;
  // Answering a view that names a missing stored view as an empty view would
  // return every group unfiltered (Gaffer: "No NamedView with the name ... exists").
  EXPECT_THAT(
      f.Run(R"({"class":"OperationChain","operations":[
                  {"class":"GetElements","input":[2],
                   "view":{"class":"NamedView","name":"isMoreThan","parameters":{"value":2}}}]})"),
      StatusIsWithMessage(StatusCode::kNotFound, "No NamedView with the name isMoreThan exists"));
  EXPECT_THAT(f.Run(R"({"class":"GetAllElements",
                       "view":{"class":"uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView",
                               "name":"v"}})"),
              StatusIsWithMessage(StatusCode::kNotFound, "No NamedView with the name v exists"));
}

// Gaffer's MapStore CountAllElementsDefaultView: every stored element the
// user may see, whatever the input. The doc example graph holds 5 entities
// and 6 edges (the operations guide's GetAllElements result).
TEST(ReadOpsTest, CountAllElementsDefaultViewCountsEveryElement) {
  DocFixture f;
  f.user.data_auths = {"public"};
  ASSERT_OK_AND_ASSIGN(
      Json count,
      f.Run(R"({"class":"uk.gov.gchq.gaffer.mapstore.operation.CountAllElementsDefaultView"})"));
  EXPECT_EQ(count, Json(11));
  EXPECT_EQ(f.graph->last_options().auths.ToString(), "public");
  ASSERT_OK_AND_ASSIGN(Json with_input, f.Run(R"({"class":"CountAllElementsDefaultView","input":[{
      "class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":1}]})"));
  EXPECT_EQ(with_input, Json(11));
}

}  // namespace
}  // namespace quarry
