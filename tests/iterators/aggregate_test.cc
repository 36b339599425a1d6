#include "iterators/aggregate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/operators/gaffer_doc_operators.h"
#include "keypackages/value_format.h"
#include "tests/iterators/test_schemas.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

const SchemaElementDefinition& Group(const Schema& schema, std::string_view name) {
  const SchemaElementDefinition* def = schema.Group(name);
  EXPECT_NE(def, nullptr) << name;
  return *def;
}

Properties Ordered(std::string v, int64_t count) {
  return Properties{{"first", Value::String(v)},
                    {"last", Value::String(v)},
                    {"concat", Value::String(v)},
                    {"count", Value::Int64(count)}};
}

// ExampleTuple2BinaryOperator over (startDate, endDate) keeps the whole tuple
// whose first value is larger: the two properties move together, unlike two
// independent per-property folds would.
TEST(AggregateTest, TupleOperatorFoldsTheSelectionTogether) {
  std::vector<TupleBinaryOperator> aggregator = {
      {{"startDate", "endDate"}, MakeExampleTuple2BinaryOperator()}};
  Properties state{{"startDate", Value::Date(100)}, {"endDate", Value::Date(900)}};
  Properties input{{"startDate", Value::Date(200)}, {"endDate", Value::Date(300)}};
  ASSERT_OK(AggregateProperties(aggregator, "RoadUse", input, /*input_is_newer=*/false, &state));
  EXPECT_EQ(state.Get("startDate"), Value::Date(200));
  EXPECT_EQ(state.Get("endDate"), Value::Date(300));
  // A smaller first value leaves the state's tuple whole.
  Properties older{{"startDate", Value::Date(50)}, {"endDate", Value::Date(5000)}};
  ASSERT_OK(AggregateProperties(aggregator, "RoadUse", older, /*input_is_newer=*/true, &state));
  EXPECT_EQ(state.Get("startDate"), Value::Date(200));
  EXPECT_EQ(state.Get("endDate"), Value::Date(300));
}

// FirstLastIT: 1, 2, 3 written one at a time -> First 3, Last 1 (§4.2).
TEST(AggregateTest, FirstKeepsNewestLastKeepsOldestGivenNewestFirst) {
  const auto& def = Group(*OrderingSchema(), "Ordered");
  std::vector<Properties> newest_first = {Ordered("3", 3), Ordered("2", 2), Ordered("1", 1)};
  ASSERT_OK_AND_ASSIGN(Properties out, AggregateAll(def.ingest_aggregator(), "Ordered",
                                                    newest_first, OperandOrder::kNewestFirst));
  EXPECT_EQ(out.Get("first"), Value::String("3"));
  EXPECT_EQ(out.Get("last"), Value::String("1"));
  EXPECT_EQ(out.Get("concat"), Value::String("3,2,1"));
  EXPECT_EQ(out.Get("count"), Value::Int64(6));
}

TEST(AggregateTest, OldestFirstOperandsGiveTheSameAnswer) {
  const auto& def = Group(*OrderingSchema(), "Ordered");
  std::vector<Properties> oldest_first = {Ordered("1", 1), Ordered("2", 2), Ordered("3", 3)};
  ASSERT_OK_AND_ASSIGN(Properties out, AggregateAll(def.ingest_aggregator(), "Ordered",
                                                    oldest_first, OperandOrder::kOldestFirst));
  EXPECT_EQ(out.Get("first"), Value::String("3"));
  EXPECT_EQ(out.Get("last"), Value::String("1"));
  EXPECT_EQ(out.Get("concat"), Value::String("3,2,1"));
  EXPECT_EQ(out.Get("count"), Value::Int64(6));
}

TEST(AggregateTest, PairwiseFoldRespectsInputIsNewer) {
  const auto& def = Group(*OrderingSchema(), "Ordered");
  Properties state = Ordered("old", 1);
  ASSERT_OK(AggregateProperties(def.ingest_aggregator(), "Ordered", Ordered("new", 2),
                                /*input_is_newer=*/true, &state));
  EXPECT_EQ(state.Get("first"), Value::String("new"));
  EXPECT_EQ(state.Get("last"), Value::String("old"));
  EXPECT_EQ(state.Get("concat"), Value::String("new,old"));
}

