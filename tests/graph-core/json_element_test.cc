#include "graph-core/json_element.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json ElemJson(const char* text) {
  Json json = Json::parse(text, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << text;
  return json;
}

// Object key order is not part of Gaffer's contract (its Properties is a HashMap).
nlohmann::json Unordered(const Json& json) { return nlohmann::json::parse(json.dump()); }

// gaffer-compat.md §6.
constexpr const char* kEntitySample =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"Cardinality","vertex":"M32:1",
        "properties":{"count":{"java.lang.Long":1},"edgeGroup":{"java.util.TreeSet":["RoadUse"]}}})";
constexpr const char* kEdgeSample =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"RoadUse","source":"M32:1",
        "destination":"M32:2","directed":true,"matchedVertex":"SOURCE",
        "properties":{"startDate":{"java.util.Date":957312000000},"count":{"java.lang.Long":2243},
                      "countByVehicleType":{"uk.gov.gchq.gaffer.types.FreqMap":{"CAR":2243}}}})";

TEST(ElementJsonTest, ReadsGafferEntitySample) {
  ASSERT_OK_AND_ASSIGN(Element e, ElementFromJson(ElemJson(kEntitySample), "input[0]"));
  Element expected = Element::Entity(
      "Cardinality", Value::String("M32:1"),
      {{"count", Value::Int64(1)}, {"edgeGroup", Value::TreeSet({Value::String("RoadUse")})}});
  EXPECT_EQ(e, expected);
  EXPECT_EQ(Unordered(ElementToJson(e)), Unordered(ElemJson(kEntitySample)));
}

TEST(ElementJsonTest, ReadsGafferEdgeSample) {
  ASSERT_OK_AND_ASSIGN(Element e, ElementFromJson(ElemJson(kEdgeSample), "input[0]"));
  ASSERT_TRUE(e.is_edge());
  EXPECT_EQ(e.group(), "RoadUse");
  EXPECT_EQ(e.source(), Value::String("M32:1"));
  EXPECT_EQ(e.destination(), Value::String("M32:2"));
  EXPECT_TRUE(e.directed());
  EXPECT_EQ(e.matched_vertex(), MatchedVertex::kSource);
  EXPECT_EQ(e.properties().Get("startDate"), Value::Date(957312000000));
  EXPECT_EQ(e.properties().Get("count"), Value::Int64(2243));
  EXPECT_EQ(e.properties().Get("countByVehicleType"), Value::FreqMap({{"CAR", 2243}}));
  EXPECT_EQ(Unordered(ElementToJson(e)), Unordered(ElemJson(kEdgeSample)));
}

TEST(ElementJsonTest, WritesGafferFieldOrderAndEmptyProperties) {
  Element e = Element::Edge("g", Value::Int32(1), Value::Int32(2), false);
  EXPECT_EQ(ElementToJson(e).dump(),
            R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"g","source":1,)"
            R"("destination":2,"directed":false,"properties":{}})");
}

TEST(ElementJsonTest, SimpleNamesAndDefaults) {
  ASSERT_OK_AND_ASSIGN(Element e,
                       ElementFromJson(ElemJson(R"({"class":"Entity","vertex":{"Long":5}})"), ""));
  EXPECT_EQ(e, Element::Entity("UNKNOWN", Value::Int64(5)));
  // Neither directed nor directedType: directed. EITHER: directed.
  ASSERT_OK_AND_ASSIGN(Element d, ElementFromJson(ElemJson(R"({"class":"Edge","group":"g",
      "source":"b","destination":"a"})"),
                                                  ""));
  EXPECT_TRUE(d.directed());
  EXPECT_EQ(d.source(), Value::String("b"));
  ASSERT_OK_AND_ASSIGN(Element either, ElementFromJson(ElemJson(R"({"class":"Edge","group":"g",
      "source":"b","destination":"a","directedType":"EITHER"})"),
                                                       ""));
  EXPECT_TRUE(either.directed());
  // UNDIRECTED: normalised so that source <= destination, flipping matchedVertex.
  ASSERT_OK_AND_ASSIGN(Element u, ElementFromJson(ElemJson(R"({"class":"Edge","group":"g",
      "source":"b","destination":"a","directedType":"UNDIRECTED","matchedVertex":"SOURCE"})"),
                                                  ""));
  EXPECT_FALSE(u.directed());
  EXPECT_EQ(u.source(), Value::String("a"));
  EXPECT_EQ(u.matched_vertex(), MatchedVertex::kDestination);
  ASSERT_OK_AND_ASSIGN(Element f, ElementFromJson(ElemJson(R"({"class":"Edge","group":"g",
      "source":"b","destination":"a","directed":false})"),
                                                  ""));
  EXPECT_EQ(f, u);
}

TEST(ElementJsonTest, NullPropertyDroppedUnknownFieldIgnored) {
  ASSERT_OK_AND_ASSIGN(Element e,
                       ElementFromJson(ElemJson(R"({"class":"Entity","group":"g","vertex":"v",
      "properties":{"a":null,"b":1},"extra":true})"),
                                       ""));
  EXPECT_EQ(e, Element::Entity("g", Value::String("v"), {{"b", Value::Int32(1)}}));
}

