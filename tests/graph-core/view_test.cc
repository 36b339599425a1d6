#include "graph-core/view.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json ViewJson(const char* text) {
  Json json = Json::parse(text, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << text;
  return json;
}

nlohmann::json Unordered(const Json& json) { return nlohmann::json::parse(json.dump()); }

View Parse(const char* text) {
  auto view = ParseView(ViewJson(text), "view");
  EXPECT_TRUE(view.ok()) << view.status().ToString();
  return view.ok() ? *view : View();
}

const std::vector<std::string> kEntityGroups = {"Cardinality", "JunctionUse"};
const std::vector<std::string> kEdgeGroups = {"RoadUse", "RoadHasJunction"};

std::vector<std::string> Names(const View::Groups& groups) {
  std::vector<std::string> out;
  for (const auto& [name, def] : groups) out.push_back(name);
  return out;
}

// The selections of a filter, to see which filters were merged and in what order.
std::vector<std::string> FilterKeys(const ElementFilter& filter) {
  std::vector<std::string> out;
  for (const TuplePredicate& p : filter.predicates()) out.push_back(p.selection.at(0));
  return out;
}

// gaffer-compat.md §8 (placeholders filled in).
constexpr const char* kGafferExample = R"({
  "entities": {"JunctionUse": {}},
  "edges": {
    "RoadUse": {
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
      "postTransformFilterFunctions": [{"selection":["description"],
                                        "predicate":{"class":"Exists"}}],
      "properties": ["count","description"]
    }
  },
  "globalElements": [{"postAggregationFilterFunctions": [{"selection":["count"],
      "predicate":{"class":"Exists"}}]}],
  "globalEntities": [], "globalEdges": [],
  "allEdges": false, "allEntities": false,
  "config": {"skipViewValidation": "false"}
})";

TEST(ViewTest, ParsesGafferExample) {
  View view = Parse(kGafferExample);
  EXPECT_EQ(Names(view.entities()), std::vector<std::string>{"JunctionUse"});
  EXPECT_EQ(Names(view.edges()), std::vector<std::string>{"RoadUse"});
  EXPECT_TRUE(view.has_entities());
  EXPECT_TRUE(view.has_edges());
  ASSERT_NE(view.GetEdge("RoadUse"), nullptr);
  EXPECT_EQ(view.GetEdge("RoadUse")->group_by, std::vector<std::string>{});
  EXPECT_EQ(view.Get(ElementKind::kEdge, "RoadUse"), view.GetEdge("RoadUse"));
  EXPECT_EQ(view.GetEntity("RoadUse"), nullptr);
  EXPECT_EQ(view.Get(ElementKind::kEntity, "JunctionUse"), view.GetEntity("JunctionUse"));
  EXPECT_EQ(view.global_elements().size(), 1u);
  EXPECT_TRUE(view.global_entities().empty());
  EXPECT_FALSE(view.all_edges());
  ASSERT_EQ(view.config().size(), 1u);
  EXPECT_EQ(view.config()[0], (std::pair<std::string, std::string>{"skipViewValidation", "false"}));
}

TEST(ViewTest, RoundTripsGafferExample) {
  Json expected = ViewJson(R"({
    "entities": {"JunctionUse": {}},
    "edges": {"RoadUse": {
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
      "properties": ["count","description"]}},
    "globalElements": [{"postAggregationFilterFunctions": [{"selection":["count"],
        "predicate":{"class":"uk.gov.gchq.koryphe.impl.predicate.Exists"}}]}],
    "config": {"skipViewValidation": "false"}
  })");
  Json written = Parse(kGafferExample).ToJson();
  EXPECT_EQ(Unordered(written), Unordered(expected));
  EXPECT_EQ(Unordered(Parse(written.dump().c_str()).ToJson()), Unordered(expected));
}

TEST(ViewTest, ExpandsGafferExample) {
  ASSERT_OK_AND_ASSIGN(View view, Parse(kGafferExample).Expanded(kEntityGroups, kEdgeGroups));
  // Only the listed groups; the global filter is merged into both.
  EXPECT_EQ(Names(view.entities()), std::vector<std::string>{"JunctionUse"});
  EXPECT_EQ(Names(view.edges()), std::vector<std::string>{"RoadUse"});
  EXPECT_TRUE(view.global_elements().empty());
  EXPECT_EQ(FilterKeys(view.GetEntity("JunctionUse")->post_aggregation_filter),
            std::vector<std::string>{"count"});
  const ViewElementDefinition* road_use = view.GetEdge("RoadUse");
  // Global first, then the group's own filter.
  EXPECT_EQ(FilterKeys(road_use->post_aggregation_filter),
            (std::vector<std::string>{"count", "count"}));
  EXPECT_EQ(road_use->group_by, std::vector<std::string>{});
  EXPECT_EQ(road_use->properties, (std::vector<std::string>{"count", "description"}));
}