TEST(AggregateTest, NullsAndAbsentPropertiesAreSkipped) {
  const auto& def = Group(*OrderingSchema(), "Ordered");
  Properties state{{"count", Value::Int64(4)}};
  Properties input{{"first", Value::String("x")}};
  ASSERT_OK(AggregateProperties(def.ingest_aggregator(), "Ordered", input, false, &state));
  EXPECT_EQ(state.Get("count"), Value::Int64(4));
  EXPECT_EQ(state.Get("first"), Value::String("x"));
  EXPECT_FALSE(state.Contains("last"));
}

TEST(AggregateTest, OperatorRejectingATypeIsInvalidArgumentNamingGroupAndProperty) {
  const auto& def = Group(*OrderingSchema(), "Ordered");
  Properties state{{"count", Value::Int64(4)}};
  Properties input{{"count", Value::Int32(4)}};
  EXPECT_THAT(
      AggregateProperties(def.ingest_aggregator(), "Ordered", input, false, &state),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "group 'Ordered', property 'count'"));
}

TEST(AggregateTest, IngestLeavesGroupByPropertiesAlone) {
  const auto& def = Group(*RoadTrafficSchema(), "RoadUse");
  Element state = Element::Edge("RoadUse", Value::String("a"), Value::String("b"), true,
                                Properties{{"startDate", Value::Date(0)},
                                           {"endDate", Value::Date(10)},
                                           {"count", Value::Int64(1)},
                                           {"countByVehicleType", Value::FreqMap({{"CAR", 1}})}});
  // Never equal at ingest in practice; differing values show they are not folded.
  Element input =
      Element::Edge("RoadUse", Value::String("a"), Value::String("b"), true,
                    Properties{{"startDate", Value::Date(-5)},
                               {"endDate", Value::Date(50)},
                               {"count", Value::Int64(2)},
                               {"countByVehicleType", Value::FreqMap({{"CAR", 2}, {"BUS", 1}})}});
  ASSERT_OK(AggregateElements(def, input, false, &state));
  EXPECT_EQ(state.properties().Get("startDate"), Value::Date(0));
  EXPECT_EQ(state.properties().Get("endDate"), Value::Date(10));
  EXPECT_EQ(state.properties().Get("count"), Value::Int64(3));
  EXPECT_EQ(state.properties().Get("countByVehicleType"), Value::FreqMap({{"BUS", 1}, {"CAR", 3}}));
}

TEST(AggregateTest, IngestLeavesTheVisibilityPropertyAlone) {
  const auto& def = Group(*VisibilitySchema(), "RoadUse");
  Properties state{{"visibility", Value::String("public")}, {"count", Value::Int64(3)}};
  Properties input{{"visibility", Value::String("private")}, {"count", Value::Int64(30)}};
  ASSERT_OK(AggregateProperties(def.ingest_aggregator(), "RoadUse", input, false, &state));
  EXPECT_EQ(state.Get("visibility"), Value::String("public"));
  EXPECT_EQ(state.Get("count"), Value::Int64(33));
}

TEST(AggregateTest, AggregateElementsRejectsAnotherGroup) {
  const auto& def = Group(*OrderingSchema(), "Ordered");
  Element state = Element::Entity("Ordered", Value::String("v"));
  Element input = Element::Entity("Aged", Value::String("v"));
  EXPECT_THAT(AggregateElements(def, input, false, &state), StatusIs(StatusCode::kInvalidArgument));
}

