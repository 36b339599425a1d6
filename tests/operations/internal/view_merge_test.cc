// View merging as Gaffer's View.Builder.merge / NamedView.Builder.merge.
#include "operations/internal/view_merge.h"

#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;

TEST(ViewMergeTest, SameGroupConcatenatesFiltersAndReplacesGroupBy) {
  Json into = Json::parse(R"({"edges": {"e": {"preAggregationFilterFunctions": [{"f": 1}],
                                               "groupBy": ["a"]}},
                              "globalElements": [{"groupBy": []}], "allEdges": true})");
  Json adding = Json::parse(R"({"edges": {"e": {"preAggregationFilterFunctions": [{"f": 2}],
                                                 "groupBy": []},
                                          "f": {}},
                                "entities": {"n": {}},
                                "globalElements": [{"x": 1}], "config": {"k": "v"}})");
  ASSERT_OK(MergeViewJson(adding, "view", &into));
  EXPECT_EQ(into["edges"]["e"]["preAggregationFilterFunctions"],
            Json::parse(R"([{"f": 1}, {"f": 2}])"));
  EXPECT_EQ(into["edges"]["e"]["groupBy"], Json::array());
  EXPECT_TRUE(into["edges"].contains("f"));
  EXPECT_TRUE(into["entities"].contains("n"));
  EXPECT_EQ(into["globalElements"].size(), 2u);
  EXPECT_EQ(into["config"]["k"], "v");
  // allEdges is a Java boolean in Gaffer: the adding view's false wins.
  EXPECT_FALSE(into.contains("allEdges"));
}

TEST(ViewMergeTest, NamedViewsCollectNamesAndParameters) {
  Json a = Json::parse(R"({"class": "NamedView", "name": "a", "parameters": {"x": 1}})");
  Json plain = Json::parse(R"({"entities": {"n": {}}})");
  Json b = Json::parse(R"({"class": "NamedView", "name": "b", "parameters": {"y": 2}})");
  ASSERT_OK_AND_ASSIGN(Json merged, MergeViewList({&a, &plain, &b}, "views"));
  EXPECT_EQ(merged["name"], "a");
  EXPECT_EQ(merged["mergedNamedViewNames"], Json::parse(R"(["b"])"));
  EXPECT_EQ(merged["parameters"], Json::parse(R"({"x": 1, "y": 2})"));
  EXPECT_TRUE(merged["entities"].contains("n"));
  EXPECT_EQ(InlineViewParts(merged), Json::parse(R"({"entities": {"n": {}}})"));
}

TEST(ViewMergeTest, PlainViewsStayPlain) {
  Json a = Json::parse(R"({"edges": {"e": {}}})");
  Json b = Json::parse(R"({"entities": {"n": {}}})");
  ASSERT_OK_AND_ASSIGN(Json merged, MergeViewList({&a, &b}, "views"));
  EXPECT_FALSE(merged.contains("class"));
  EXPECT_EQ(merged, Json::parse(R"({"edges": {"e": {}}, "entities": {"n": {}}})"));
}

TEST(ViewMergeTest, WrongTypesAreRefused) {
  Json into = Json::object();
  EXPECT_THAT(MergeViewJson(Json::parse(R"({"edges": []})"), "view", &into),
              StatusIs(StatusCode::kInvalidArgument));
  Json with_group = Json::parse(R"({"edges": {"e": {}}})");
  EXPECT_THAT(
      MergeViewJson(Json::parse(R"({"edges": {"e": {"preAggregationFilterFunctions": 3}}})"),
                    "view", &with_group),
      StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry::operations_internal
