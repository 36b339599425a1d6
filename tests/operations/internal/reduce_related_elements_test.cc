// ReduceRelatedElements, after Gaffer's ReduceRelatedElementsTest: its data,
// with koryphe's Max as the vertex aggregator (the test's Longest is a class
// of its own, not usable from JSON), so the expected elements are worked out
// by hand from ReduceRelatedElements.apply: clusters {1a,1b}, {2a,2b},
// {3a,3b}; Max picks "vertex1b", "vertex2b longest", "vertex3b longest".
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/item_function.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

constexpr std::string_view kFunction = R"({"class": "ReduceRelatedElements",
    "vertexAggregator": {"class": "Max"},
    "visibilityAggregator": {"class": "CollectionConcat"},
    "visibilityProperty": "visibility", "relatedVertexGroups": ["relatesTo"]})";

std::string Vis(std::string_view items) {
  return R"({"java.util.HashSet": [)" + std::string(items) + "]}";
}

std::string Edge(std::string_view group, std::string_view s, std::string_view d,
                 std::string_view more_properties = "", std::string_view vis = R"("public")") {
  return R"({"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": ")" + std::string(group) +
         R"(", "source": ")" + std::string(s) + R"(", "destination": ")" + std::string(d) +
         R"(", "directed": true, "properties": {"visibility": )" + Vis(vis) +
         std::string(more_properties) + "}}";
}

std::string Entity(std::string_view v, std::string_view more_properties = "") {
  return R"({"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "entity", "vertex": ")" +
         std::string(v) + R"(", "properties": {"visibility": )" + Vis(R"("public")") +
         std::string(more_properties) + "}}";
}

std::string TestInput() {
  return "[" + Edge("edge", "vertex1a longest", "vertex2a") + "," +
         Edge("edge", "vertex1b", "vertex3a") + "," + Entity("vertex2a") + "," +
         Edge("relatesTo", "vertex1a longest", "vertex1b") + "," +
         Edge("relatesTo", "vertex2a", "vertex2b longest") + "," +
         Edge("relatesTo", "vertex3a", "vertex3b longest", "", R"("private")") + "]";
}

Result<Json> Apply(std::string_view function, const std::string& input) {
  QUARRY_ASSIGN_OR_RETURN(auto f, ParseItemFunction(Json::parse(function), "functions[0]"));
  QUARRY_ASSIGN_OR_RETURN(FnObject out, f->Apply(FnObjectFromJson(Json::parse(input))));
  return FnObjectToJson(out);
}

TEST(ReduceRelatedElementsTest, MergesEachClusterOntoItsCombinedVertex) {
  ASSERT_OK_AND_ASSIGN(Json out, Apply(kFunction, TestInput()));
  const std::string related = R"(, "sourceRelatedVertices": )";
  Json want = Json::parse(
      "[" +
      Edge("edge", "vertex1b", "vertex2b longest",
           related + Vis(R"("vertex1a longest")") + R"(, "destinationRelatedVertices": )" +
               Vis(R"("vertex2a")")) +
      "," +
      // The private cluster's visibility is concatenated into the edge's own.
      Edge("edge", "vertex1b", "vertex3b longest",
           related + Vis(R"("vertex1a longest")") + R"(, "destinationRelatedVertices": )" +
               Vis(R"("vertex3a")"),
           R"("private", "public")") +
      "," + Entity("vertex2b longest", R"(, "relatedVertices": )" + Vis(R"("vertex2a")")) + "]");
  ASSERT_EQ(out.size(), want.size()) << out.dump();
  for (size_t i = 0; i < want.size(); ++i) {
    // Properties compare as maps (Gaffer's Element.equals).
    EXPECT_EQ(out[i]["source"], want[i]["source"]) << i;
    EXPECT_EQ(out[i]["destination"], want[i]["destination"]) << i;
    EXPECT_EQ(out[i]["vertex"], want[i]["vertex"]) << i;
    for (auto& [name, value] : want[i]["properties"].items()) {
      EXPECT_EQ(out[i]["properties"][name], value) << i << " " << name;
    }
    EXPECT_EQ(out[i]["properties"].size(), want[i]["properties"].size()) << out[i].dump();
  }
}

TEST(ReduceRelatedElementsTest, ClustersMetByOneEdgeJoin) {
  // 1a~1b and 2a~2b, then 1b~2b joins the two clusters: every vertex maps to
  // one cluster, whose Max is "vertex2b longest".
  const std::string input = "[" + Edge("edge", "vertex1a longest", "x") + "," +
                            Edge("relatesTo", "vertex1a longest", "vertex1b") + "," +
                            Edge("relatesTo", "vertex2a", "vertex2b longest") + "," +
                            Edge("relatesTo", "vertex1b", "vertex2b longest") + "]";
  ASSERT_OK_AND_ASSIGN(Json out, Apply(kFunction, input));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["source"], "vertex2b longest");
  EXPECT_EQ(out[0]["destination"], "x");
  // Written in a java.util.HashSet's order: String.hashCode puts vertex2a,
  // vertex1a longest and vertex1b in buckets 9, 11 and 15 of 16.
  EXPECT_EQ(out[0]["properties"]["sourceRelatedVertices"],
            Json::parse(Vis(R"("vertex2a", "vertex1a longest", "vertex1b")")));
}

TEST(ReduceRelatedElementsTest, NoRelatedGroupsNullInputAndDefaultVertexAggregator) {
  ASSERT_OK_AND_ASSIGN(Json same, Apply(R"({"class": "ReduceRelatedElements"})", TestInput()));
  EXPECT_EQ(same, Json::parse(TestInput()));
  ASSERT_OK_AND_ASSIGN(Json null, Apply(kFunction, "null"));
  EXPECT_TRUE(null.is_null());
  // First keeps each end as it is; the related vertices are still recorded.
  ASSERT_OK_AND_ASSIGN(
      Json first,
      Apply(R"({"class": "uk.gov.gchq.gaffer.data.element.function.ReduceRelatedElements",
                "relatedVertexGroups": ["relatesTo"]})",
            "[" + Edge("edge", "a", "b") + "," + Edge("relatesTo", "a", "c") + "]"));
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0]["source"], "a");
  EXPECT_EQ(first[0]["properties"]["sourceRelatedVertices"], Json::parse(Vis(R"("c")")));
}

TEST(ReduceRelatedElementsTest, DifferentVisibilitiesNeedAnAggregator) {
  EXPECT_THAT(Apply(R"({"class": "ReduceRelatedElements", "visibilityProperty": "visibility",
                        "relatedVertexGroups": ["relatesTo"]})",
                    TestInput()),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "No visibility aggregator"));
  EXPECT_THAT(Apply(kFunction, R"(["not an element"])"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "non-element"));
}

}  // namespace
}  // namespace quarry