// Values of value format 2 carry a timestamp (format 3 only with a
// timestampProperty): the fold keeps the newest, as Accumulo's versions do.
TEST(AggregateTest, MergeStoredValuesFoldsAndKeepsTheNewestTimestamp) {
  auto schema = OrderingSchema();
  const auto& def = Group(*schema, "Ordered");
  ASSERT_OK_AND_ASSIGN(PropertyLayout layout, PropertyLayout::For(*schema, def, 2));
  std::vector<std::string> stored(3);
  ASSERT_OK(layout.EncodeValue(Ordered("1", 1), 100, &stored[0]));
  ASSERT_OK(layout.EncodeValue(Ordered("2", 2), 300, &stored[1]));
  ASSERT_OK(layout.EncodeValue(Ordered("3", 3), 200, &stored[2]));
  std::vector<std::string_view> oldest_first(stored.begin(), stored.end());
  std::string merged;
  ASSERT_OK(MergeStoredValues(layout, oldest_first, OperandOrder::kOldestFirst, &merged));
  int64_t timestamp = 0;
  Properties out;
  ASSERT_OK(layout.DecodeValue(merged, &timestamp, &out));
  EXPECT_EQ(timestamp, 300);
  EXPECT_EQ(out.Get("first"), Value::String("3"));
  EXPECT_EQ(out.Get("last"), Value::String("1"));
  EXPECT_EQ(out.Get("concat"), Value::String("3,2,1"));
  EXPECT_EQ(out.Get("count"), Value::Int64(6));
}

TEST(AggregateTest, MergeStoredValuesReportsCorruptionAsDataLoss) {
  auto schema = OrderingSchema();
  ASSERT_OK_AND_ASSIGN(PropertyLayout layout,
                       PropertyLayout::For(*schema, Group(*schema, "Ordered")));
  std::string good;
  ASSERT_OK(layout.EncodeValue(Ordered("1", 1), 1, &good));
  // A property length (9) running past the value's end.
  std::vector<std::string_view> values = {good, std::string_view("\x09\x02", 2)};
  std::string merged;
  EXPECT_THAT(MergeStoredValues(layout, values, OperandOrder::kOldestFirst, &merged),
              StatusIs(StatusCode::kDataLoss));
}

// §9.8: RoadUse with groupBy [] -> startDate Min, endDate Max, count Sum,
// countByVehicleType merged.
TEST(QueryAggregationTest, RoadUseGroupByEmptyFoldsEveryProperty) {
  auto schema = RoadTrafficSchema();
  std::vector<std::string> no_group_by;
  ASSERT_OK_AND_ASSIGN(
      QueryAggregation q,
      QueryAggregation::Create(*schema, Group(*schema, "RoadUse"), &no_group_by, {}));
  EXPECT_TRUE(q.required());
  EXPECT_EQ(q.group_by_prefix(), 0u);
  Properties state{{"startDate", Value::Date(3600000)},
                   {"endDate", Value::Date(7199999)},
                   {"count", Value::Int64(5)},
                   {"countByVehicleType", Value::FreqMap({{"CAR", 5}})}};
  Properties input{{"startDate", Value::Date(0)},
                   {"endDate", Value::Date(3599999)},
                   {"count", Value::Int64(7)},
                   {"countByVehicleType", Value::FreqMap({{"CAR", 4}, {"BUS", 3}})}};
  ASSERT_OK(q.Fold(input, &state));
  EXPECT_EQ(state.Get("startDate"), Value::Date(0));
  EXPECT_EQ(state.Get("endDate"), Value::Date(7199999));
  EXPECT_EQ(state.Get("count"), Value::Int64(12));
  EXPECT_EQ(state.Get("countByVehicleType"), Value::FreqMap({{"BUS", 3}, {"CAR", 9}}));
}

TEST(QueryAggregationTest, RequiredOnlyWhenGroupBySizeDiffersOrVisibility) {
  auto road = RoadTrafficSchema();
  const auto& road_use = Group(*road, "RoadUse");
  std::vector<TupleBinaryOperator> none;
  ASSERT_OK_AND_ASSIGN(QueryAggregation schema_group_by,
                       QueryAggregation::Create(*road, road_use, nullptr, none));
  EXPECT_FALSE(schema_group_by.required());
  EXPECT_EQ(schema_group_by.group_by_prefix(), 2u);
  std::vector<std::string> same = {"startDate", "endDate"};
  ASSERT_OK_AND_ASSIGN(QueryAggregation same_size,
                       QueryAggregation::Create(*road, road_use, &same, none));
  EXPECT_FALSE(same_size.required());
  std::vector<std::string> prefix = {"startDate"};
  ASSERT_OK_AND_ASSIGN(QueryAggregation shorter,
                       QueryAggregation::Create(*road, road_use, &prefix, none));
  EXPECT_TRUE(shorter.required());
  EXPECT_EQ(shorter.group_by_prefix(), 1u);

  auto vis = VisibilitySchema();
  ASSERT_OK_AND_ASSIGN(QueryAggregation with_vis,
                       QueryAggregation::Create(*vis, Group(*vis, "RoadUse"), nullptr, none));
  EXPECT_TRUE(with_vis.required());
  ASSERT_OK_AND_ASSIGN(QueryAggregation without_vis,
                       QueryAggregation::Create(*vis, Group(*vis, "Junction"), nullptr, none));
  EXPECT_FALSE(without_vis.required());
}

