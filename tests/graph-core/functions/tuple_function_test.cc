#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/function.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TupleFunction ParseTuple(const char* text) {
  auto t = ParseTupleFunction(Json::parse(text), "transformFunctions[0]");
  EXPECT_TRUE(t.ok()) << t.status().ToString();
  return t.ok() ? *t : TupleFunction{};
}

TEST(TupleFunctionTest, ProjectsOneOutputToAProperty) {
  TupleFunction t = ParseTuple(
      R"({"selection":["SOURCE","count"],"function":{"class":"Concat","separator":"|"},
          "projection":["description"]})");
  Element edge = Element::Edge("RoadUse", Value::String("M32:1"), Value::String("M32:2"), true,
                               {{"count", Value::Int64(3)}});
  ASSERT_OK(t.Apply(&edge));
  EXPECT_EQ(edge.properties().Get("description"), Value::String("M32:1|3"));
  EXPECT_EQ(edge.properties().Get("count"), Value::Int64(3));
}

TEST(TupleFunctionTest, NullOutputRemovesProperty) {
  TupleFunction t =
      ParseTuple(R"({"selection":["x"],"function":{"class":"ToNull"},"projection":["x"]})");
  Element e = Element::Entity("g", Value::String("v"), {{"x", Value::Int32(1)}});
  ASSERT_OK(t.Apply(&e));
  EXPECT_FALSE(e.properties().Contains("x"));
}

TEST(TupleFunctionTest, SpreadsTupleOutputOverProjection) {
  TupleFunction t = ParseTuple(
      R"({"selection":["n"],"function":{"class":"DivideBy","by":3},"projection":["q","r"]})");
  Element e = Element::Entity("g", Value::String("v"), {{"n", Value::Int32(11)}});
  ASSERT_OK(t.Apply(&e));
  EXPECT_EQ(e.properties().Get("q"), Value::Int32(3));
  EXPECT_EQ(e.properties().Get("r"), Value::Int32(2));
  // A scalar output cannot fill two keys.
  TupleFunction bad =
      ParseTuple(R"({"selection":["n"],"function":{"class":"Identity"},"projection":["q","r"]})");
  EXPECT_THAT(bad.Apply(&e), StatusIs(StatusCode::kInvalidArgument));
}

TEST(TupleFunctionTest, ProjectsOntoIdentifiers) {
  TupleFunction upper = ParseTuple(
      R"({"selection":["DESTINATION"],"function":{"class":"ToUpperCase"},
          "projection":["SOURCE"]})");
  // Undirected b-c becomes C-c: "C" < "c" in Java order, so no swap.
  Element edge = Element::Edge("g", Value::String("b"), Value::String("c"), false);
  ASSERT_OK(upper.Apply(&edge));
  EXPECT_EQ(edge.source(), Value::String("C"));
  EXPECT_EQ(edge.destination(), Value::String("c"));
  // Undirected a-b with SOURCE := "z" is re-normalised to b-z.
  TupleFunction to_z = ParseTuple(
      R"({"selection":["SOURCE"],"function":{"class":"DefaultIfNull","defaultValue":"z"},
          "projection":["SOURCE"]})");
  TupleFunction set_z = ParseTuple(
      R"({"selection":["missing"],"function":{"class":"DefaultIfNull","defaultValue":"z"},
          "projection":["SOURCE"]})");
  Element ab = Element::Edge("g", Value::String("a"), Value::String("b"), false);
  ASSERT_OK(to_z.Apply(&ab));  // the source is not null: unchanged
  EXPECT_EQ(ab.source(), Value::String("a"));
  ASSERT_OK(set_z.Apply(&ab));
  EXPECT_EQ(ab.source(), Value::String("b"));
  EXPECT_EQ(ab.destination(), Value::String("z"));
  TupleFunction vertex = ParseTuple(
      R"({"selection":["VERTEX"],"function":{"class":"ToLowerCase"},"projection":["VERTEX"]})");
  Element entity = Element::Entity("g", Value::String("ABC"));
  ASSERT_OK(vertex.Apply(&entity));
  EXPECT_EQ(entity.vertex(), Value::String("abc"));
  TupleFunction source_on_entity = ParseTuple(
      R"({"selection":["VERTEX"],"function":{"class":"Identity"},"projection":["SOURCE"]})");
  EXPECT_THAT(source_on_entity.Apply(&entity), StatusIs(StatusCode::kInvalidArgument));
}

TEST(TupleFunctionTest, FunctionErrorsPropagate) {
  TupleFunction t =
      ParseTuple(R"({"selection":["s"],"function":{"class":"ToLong"},"projection":["n"]})");
  Element e = Element::Entity("g", Value::String("v"), {{"s", Value::String("x1")}});
  EXPECT_THAT(t.Apply(&e), StatusIs(StatusCode::kInvalidArgument));
}

TEST(TupleFunctionTest, RoundTripsJson) {
  Json json = Json::parse(R"({"selection":["a","b"],
      "function":{"class":"uk.gov.gchq.koryphe.impl.function.Concat","separator":","},
      "projection":["c"]})");
  ASSERT_OK_AND_ASSIGN(TupleFunction t, ParseTupleFunction(json, "t"));
  EXPECT_EQ(t.ToJson(), json);
}

TEST(TupleFunctionTest, ParseErrors) {
  EXPECT_THAT(ParseTupleFunction(Json::parse(R"({"function":{"class":"Identity"},
                                                 "projection":["a"]})"),
                                 "t"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.selection"));
  EXPECT_THAT(ParseTupleFunction(
                  Json::parse(R"({"selection":["a"],"function":{"class":"Identity"}})"), "t"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.projection"));
  EXPECT_THAT(ParseTupleFunction(Json::parse(R"({"selection":["a"],"projection":["a"]})"), "t"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.function"));
  EXPECT_THAT(ParseTupleFunction(Json::parse(R"({"selection":["a"],"projection":["a"],
                                                 "function":{"class":"Nope"}})"),
                                 "t"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.function.class"));
}

}  // namespace
}  // namespace quarry
