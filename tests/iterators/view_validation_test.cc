#include "iterators/view_validation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/iterators/test_schemas.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

Status Check(const char* json) {
  Result<View> view = ParseView(Json::parse(json), "view");
  EXPECT_OK(view.status());
  if (!view.ok()) return view.status();
  auto schema = RoadTrafficSchema();
  QUARRY_ASSIGN_OR_RETURN(View expanded, ExpandViewForSchema(*view, *schema));
  return ValidateViewForSchema(expanded, *schema);
}

TEST(ViewValidationTest, AcceptsAGafferStyleView) {
  EXPECT_OK(Check(R"({"entities": {"JunctionUse": {}},
      "edges": {"RoadUse": {
        "preAggregationFilterFunctions": [{"selection": ["startDate"],
            "predicate": {"class": "IsMoreThan", "value": {"java.util.Date": 957312000000}}}],
        "groupBy": [],
        "aggregator": {"operators": [{"selection": ["count"], "binaryOperator": {"class": "Min"}}]},
        "postAggregationFilterFunctions": [{"selection": ["count"],
            "predicate": {"class": "IsMoreThan", "value": {"Long": 2}}}],
        "transientProperties": {"description": "java.lang.String"},
        "transformFunctions": [{"selection": ["SOURCE", "count"],
            "function": {"class": "Concat"}, "projection": ["description"]}],
        "postTransformFilterFunctions": [{"selection": ["MATCHED_VERTEX"],
            "predicate": {"class": "Exists"}}],
        "properties": ["count", "description"]}}})"));
  EXPECT_OK(Check(R"({})"));
  EXPECT_OK(Check(R"({"edges": {"RoadUse": {"groupBy": ["startDate"]}}})"));
}

TEST(ViewValidationTest, UnknownGroupOrWrongKind) {
  EXPECT_THAT(Check(R"({"edges": {"RoadUze": {}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'RoadUze'"));
  EXPECT_THAT(Check(R"({"entities": {"RoadUse": {}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "entity group 'RoadUse'"));
}

TEST(ViewValidationTest, GroupByMustBeASchemaGroupByPrefix) {
  EXPECT_THAT(Check(R"({"edges": {"RoadUse": {"groupBy": ["endDate"]}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'RoadUse': groupBy[0] 'endDate'"));
}

TEST(ViewValidationTest, TransientPropertyMayNotShadowASchemaProperty) {
  EXPECT_THAT(
      Check(R"({"edges": {"RoadUse": {"transientProperties": {"count": "java.lang.String"}}}})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "transientProperties: 'count'"));
}

TEST(ViewValidationTest, FiltersMaySelectKeysTheGroupLacksAsGafferAllows) {
  // Gaffer's ViewValidator skips the type check when a selected key has no
  // class in the group (gafferpy's tour filters every group on startDate).
  EXPECT_OK(Check(R"({"edges": {"RoadUse": {"postAggregationFilterFunctions": [
                  {"selection": ["cuont"], "predicate": {"class": "Exists"}}]}}})"));
  EXPECT_OK(Check(R"({"edges": {"RoadUse": {"preAggregationFilterFunctions": [
                  {"selection": ["VERTEX"], "predicate": {"class": "Exists"}}]}}})"));
}

TEST(ViewValidationTest, TransformsMaySelectAndProjectOnlyKnownKeys) {
  EXPECT_THAT(Check(R"({"edges": {"RoadUse": {"transformFunctions": [{"selection": ["count"],
                  "function": {"class": "ToString"}, "projection": ["nowhere"]}]}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "transformFunctions[0]"));
}

TEST(ViewValidationTest, PropertiesAndExcludePropertiesTogether) {
  Result<View> view = ParseView(Json::parse(R"({"edges": {"RoadUse": {}}})"), "view");
  ASSERT_OK(view.status());
  ViewElementDefinition both;
  both.properties = std::vector<std::string>{"count"};
  both.exclude_properties = {"startDate"};
  View v = *view;
  v.SetEdge("RoadUse", both);
  EXPECT_THAT(ValidateViewForSchema(v, *RoadTrafficSchema()),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "excludeProperties"));
}

TEST(ViewValidationTest, AggregatorSelectingAGroupByProperty) {
  EXPECT_THAT(Check(R"({"edges": {"RoadUse": {"aggregator": {"operators": [
                  {"selection": ["startDate"], "binaryOperator": {"class": "Max"}}]}}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "startDate"));
}

}  // namespace
}  // namespace quarry::testing