TEST(QueryAggregationTest, NeverRequiredForNonAggregatingGroups) {
  auto schema = OrderingSchema();
  std::vector<std::string> empty;
  ASSERT_OK_AND_ASSIGN(QueryAggregation q,
                       QueryAggregation::Create(*schema, Group(*schema, "Plain"), &empty, {}));
  EXPECT_FALSE(q.required());
}

TEST(QueryAggregationTest, VisibilityIsAggregatedWithItsTypeAggregator) {
  auto schema = VisibilitySchema();
  ASSERT_OK_AND_ASSIGN(QueryAggregation q,
                       QueryAggregation::Create(*schema, Group(*schema, "RoadUse"), nullptr, {}));
  Properties state{{"visibility", Value::String("public")}, {"count", Value::Int64(3)}};
  ASSERT_OK(
      q.Fold({{"visibility", Value::String("private")}, {"count", Value::Int64(30)}}, &state));
  EXPECT_EQ(state.Get("visibility"), Value::String("private"));
  EXPECT_EQ(state.Get("count"), Value::Int64(33));
}

TEST(QueryAggregationTest, ViewAggregatorOverridesTheSchemaAggregator) {
  auto schema = RoadTrafficSchema();
  ASSERT_OK_AND_ASSIGN(TupleBinaryOperator min,
                       ParseTupleBinaryOperator(Json::parse(R"({"selection": ["count"],
                           "binaryOperator": {"class": "Min"}})"),
                                                "aggregator.operators[0]"));
  std::vector<std::string> empty;
  ASSERT_OK_AND_ASSIGN(QueryAggregation q,
                       QueryAggregation::Create(*schema, Group(*schema, "RoadUse"), &empty, {min}));
  Properties state{{"count", Value::Int64(5)}};
  ASSERT_OK(q.Fold({{"count", Value::Int64(2)}}, &state));
  EXPECT_EQ(state.Get("count"), Value::Int64(2));
}

TEST(QueryAggregationTest, ViewGroupByMustBeASchemaGroupByPrefix) {
  auto schema = RoadTrafficSchema();
  const auto& def = Group(*schema, "RoadUse");
  std::vector<std::string> not_prefix = {"endDate"};
  EXPECT_THAT(QueryAggregation::Create(*schema, def, &not_prefix, {}).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "RoadUse"));
  std::vector<std::string> unknown = {"startDate", "endDate", "count"};
  EXPECT_THAT(QueryAggregation::Create(*schema, def, &unknown, {}).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "count"));
}

TEST(QueryAggregationTest, ViewAggregatorMustSelectKnownNonGroupByAcceptedProperties) {
  auto schema = RoadTrafficSchema();
  const auto& def = Group(*schema, "RoadUse");
  auto tuple = [](const char* property, const char* op) {
    Json json = {{"selection", {property}}, {"binaryOperator", {{"class", op}}}};
    Result<TupleBinaryOperator> t = ParseTupleBinaryOperator(json, "aggregator");
    EXPECT_OK(t.status());
    return *t;
  };
  EXPECT_THAT(QueryAggregation::Create(*schema, def, nullptr, {tuple("nope", "Sum")}).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown property 'nope'"));
  EXPECT_THAT(QueryAggregation::Create(*schema, def, nullptr, {tuple("startDate", "Min")}).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "groupBy property 'startDate'"));
  EXPECT_THAT(QueryAggregation::Create(*schema, def, nullptr, {tuple("count", "And")}).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "count"));
}

}  // namespace
}  // namespace quarry::testing
