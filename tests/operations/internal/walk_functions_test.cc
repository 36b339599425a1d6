// Gaffer's walk functions over a Walk's JSON: edges 1->2 then 2->3, entities
// at 1 and 3 (as Gaffer's Walk.Builder lays them out and GetWalks writes
// them).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/internal/item_function_classes.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json WalkJson(std::string_view text) { return Json::parse(text); }

std::string Edge(int s, int d) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":)" +
         std::to_string(s) + R"(,"destination":)" + std::to_string(d) +
         R"(,"directed":true,"properties":{"count":1}})";
}
std::string Entity(int v) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":)" +
         std::to_string(v) + R"(,"properties":{"count":1}})";
}

const std::string kWalk = R"({"edges":[[)" + Edge(1, 2) + "],[" + Edge(2, 3) +
                          R"(]],"entities":[{"1":[)" + Entity(1) + R"(]},{"2":[]},{"3":[)" +
                          Entity(3) + "]}]}";

Result<Json> ApplyWalkJson(std::string_view function, const std::string& input) {
  QUARRY_ASSIGN_OR_RETURN(auto f, ParseItemFunction(WalkJson(function), "f"));
  QUARRY_ASSIGN_OR_RETURN(FnObject out, f->Apply(FnObjectFromJson(WalkJson(input))));
  return FnObjectToJson(out);
}

TEST(WalkFunctionsTest, EdgesAndEntitiesByHop) {
  ASSERT_OK_AND_ASSIGN(Json hop1,
                       ApplyWalkJson(R"({"class":"ExtractWalkEdgesFromHop","hop":1})", kWalk));
  EXPECT_EQ(hop1, WalkJson("[" + Edge(2, 3) + "]"));
  ASSERT_OK_AND_ASSIGN(Json all, ApplyWalkJson(R"({"class":"ExtractWalkEdges"})", kWalk));
  EXPECT_EQ(all, WalkJson("[[" + Edge(1, 2) + "],[" + Edge(2, 3) + "]]"));
  ASSERT_OK_AND_ASSIGN(
      Json ents,
      ApplyWalkJson(
          R"({"class":"uk.gov.gchq.gaffer.data.graph.function.walk.ExtractWalkEntities"})", kWalk));
  EXPECT_EQ(ents, WalkJson("[[" + Entity(1) + "],[],[" + Entity(3) + "]]"));
  ASSERT_OK_AND_ASSIGN(Json ents2,
                       ApplyWalkJson(R"({"class":"ExtractWalkEntitiesFromHop","hop":2})", kWalk));
  EXPECT_EQ(ents2, WalkJson("[" + Entity(3) + "]"));
  ASSERT_OK_AND_ASSIGN(Json source, ApplyWalkJson(R"({"class":"ExtractWalkVertex"})", kWalk));
  EXPECT_EQ(source, WalkJson("1"));
}

TEST(WalkFunctionsTest, RefusesNonWalksAndMissingHops) {
  EXPECT_THAT(ApplyWalkJson(R"({"class":"ExtractWalkEdges"})", "null"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Walk cannot be null"));
  EXPECT_THAT(ApplyWalkJson(R"({"class":"ExtractWalkEdges"})", "[1]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "not a Walk"));
  EXPECT_THAT(ApplyWalkJson(R"({"class":"ExtractWalkEdgesFromHop","hop":2})", kWalk),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry::operations_internal