TEST(ViewTest, NullAndEmptyViewsMeanAllGroups) {
  for (const char* text : {"null", "{}"}) {
    SCOPED_TRACE(text);
    ASSERT_OK_AND_ASSIGN(View view, Parse(text).Expanded(kEntityGroups, kEdgeGroups));
    EXPECT_EQ(Names(view.entities()), kEntityGroups);
    EXPECT_EQ(Names(view.edges()), kEdgeGroups);
    EXPECT_TRUE(view.GetEdge("RoadUse")->pre_aggregation_filter.empty());
  }
  View all = View::AllGroups(kEntityGroups, kEdgeGroups);
  EXPECT_EQ(Names(all.entities()), kEntityGroups);
  EXPECT_EQ(Names(all.edges()), kEdgeGroups);
}

TEST(ViewTest, OnlyGlobalEdgesKeepsOnlyEdgeGroups) {
  View view = Parse(R"({"globalEdges":[{"preAggregationFilterFunctions":[
      {"selection":["count"],"predicate":{"class":"Exists"}}]}]})");
  ASSERT_OK_AND_ASSIGN(View expanded, view.Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_FALSE(expanded.has_entities());
  EXPECT_EQ(Names(expanded.edges()), kEdgeGroups);
  for (const auto& [name, def] : expanded.edges()) {
    EXPECT_EQ(FilterKeys(def.pre_aggregation_filter), std::vector<std::string>{"count"}) << name;
  }
}

TEST(ViewTest, OnlyGlobalEntitiesKeepsOnlyEntityGroups) {
  View view = Parse(R"({"globalEntities":[{"groupBy":[]}]})");
  ASSERT_OK_AND_ASSIGN(View expanded, view.Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_EQ(Names(expanded.entities()), kEntityGroups);
  EXPECT_FALSE(expanded.has_edges());
  EXPECT_EQ(expanded.GetEntity("Cardinality")->group_by, std::vector<std::string>{});
}

TEST(ViewTest, GlobalElementsWithGlobalEdgesKeepAllGroups) {
  View view = Parse(R"({"globalElements":[{"groupBy":[]}],"globalEdges":[{"groupBy":["a"]}]})");
  ASSERT_OK_AND_ASSIGN(View expanded, view.Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_EQ(Names(expanded.entities()), kEntityGroups);
  EXPECT_EQ(Names(expanded.edges()), kEdgeGroups);
  // globalElements is applied before globalEdges, so the edge groupBy is ["a"].
  EXPECT_EQ(expanded.GetEdge("RoadUse")->group_by, std::vector<std::string>{"a"});
  EXPECT_EQ(expanded.GetEntity("Cardinality")->group_by, std::vector<std::string>{});
}

TEST(ViewTest, GlobalGroupsLimitWhereDefinitionsApply) {
  View view = Parse(R"({
    "entities": {"Cardinality": {}},
    "edges": {"RoadUse": {"excludeProperties":["x"]}, "RoadHasJunction": {}},
    "globalElements": [{"groups":["RoadUse","NotInView"],"excludeProperties":["y"]}],
    "globalEdges": [{"groups":["RoadHasJunction"],
                     "preAggregationFilterFunctions":[{"selection":["e"],
                        "predicate":{"class":"Exists"}}]}]})");
  ASSERT_OK_AND_ASSIGN(View expanded, view.Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_EQ(Names(expanded.entities()), std::vector<std::string>{"Cardinality"});
  // The group's own excludeProperties replace the global ones (Gaffer's
  // ViewTest shouldOverrideGlobalExcludePropertiesWhenSpecific*).
  EXPECT_EQ(expanded.GetEdge("RoadUse")->exclude_properties, (std::vector<std::string>{"x"}));
  EXPECT_TRUE(expanded.GetEdge("RoadUse")->pre_aggregation_filter.empty());
  EXPECT_EQ(FilterKeys(expanded.GetEdge("RoadHasJunction")->pre_aggregation_filter),
            std::vector<std::string>{"e"});
  EXPECT_TRUE(expanded.GetEdge("RoadHasJunction")->exclude_properties.empty());
  EXPECT_TRUE(expanded.GetEntity("Cardinality")->exclude_properties.empty());
}

TEST(ViewTest, GlobalEntitiesNamingMissingGroupIsAnError) {
  View view = Parse(R"({"entities":{"Cardinality":{}},
                        "globalEntities":[{"groups":["JunctionUse"],"groupBy":[]}]})");
  EXPECT_THAT(view.Expanded(kEntityGroups, kEdgeGroups),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "JunctionUse"));
  View edges = Parse(R"({"edges":{"RoadUse":{}},"globalEdges":[{"groups":["Nope"]}]})");
  EXPECT_THAT(edges.Expanded(kEntityGroups, kEdgeGroups),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "globalEdges[0]"));
}

