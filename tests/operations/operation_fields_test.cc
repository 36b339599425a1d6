// Per-operation fields: defaults, values and errors naming the JSON path.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/operation.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Result<Operation> ParseFirst(std::string_view text) {
  QUARRY_ASSIGN_OR_RETURN(Operation chain, ParseOperationChain(text, ParseLimits()));
  if (chain.operations.empty()) return InternalError("empty chain");
  return chain.operations[0];
}

TEST(OperationFieldsTest, AddElementsDefaultsAndFlags) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"AddElements","input":[
      {"class":"Entity","group":"entity","vertex":1,"properties":{"count":3}}]})"));
  EXPECT_TRUE(op.validate);
  EXPECT_FALSE(op.skip_invalid_elements);
  ASSERT_TRUE(op.input.has_value());
  ASSERT_EQ(op.input->size(), 1u);
  EXPECT_EQ(std::get<Element>((*op.input)[0]),
            Element::Entity("entity", Value::Int32(1), {{"count", Value::Int32(3)}}));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"AddElements","validate":false,
      "skipInvalidElements":true})"));
  EXPECT_FALSE(op.validate);
  EXPECT_TRUE(op.skip_invalid_elements);
  EXPECT_FALSE(op.input.has_value());
  EXPECT_THAT(ParseFirst(R"({"class":"AddElements","validate":"yes"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "validate: expected a boolean"));
  EXPECT_THAT(ParseFirst(R"({"operations":[{"class":"AddElements","input":[{"class":"Entity"}]}]})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].input[0]"));
  EXPECT_THAT(ParseFirst(R"({"class":"AddElements","input":{"class":"Entity"}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input: expected an array"));
}

TEST(OperationFieldsTest, GetElementsSeedsAndFilters) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"GetElements","input":[
      1, "a", {"class":"EntitySeed","vertex":2},
      {"class":"EdgeSeed","source":1,"destination":2,"directedType":"EITHER"},
      {"class":"Entity","group":"entity","vertex":7},
      {"java.lang.Long":9}],
      "includeIncomingOutGoing":"OUTGOING","directedType":"DIRECTED","seedMatching":"EQUAL",
      "view":{"edges":{"edge":{}}}})"));
  ASSERT_EQ(op.input->size(), 6u);
  EXPECT_EQ(std::get<ElementId>((*op.input)[0]), ElementId(EntitySeed{Value::Int32(1)}));
  EXPECT_EQ(std::get<ElementId>((*op.input)[1]), ElementId(EntitySeed{Value::String("a")}));
  EXPECT_EQ(std::get<ElementId>((*op.input)[2]), ElementId(EntitySeed{Value::Int32(2)}));
  EXPECT_EQ(std::get<ElementId>((*op.input)[3]),
            ElementId(EdgeSeed{Value::Int32(1), Value::Int32(2), DirectedType::kEither}));
  EXPECT_EQ(std::get<ElementId>((*op.input)[4]), ElementId(EntitySeed{Value::Int32(7)}));
  EXPECT_EQ(std::get<ElementId>((*op.input)[5]), ElementId(EntitySeed{Value::Int64(9)}));
  EXPECT_EQ(op.include_incoming_outgoing, IncludeIncomingOutgoing::kOutgoing);
  EXPECT_EQ(op.directed_type, DirectedType::kDirected);
  EXPECT_TRUE(op.seed_matching_equal);
  ASSERT_TRUE(op.view.has_value());
  EXPECT_TRUE(op.view->has_edges());
  EXPECT_FALSE(op.view->has_entities());

  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"GetElements","seedMatching":"RELATED",
      "view":null})"));
  EXPECT_FALSE(op.seed_matching_equal);
  EXPECT_FALSE(op.view.has_value());
  EXPECT_EQ(op.include_incoming_outgoing, IncludeIncomingOutgoing::kEither);

  EXPECT_THAT(ParseFirst(R"({"class":"GetElements","includeIncomingOutGoing":"UP"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "includeIncomingOutGoing: unknown value 'UP'"));
  EXPECT_THAT(ParseFirst(R"({"class":"GetElements","directedType":1})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "directedType: expected a string"));
  EXPECT_THAT(ParseFirst(R"({"class":"GetElements","seedMatching":"SOME"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "seedMatching"));
  EXPECT_THAT(
      ParseFirst(R"({"class":"GetElements","input":[{"class":"EdgeSeed","source":1}]})").status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "input[0]"));
  EXPECT_THAT(ParseFirst(R"({"class":"GetElements","view":{"edges":5}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "view.edges"));
}

TEST(OperationFieldsTest, BetweenSetsAndPairs) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"GetElementsBetweenSets",
      "input":[1],"inputB":[{"class":"EntitySeed","vertex":2},4]})"));
  EXPECT_EQ(op.input->size(), 1u);
  EXPECT_EQ(op.input_b->size(), 2u);
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"GetElementsBetweenSetsPairs","input":{
      "class":"uk.gov.gchq.gaffer.commonutil.pair.Pair",
      "first":{"Iterable":[{"class":"EntitySeed","vertex":1}]},
      "second":{"java.lang.Iterable":[{"class":"EntitySeed","vertex":2},3]}}})"));
  ASSERT_EQ(op.input->size(), 1u);
  ASSERT_EQ(op.input_b->size(), 2u);
  EXPECT_EQ(std::get<ElementId>((*op.input_b)[1]), ElementId(EntitySeed{Value::Int32(3)}));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"GetElementsBetweenSetsPairs",
      "input":[{"class":"Pair","first":[1],"second":[2]}]})"));
  EXPECT_EQ(op.input->size(), 1u);
  EXPECT_THAT(
      ParseFirst(R"({"class":"GetElementsBetweenSetsPairs","input":{"first":[1]}})").status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "input: expected a Pair"));
  EXPECT_THAT(ParseFirst(R"({"class":"GetElementsBetweenSetsPairs"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input: required"));
}

