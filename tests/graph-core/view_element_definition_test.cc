#include "graph-core/view_element_definition.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json VedJson(const char* text) {
  Json json = Json::parse(text, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << text;
  return json;
}

nlohmann::json Unordered(const Json& json) { return nlohmann::json::parse(json.dump()); }

ViewElementDefinition Parse(const char* text) {
  auto def = ParseViewElementDefinition(VedJson(text), "def");
  EXPECT_TRUE(def.ok()) << def.status().ToString();
  return def.ok() ? *def : ViewElementDefinition{};
}

// The RoadUse definition of gaffer-compat.md §8 (with a concrete transform).
constexpr const char* kRoadUse = R"({
  "preAggregationFilterFunctions": [{"selection":["startDate"],
     "predicate":{"class":"uk.gov.gchq.koryphe.impl.predicate.IsMoreThan",
                  "value":{"java.util.Date":957312000000}}}],
  "groupBy": [],
  "aggregator": {"operators":[{"selection":["count"],"binaryOperator":{"class":"Min"}}]},
  "postAggregationFilterFunctions": [{"selection":["count"],
     "predicate":{"class":"IsMoreThan","value":{"Long":2}}}],
  "transientProperties": {"description":"java.lang.String"},
  "transformFunctions": [{"selection":["SOURCE","count"],"function":{"class":"Concat"},
                          "projection":["description"]}],
  "postTransformFilterFunctions": [{"selection":["description"],"predicate":{"class":"Exists"}}],
  "properties": ["count","description"]
})";

TEST(ViewElementDefinitionTest, ParsesGafferExample) {
  ViewElementDefinition def = Parse(kRoadUse);
  ASSERT_EQ(def.pre_aggregation_filter.predicates().size(), 1u);
  EXPECT_EQ(def.pre_aggregation_filter.predicates()[0].selection,
            std::vector<std::string>{"startDate"});
  ASSERT_TRUE(def.group_by.has_value());
  EXPECT_TRUE(def.group_by->empty());
  ASSERT_EQ(def.aggregator.size(), 1u);
  EXPECT_EQ(def.aggregator[0].selection, std::vector<std::string>{"count"});
  EXPECT_EQ(def.post_aggregation_filter.predicates().size(), 1u);
  EXPECT_EQ(def.TransientPropertyType("description"), ValueType::kString);
  EXPECT_EQ(def.TransientPropertyType("count"), std::nullopt);
  ASSERT_EQ(def.transform_functions.size(), 1u);
  EXPECT_EQ(def.transform_functions[0].projection, std::vector<std::string>{"description"});
  EXPECT_EQ(def.post_transform_filter.predicates().size(), 1u);
  EXPECT_TRUE(def.IsPropertySelected("count"));
  EXPECT_FALSE(def.IsPropertySelected("startDate"));
}

TEST(ViewElementDefinitionTest, WritesFullClassNames) {
  Json expected = VedJson(R"({
    "preAggregationFilterFunctions": [{"selection":["startDate"],
       "predicate":{"class":"uk.gov.gchq.koryphe.impl.predicate.IsMoreThan","orEqualTo":false,
                    "value":{"java.util.Date":957312000000}}}],
    "groupBy": [],
    "aggregator": {"operators":[{"selection":["count"],
       "binaryOperator":{"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Min"}}]},
    "postAggregationFilterFunctions": [{"selection":["count"],
       "predicate":{"class":"uk.gov.gchq.koryphe.impl.predicate.IsMoreThan","orEqualTo":false,
                    "value":{"java.lang.Long":2}}}],
    "transientProperties": {"description":"java.lang.String"},
    "transformFunctions": [{"selection":["SOURCE","count"],
       "function":{"class":"uk.gov.gchq.koryphe.impl.function.Concat","separator":","},
       "projection":["description"]}],
    "postTransformFilterFunctions": [{"selection":["description"],
       "predicate":{"class":"uk.gov.gchq.koryphe.impl.predicate.Exists"}}],
    "properties": ["count","description"]
  })");
  Json written = Parse(kRoadUse).ToJson();
  EXPECT_EQ(Unordered(written), Unordered(expected));
  // Written JSON reads back to the same definition.
  EXPECT_EQ(Unordered(Parse(written.dump().c_str()).ToJson()), Unordered(expected));
}

TEST(ViewElementDefinitionTest, GroupByNullEmptyAndListStayDistinct) {
  EXPECT_FALSE(Parse(R"({})").group_by.has_value());
  EXPECT_FALSE(Parse(R"({"groupBy":null})").group_by.has_value());
  EXPECT_EQ(Parse(R"({"groupBy":[]})").group_by, std::vector<std::string>{});
  EXPECT_EQ(Parse(R"({"groupBy":["a","b"]})").group_by, (std::vector<std::string>{"a", "b"}));
  EXPECT_FALSE(Parse(R"({})").ToJson().contains("groupBy"));
  EXPECT_EQ(Parse(R"({"groupBy":[]})").ToJson()["groupBy"], Json::array());
  EXPECT_EQ(Parse(R"({})").ToJson(), Json::object());
}