TEST(ViewTest, MergeOrderGlobalElementsThenKindThenGroup) {
  View view = Parse(R"({
    "entities": {"Cardinality": {"postTransformFilterFunctions":[
        {"selection":["own"],"predicate":{"class":"Exists"}}]}},
    "globalElements": [{"postTransformFilterFunctions":[
        {"selection":["elements"],"predicate":{"class":"Exists"}}]}],
    "globalEntities": [{"postTransformFilterFunctions":[
        {"selection":["entities"],"predicate":{"class":"Exists"}}]}]})");
  ASSERT_OK_AND_ASSIGN(View expanded, view.Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_EQ(FilterKeys(expanded.GetEntity("Cardinality")->post_transform_filter),
            (std::vector<std::string>{"elements", "entities", "own"}));
}

TEST(ViewTest, AllEdgesAddsMissingEdgeGroups) {
  View view = Parse(R"({"allEdges":true,"edges":{"RoadUse":{"groupBy":[]}},
                        "entities":{"Cardinality":{}}})");
  EXPECT_TRUE(view.all_edges());
  EXPECT_EQ(view.ToJson()["allEdges"], true);
  ASSERT_OK_AND_ASSIGN(View expanded, view.Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_EQ(Names(expanded.edges()), (std::vector<std::string>{"RoadUse", "RoadHasJunction"}));
  EXPECT_EQ(expanded.GetEdge("RoadUse")->group_by, std::vector<std::string>{});
  EXPECT_EQ(Names(expanded.entities()), std::vector<std::string>{"Cardinality"});
  EXPECT_FALSE(expanded.all_edges());
  // allEntities alone: every entity group and no edges.
  ASSERT_OK_AND_ASSIGN(View entities,
                       Parse(R"({"allEntities":true})").Expanded(kEntityGroups, kEdgeGroups));
  EXPECT_EQ(Names(entities.entities()), kEntityGroups);
  EXPECT_FALSE(entities.has_edges());
}

TEST(ViewTest, SettersAndLookups) {
  View view;
  EXPECT_FALSE(view.has_groups());
  view.SetEdge("RoadUse", ViewElementDefinition());
  ViewElementDefinition def;
  def.group_by = std::vector<std::string>{};
  view.SetEdge("RoadUse", def);
  EXPECT_EQ(view.edges().size(), 1u);
  EXPECT_EQ(view.GetEdge("RoadUse")->group_by, std::vector<std::string>{});
  EXPECT_FALSE(view.has_entities());
  EXPECT_EQ(view.ToJson(), ViewJson(R"({"edges":{"RoadUse":{"groupBy":[]}}})"));
}

TEST(ViewTest, ParseErrors) {
  EXPECT_THAT(ParseView(ViewJson(R"([])"), "operations[0].view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].view"));
  EXPECT_THAT(ParseView(ViewJson(R"({"edges":[]})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.edges"));
  EXPECT_THAT(ParseView(ViewJson(R"({"edges":{"RoadUse":{"groupBy":5}}})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.edges.RoadUse.groupBy"));
  EXPECT_THAT(ParseView(ViewJson(R"({"globalElements":{}})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.globalElements"));
  EXPECT_THAT(ParseView(ViewJson(R"({"globalEdges":[{"groups":[1]}]})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.globalEdges[0].groups[0]"));
  EXPECT_THAT(ParseView(ViewJson(R"({"allEdges":"yes"})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.allEdges"));
  EXPECT_THAT(ParseView(ViewJson(R"({"config":{"a":[]}})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.config.a"));
  // A null group definition is an empty one; unknown fields are ignored.
  ASSERT_OK_AND_ASSIGN(View view,
                       ParseView(ViewJson(R"({"entities":{"A":null},"extra":1})"), "view"));
  EXPECT_NE(view.GetEntity("A"), nullptr);
}

TEST(ViewTest, NamedViewsAreRefusedNotAnsweredAsEmptyViews) {
  // gaffer-doc named.md: {"class": "NamedView", "name": ..., "parameters": ...}.
  EXPECT_THAT(ParseView(ViewJson(R"({"class":"NamedView","name":"isMoreThan",
                              "parameters":{"value":10}})"),
                        "operations[0].view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operations[0].view: a named view is not resolved here"));
  EXPECT_THAT(
      ParseView(ViewJson(R"({"class":"uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView",
                      "name":"v","edges":{"edge":{}}})"),
                "view"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "a named view is not resolved here"));
  // A plain View may name its class; anything else is an unknown class.
  ASSERT_OK_AND_ASSIGN(
      View plain,
      ParseView(ViewJson(R"({"class":"uk.gov.gchq.gaffer.data.elementdefinition.view.View",
                      "edges":{"edge":{}}})"),
                "view"));
  EXPECT_NE(plain.GetEdge("edge"), nullptr);
  ASSERT_OK(ParseView(ViewJson(R"({"class":"View"})"), "view").status());
  EXPECT_THAT(ParseView(ViewJson(R"({"class":"Other"})"), "view"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.class: unknown view class"));
}

}  // namespace
}  // namespace quarry