TEST(ElementJsonTest, Errors) {
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Edge","source":"a","destination":"b",
      "directed":true,"directedType":"DIRECTED"})"),
                              "input[3]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[3]"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Edge","source":"a","destination":"b",
      "directedType":"SIDEWAYS"})"),
                              "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.directedType"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Edge","source":"a"})"), "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.destination"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Entity","group":"g"})"), "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.vertex"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"group":"g","vertex":"v"})"), "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.class"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"EntitySeed","vertex":"v"})"), "e"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(
      ElementFromJson(ElemJson(R"({"class":"Entity","vertex":"v","properties":{"n":{"Nope":1}}})"),
                      "e"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "e.properties.n"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Entity","vertex":"v","properties":[]})"), "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.properties"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Edge","source":"a","destination":"b",
      "matchedVertex":"BOTH"})"),
                              "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.matchedVertex"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"({"class":"Entity","group":7,"vertex":"v"})"), "e"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.group"));
  EXPECT_THAT(ElementFromJson(ElemJson(R"([1])"), "e"), StatusIs(StatusCode::kInvalidArgument));
}

// gaffer-compat.md §7.1.
TEST(ElementIdJsonTest, ReadsGafferSeedSamples) {
  ASSERT_OK_AND_ASSIGN(
      ElementId entity,
      ElementIdFromJson(
          ElemJson(R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"M32:1"})"),
          "input[0]"));
  EXPECT_EQ(entity, ElementId(EntitySeed{Value::String("M32:1")}));
  Json edge_json = ElemJson(R"({"class":"uk.gov.gchq.gaffer.operation.data.EdgeSeed","source":2,
      "destination":3,"directedType":"EITHER","matchedVertex":"SOURCE"})");
  ASSERT_OK_AND_ASSIGN(ElementId edge, ElementIdFromJson(edge_json, "input[1]"));
  const auto& seed = std::get<EdgeSeed>(edge);
  EXPECT_EQ(seed.source, Value::Int32(2));
  EXPECT_EQ(seed.destination, Value::Int32(3));
  EXPECT_EQ(seed.directed_type, DirectedType::kEither);
  EXPECT_EQ(seed.matched_vertex, MatchedVertex::kSource);
  EXPECT_EQ(ElementIdToJson(edge), edge_json);
  EXPECT_EQ(ElementIdToJson(entity).dump(),
            R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"M32:1"})");
}

TEST(ElementIdJsonTest, EdgeSeedOrdering) {
  // Only UNDIRECTED seeds are reordered; EITHER and absent keep the order.
  ASSERT_OK_AND_ASSIGN(ElementId u, ElementIdFromJson(ElemJson(R"({"class":"EdgeSeed","source":"b",
      "destination":"a","directed":false})"),
                                                      ""));
  EXPECT_EQ(std::get<EdgeSeed>(u).source, Value::String("a"));
  EXPECT_EQ(std::get<EdgeSeed>(u).directed_type, DirectedType::kUndirected);
  ASSERT_OK_AND_ASSIGN(ElementId n, ElementIdFromJson(ElemJson(R"({"class":"EdgeSeed","source":"b",
      "destination":"a"})"),
                                                      ""));
  EXPECT_EQ(std::get<EdgeSeed>(n).source, Value::String("b"));
  EXPECT_EQ(std::get<EdgeSeed>(n).directed_type, DirectedType::kEither);
  ASSERT_OK_AND_ASSIGN(ElementId d, ElementIdFromJson(ElemJson(R"({"class":"EdgeSeed","source":"b",
      "destination":"a","directed":true})"),
                                                      ""));
  EXPECT_EQ(std::get<EdgeSeed>(d).directed_type, DirectedType::kDirected);
  EXPECT_THAT(ElementIdFromJson(ElemJson(R"({"class":"EdgeSeed","source":"b","destination":"a",
      "directed":true,"directedType":"EITHER"})"),
                                "s"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ElementIdJsonTest, RawValuesAndElementsAsSeeds) {
  // The array-input test from GetElementsTest: 1, ["java.lang.Long", 2], a TypeSubTypeValue.
  ASSERT_OK_AND_ASSIGN(ElementId a, ElementIdFromJson(ElemJson("1"), "input[0]"));
  EXPECT_EQ(a, ElementId(EntitySeed{Value::Int32(1)}));
  ASSERT_OK_AND_ASSIGN(ElementId b,
                       ElementIdFromJson(ElemJson(R"(["java.lang.Long", 2])"), "input[1]"));
  EXPECT_EQ(b, ElementId(EntitySeed{Value::Int64(2)}));
  ASSERT_OK_AND_ASSIGN(ElementId c, ElementIdFromJson(ElemJson(R"({"class":
      "uk.gov.gchq.gaffer.types.TypeSubTypeValue","type":"t","subType":"s","value":"v"})"),
                                                      "input[2]"));
  EXPECT_EQ(c, ElementId(EntitySeed{Value::TypeSubTypeValue("t", "s", "v")}));
  ASSERT_OK_AND_ASSIGN(ElementId w, ElementIdFromJson(ElemJson(R"({"java.util.Date":5})"), ""));
  EXPECT_EQ(w, ElementId(EntitySeed{Value::Date(5)}));
  // An Edge used as a seed gives its EdgeSeed (directed -> DIRECTED).
  ASSERT_OK_AND_ASSIGN(ElementId e, ElementIdFromJson(ElemJson(kEdgeSample), ""));
  EXPECT_EQ(e, ElementId(MakeEdgeSeed(Value::String("M32:1"), Value::String("M32:2"),
                                      DirectedType::kDirected)));
  ASSERT_OK_AND_ASSIGN(ElementId v, ElementIdFromJson(ElemJson(kEntitySample), ""));
  EXPECT_EQ(v, ElementId(EntitySeed{Value::String("M32:1")}));
  EXPECT_THAT(ElementIdFromJson(ElemJson("null"), "input[4]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[4]"));
  EXPECT_THAT(ElementIdFromJson(ElemJson(R"({"class":"EntitySeed"})"), "s"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "s.vertex"));
}

}  // namespace
}  // namespace quarry
