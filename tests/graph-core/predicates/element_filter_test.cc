#include "graph-core/element.h"
#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::JsonOf;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Element Entity() {
  return Element::Entity("Cardinality", Value::String("M32:1"),
                         {{"count", Value::Int64(5)}, {"name", Value::String("x")}});
}

Element Edge() {
  return Element::Edge("RoadUse", Value::String("a"), Value::String("b"), true,
                       {{"count", Value::Int64(2)}});
}

ElementFilter MustParseFilter(std::string_view text) {
  Result<ElementFilter> f = ParseElementFilter(JsonOf(text), "filter");
  EXPECT_TRUE(f.ok()) << f.status().ToString();
  return f.ok() ? *f : ElementFilter();
}

TEST(TuplePredicateTest, SelectsPropertiesAndIdentifiers) {
  ASSERT_OK_AND_ASSIGN(TuplePredicate count, ParseTuplePredicate(JsonOf(R"(
      {"selection": ["count"], "predicate": {"class": "IsMoreThan", "value": {"Long": 3}}})"),
                                                                 "f"));
  EXPECT_TRUE(count.Test(Entity()));
  EXPECT_FALSE(count.Test(Edge()));
  ASSERT_OK_AND_ASSIGN(TuplePredicate vertex, ParseTuplePredicate(JsonOf(R"(
      {"selection": ["VERTEX"], "predicate": {"class": "IsEqual", "value": "M32:1"}})"),
                                                                  "f"));
  EXPECT_TRUE(vertex.Test(Entity()));
  ASSERT_OK_AND_ASSIGN(TuplePredicate ends, ParseTuplePredicate(JsonOf(R"(
      {"selection": ["SOURCE", "DESTINATION"], "predicate": {"class": "IsXLessThanY"}})"),
                                                                "f"));
  EXPECT_TRUE(ends.Test(Edge()));
  ASSERT_OK_AND_ASSIGN(TuplePredicate missing, ParseTuplePredicate(JsonOf(R"(
      {"selection": ["absent"], "predicate": {"class": "Exists"}})"),
                                                                   "f"));
  EXPECT_FALSE(missing.Test(Entity()));
}

TEST(TuplePredicateTest, AndOverATwoKeySelection) {
  ASSERT_OK_AND_ASSIGN(TuplePredicate p, ParseTuplePredicate(JsonOf(R"(
      {"selection": ["count", "name"], "predicate": {"class": "And", "predicates": [
        {"class": "IntegerTupleAdaptedPredicate", "selection": [0],
         "predicate": {"class": "IsMoreThan", "value": {"Long": 4}}},
        {"class": "IntegerTupleAdaptedPredicate", "selection": [1],
         "predicate": {"class": "IsEqual", "value": "x"}}]}})"),
                                                             "f"));
  EXPECT_TRUE(p.Test(Entity()));
  Element other = Entity();
  other.mutable_properties().Set("name", Value::String("y"));
  EXPECT_FALSE(p.Test(other));
}

TEST(TuplePredicateTest, LongSelections) {
  // Nine keys: more than are kept on the stack. Position 8 is "count".
  ASSERT_OK_AND_ASSIGN(TuplePredicate p, ParseTuplePredicate(JsonOf(R"(
      {"selection": ["a", "b", "c", "d", "e", "f", "g", "GROUP", "count"],
       "predicate": {"class": "And", "predicates": [
         {"class": "IntegerTupleAdaptedPredicate", "selection": [0, 1, 2, 3, 4, 5, 6, 7, 8],
          "predicate": {"class": "IntegerTupleAdaptedPredicate", "selection": [8],
                        "predicate": {"class": "IsEqual", "value": {"Long": 5}}}},
         {"class": "IntegerTupleAdaptedPredicate", "selection": [7],
          "predicate": {"class": "IsEqual", "value": "Cardinality"}},
         {"class": "IntegerTupleAdaptedPredicate", "selection": [0],
          "predicate": {"class": "Not", "predicate": {"class": "Exists"}}}]}})"),
                                                             "f"));
  EXPECT_TRUE(p.Test(Entity()));
  EXPECT_FALSE(p.Test(Edge()));
}

TEST(TuplePredicateTest, Errors) {
  EXPECT_THAT(ParseTuplePredicate(JsonOf(R"({"predicate": {"class": "Exists"}})"), "f[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f[0].selection: missing"));
  EXPECT_THAT(ParseTuplePredicate(JsonOf(R"({"selection": ["a"]})"), "f[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f[0].predicate: missing"));
  EXPECT_THAT(ParseTuplePredicate(JsonOf(R"({"selection": [1], "predicate": {"class": "Exists"}})"),
                                  "f[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f[0].selection[0]"));
  EXPECT_THAT(
      ParseTuplePredicate(JsonOf(R"({"selection": ["a"], "predicate": {"class": "X"}})"), "f[0]"),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "f[0].predicate: unknown predicate class 'X'"));
  EXPECT_THAT(ParseTuplePredicate(JsonOf("[]"), "f[0]"), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ElementFilterTest, AllPredicatesMustPass) {
  ElementFilter f = MustParseFilter(R"([
      {"selection": ["count"], "predicate": {"class": "IsMoreThan", "value": {"Long": 1}}},
      {"selection": ["GROUP"], "predicate": {"class": "IsEqual", "value": "Cardinality"}}])");
  EXPECT_EQ(f.predicates().size(), 2u);
  EXPECT_TRUE(f.Test(Entity()));
  EXPECT_FALSE(f.Test(Edge()));  // count passes, group does not
  EXPECT_TRUE(ElementFilter().Test(Edge()));
  EXPECT_TRUE(ElementFilter().empty());
}

TEST(ElementFilterTest, AppendAndJsonRoundTrip) {
  ElementFilter f =
      MustParseFilter(R"([{"selection": ["count"], "predicate": {"class": "Exists"}}])");
  ElementFilter g =
      MustParseFilter(R"([{"selection": ["name"], "predicate": {"class": "Exists"}}])");
  f.Append(g);
  ASSERT_EQ(f.predicates().size(), 2u);
  EXPECT_FALSE(f.Test(Edge()));
  EXPECT_TRUE(f.Test(Entity()));
  Json expected = JsonOf(R"([
      {"selection": ["count"], "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}},
      {"selection": ["name"], "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}}])");
  EXPECT_EQ(f.ToJson(), expected);
  ElementFilter again = MustParseFilter(f.ToJson().dump());
  EXPECT_EQ(again.ToJson(), expected);
}

TEST(ElementFilterTest, ParseForms) {
  EXPECT_TRUE(MustParseFilter("null").empty());
  EXPECT_EQ(
      MustParseFilter(R"({"predicates": [{"selection": ["a"], "predicate": {"class": "Exists"}}]})")
          .predicates()
          .size(),
      1u);
  EXPECT_THAT(ParseElementFilter(JsonOf(R"("x")"), "view.entities.E.preAggregationFilterFunctions"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "view.entities.E.preAggregationFilterFunctions"));
  EXPECT_THAT(ParseElementFilter(JsonOf(R"([{"selection": ["a"]}])"), "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f[0].predicate"));
}

}  // namespace
}  // namespace quarry