TEST(OperationFieldsTest, InRangesPairs) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"GetElementsInRanges","input":[
      {"class":"uk.gov.gchq.gaffer.commonutil.pair.Pair",
       "first":{"uk.gov.gchq.gaffer.operation.data.EntitySeed":{"class":"EntitySeed","vertex":1}},
       "second":{"EntitySeed":{"vertex":4}}},
      {"class":"Pair","first":{"class":"EntitySeed","vertex":"a"},"second":"b"}]})"));
  ASSERT_EQ(op.ranges.size(), 2u);
  EXPECT_EQ(op.ranges[0].first, ElementId(EntitySeed{Value::Int32(1)}));
  EXPECT_EQ(op.ranges[0].second, ElementId(EntitySeed{Value::Int32(4)}));
  EXPECT_EQ(op.ranges[1].second, ElementId(EntitySeed{Value::String("b")}));
  EXPECT_THAT(ParseFirst(R"({"class":"GetElementsInRanges","input":[{"class":"Pair",
      "first":1}]})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[0]"));
  EXPECT_THAT(ParseFirst(R"({"class":"GetElementsInRanges","input":[{"class":"Foo",
      "first":1,"second":2}]})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[0].class"));
}

TEST(OperationFieldsTest, LimitCountGroups) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"Limit","resultLimit":3})"));
  EXPECT_EQ(op.result_limit, 3);
  EXPECT_TRUE(op.truncate);
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"Limit","resultLimit":0,"truncate":false})"));
  EXPECT_FALSE(op.truncate);
  EXPECT_THAT(ParseFirst(R"({"class":"Limit"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "resultLimit: required"));
  EXPECT_THAT(
      ParseFirst(R"({"class":"Limit","resultLimit":"3"})").status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "resultLimit: expected an integer"));
  EXPECT_THAT(ParseFirst(R"({"class":"Limit","resultLimit":-1})").status(),
              StatusIs(StatusCode::kInvalidArgument));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"CountGroups","limit":10})"));
  EXPECT_EQ(op.count_groups_limit, 10);
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"CountGroups"})"));
  EXPECT_EQ(op.count_groups_limit, std::nullopt);
  EXPECT_THAT(ParseFirst(R"({"class":"CountGroups","limit":1.5})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "limit: expected an integer"));
}

TEST(OperationFieldsTest, ToVertices) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"ToVertices"})"));
  EXPECT_EQ(op.edge_vertices, std::nullopt);
  EXPECT_EQ(op.use_matched_vertex, std::nullopt);
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"ToVertices","edgeVertices":"BOTH",
      "useMatchedVertex":"OPPOSITE"})"));
  EXPECT_EQ(op.edge_vertices, EdgeVertices::kBoth);
  EXPECT_EQ(op.use_matched_vertex, UseMatchedVertex::kOpposite);
  EXPECT_THAT(ParseFirst(R"({"class":"ToVertices","edgeVertices":"ALL"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "edgeVertices: unknown value"));
}

TEST(OperationFieldsTest, ToCsvGenerators) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"ToCsv","csvGenerator":{
      "class":"uk.gov.gchq.gaffer.data.generator.CsvGenerator",
      "fields":{"GROUP":"Group","VERTEX":"Vertex","count":"Count"},
      "constants":{"x":"X"},"quoted":true,"commaReplacement":";"}})"));
  ASSERT_EQ(op.csv.fields.size(), 3u);
  EXPECT_EQ(op.csv.fields[1].first, "VERTEX");  // Document order kept.
  EXPECT_EQ(op.csv.fields[2].second, "Count");
  ASSERT_EQ(op.csv.constants.size(), 1u);
  EXPECT_TRUE(op.csv.quoted);
  EXPECT_EQ(op.csv.comma_replacement, ";");
  EXPECT_TRUE(op.include_header);
  // v1's elementGenerator is honoured; defaults.
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"ToCsv","includeHeader":false,
      "elementGenerator":{"fields":{"SOURCE":"src"}}})"));
  EXPECT_FALSE(op.include_header);
  EXPECT_FALSE(op.csv.quoted);
  EXPECT_EQ(op.csv.comma_replacement, " ");
  ASSERT_EQ(op.csv.fields.size(), 1u);
  EXPECT_THAT(ParseFirst(R"({"class":"ToCsv"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "csvGenerator: required"));
  EXPECT_THAT(ParseFirst(R"({"class":"ToCsv","csvGenerator":{"fields":{"a":1}}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "csvGenerator.fields.a: expected a string"));
}

TEST(OperationFieldsTest, AdminOperations) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"GetSchema","compact":true})"));
  EXPECT_TRUE(op.compact);
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"SplitStoreFromIterable","input":["YQ=="]})"));
  EXPECT_EQ(std::get<Value>((*op.input)[0]), Value::String("YQ=="));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"SampleElementsForSplitPoints",
      "numSplits":3,"proportionToSample":0.5})"));
  EXPECT_EQ(op.num_splits, 3);
  EXPECT_DOUBLE_EQ(op.proportion_to_sample, 0.5);
  EXPECT_THAT(
      ParseFirst(R"({"class":"SampleElementsForSplitPoints","proportionToSample":2})").status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "proportionToSample"));
  EXPECT_THAT(ParseFirst(R"({"class":"SampleElementsForSplitPoints","numSplits":0})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "numSplits"));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"GenerateSplitPointsFromSample"})"));
  EXPECT_EQ(op.num_splits, 1);
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"AddElementsFromFile","filename":"/x.json",
      "skipInvalidElements":true})"));
  EXPECT_EQ(op.filename, "/x.json");
  EXPECT_TRUE(op.skip_invalid_elements);
  EXPECT_THAT(ParseFirst(R"({"class":"AddElementsFromFile"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "filename: required"));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"uk.gov.gchq.quarry.operation.Checkpoint",
      "directory":"/backups/1"})"));
  EXPECT_EQ(op.directory, "/backups/1");
  EXPECT_THAT(ParseFirst(R"({"class":"Checkpoint","directory":3})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "directory: expected a string"));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"PreviewValidation","schema":{"entities":{}}})"));
  EXPECT_TRUE(op.proposed_schema.is_object());
  EXPECT_THAT(ParseFirst(R"({"class":"PreviewValidation"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "schema"));
}

TEST(OperationFieldsTest, GenericInputs) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseFirst(R"({"class":"ToSet","input":[
      1, {"class":"EntitySeed","vertex":1}, {"class":"Entity","group":"g","vertex":1},
      {"java.util.Date":5}]})"));
  ASSERT_EQ(op.input->size(), 4u);
  EXPECT_EQ(std::get<Value>((*op.input)[0]), Value::Int32(1));
  EXPECT_TRUE(std::holds_alternative<ElementId>((*op.input)[1]));
  EXPECT_TRUE(std::holds_alternative<Element>((*op.input)[2]));
  EXPECT_EQ(std::get<Value>((*op.input)[3]), Value::Date(5));
  ASSERT_OK_AND_ASSIGN(op, ParseFirst(R"({"class":"ToSingletonList","input":7})"));
  ASSERT_EQ(op.input->size(), 1u);
  EXPECT_THAT(ParseFirst(R"({"class":"Count","input":[{"Nope":1}]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[0]"));
}

}  // namespace
}  // namespace quarry