TEST(ViewElementDefinitionTest, MergeRules) {
  ViewElementDefinition global = Parse(R"({
      "preAggregationFilterFunctions":[{"selection":["a"],"predicate":{"class":"Exists"}}],
      "groupBy":["a"], "properties":["a","b"],
      "transientProperties":{"t":"Long"},
      "transformFunctions":[{"selection":["a"],"function":{"class":"Identity"},"projection":["t"]}]})");
  ViewElementDefinition own = Parse(R"({
      "preAggregationFilterFunctions":[{"selection":["b"],"predicate":{"class":"Exists"}}],
      "transientProperties":{"u":"String"},
      "transformFunctions":[{"selection":["b"],"function":{"class":"Identity"},"projection":["u"]}]})");
  ViewElementDefinition merged = global;
  ASSERT_OK(merged.Merge(own, "view group g"));
  // Filters and transforms concatenated, global first.
  ASSERT_EQ(merged.pre_aggregation_filter.predicates().size(), 2u);
  EXPECT_EQ(merged.pre_aggregation_filter.predicates()[0].selection, std::vector<std::string>{"a"});
  EXPECT_EQ(merged.pre_aggregation_filter.predicates()[1].selection, std::vector<std::string>{"b"});
  ASSERT_EQ(merged.transform_functions.size(), 2u);
  EXPECT_EQ(merged.transform_functions[1].projection, std::vector<std::string>{"u"});
  // A null groupBy / properties does not replace.
  EXPECT_EQ(merged.group_by, std::vector<std::string>{"a"});
  EXPECT_EQ(merged.properties, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(merged.transient_properties.size(), 2u);
  // A set groupBy ([] included) and properties replace.
  ASSERT_OK(merged.Merge(Parse(R"({"groupBy":[],"properties":["c"]})"), "g"));
  EXPECT_EQ(merged.group_by, std::vector<std::string>{});
  EXPECT_EQ(merged.properties, std::vector<std::string>{"c"});
  // Gaffer's ViewElementDefinition.Builder.merge never copies the
  // aggregator, so a merged definition has none.
  ASSERT_OK(merged.Merge(Parse(R"({"aggregator":{"operators":[{"selection":["a"],
      "binaryOperator":{"class":"Max"}}]}})"),
                         "g"));
  EXPECT_TRUE(merged.aggregator.empty());
}

// Gaffer's ViewTest (shouldOverrideGlobalExcludePropertiesWhenSpecific*
// GroupExcludePropertiesSet): the group's own excludeProperties replace the
// global ones; an empty list leaves them.
TEST(ViewElementDefinitionTest, ExcludePropertiesReplace) {
  ViewElementDefinition def = Parse(R"({"excludeProperties":["a","b"]})");
  ASSERT_OK(def.Merge(Parse(R"({"excludeProperties":["c"]})"), "g"));
  EXPECT_EQ(def.exclude_properties, (std::vector<std::string>{"c"}));
  ASSERT_OK(def.Merge(Parse(R"({})"), "g"));
  EXPECT_EQ(def.exclude_properties, (std::vector<std::string>{"c"}));
  EXPECT_FALSE(def.IsPropertySelected("c"));
  EXPECT_TRUE(def.IsPropertySelected("a"));
  EXPECT_THAT(def.Merge(Parse(R"({"properties":["c"]})"), "view group g"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view group g"));
}

TEST(ViewElementDefinitionTest, TransientClassConflict) {
  ViewElementDefinition def = Parse(R"({"transientProperties":{"t":"java.lang.Long"}})");
  ASSERT_OK(def.Merge(Parse(R"({"transientProperties":{"t":"Long"}})"), "g"));
  EXPECT_THAT(def.Merge(Parse(R"({"transientProperties":{"t":"String"}})"), "g"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t"));
}

TEST(ViewElementDefinitionTest, ParseErrors) {
  struct Case {
    const char* json;
    const char* path;
  };
  for (const Case& c : {
           Case{R"({"groupBy":"a"})", "def.groupBy"},
           Case{R"({"groupBy":[1]})", "def.groupBy[0]"},
           Case{R"({"aggregator":[]})", "def.aggregator"},
           Case{R"({"aggregator":{"operators":[{"selection":["a"],
                   "binaryOperator":{"class":"Nope"}}]}})",
                "def.aggregator.operators[0]"},
           Case{R"({"transientProperties":{"t":"com.example.Thing"}})",
                "def.transientProperties.t"},
           Case{R"({"transientProperties":{"t":5}})", "def.transientProperties.t"},
           Case{R"({"transformFunctions":{}})", "def.transformFunctions"},
           Case{R"({"preAggregationFilterFunctions":[{"selection":["a"],
                   "predicate":{"class":"Nope"}}]})",
                "def.preAggregationFilterFunctions"},
           Case{R"({"properties":["a"],"excludeProperties":["b"]})", "def"},
           Case{R"([])", "def"},
       }) {
    SCOPED_TRACE(c.json);
    EXPECT_THAT(ParseViewElementDefinition(VedJson(c.json), "def"),
                StatusIsWithMessage(StatusCode::kInvalidArgument, c.path));
  }
  // properties with an empty excludeProperties is fine (Gaffer's rule).
  EXPECT_OK(
      ParseViewElementDefinition(VedJson(R"({"properties":["a"],"excludeProperties":[]})"), "d"));
}

TEST(GlobalViewElementDefinitionTest, ParsesGroups) {
  ASSERT_OK_AND_ASSIGN(GlobalViewElementDefinition g,
                       ParseGlobalViewElementDefinition(
                           VedJson(R"({"groups":["A"],"groupBy":["x"]})"), "globalElements[0]"));
  EXPECT_EQ(g.groups, std::vector<std::string>{"A"});
  EXPECT_EQ(g.definition.group_by, std::vector<std::string>{"x"});
  EXPECT_EQ(g.ToJson(), VedJson(R"({"groups":["A"],"groupBy":["x"]})"));
  EXPECT_THAT(ParseGlobalViewElementDefinition(VedJson(R"({"groups":"A"})"), "globalElements[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "globalElements[0].groups"));
}

}  // namespace
}  // namespace quarry
