#include "schema/schema.h"

#include "graph-core/hll_sketch.h"
#include "tests/schema/bad_schema_cases.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::BadSchemaCase;
using ::quarry::testing::BaseSchemaJson;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string Example(const std::string& file) {
  return testing::SharedDir() + "/gaffer-examples/" + file;
}

std::shared_ptr<const Schema> LoadOrDie(const std::vector<std::string>& files) {
  std::vector<std::string> paths;
  for (const std::string& f : files) paths.push_back(Example(f));
  Result<std::shared_ptr<const Schema>> s = Schema::FromFiles(paths);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : nullptr;
}

std::string OperatorClass(const BinaryOperator* op) {
  return op == nullptr ? "null" : op->ToJson()["class"].get<std::string>();
}

constexpr char kOrdered[] = "uk.gov.gchq.gaffer.serialisation.implementation.ordered.";

TEST(SchemaTest, RoadTrafficLoadsAndBindsGaffersDefaults) {
  auto s = LoadOrDie({"road-traffic/elements.json", "road-traffic/types.json"});
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->entity_groups().size(), 2u);
  EXPECT_EQ(s->entity_groups()[0]->group(), "Cardinality");  // Sorted by name.
  EXPECT_EQ(s->edge_groups().size(), 5u);
  const SchemaElementDefinition* road_use = s->Group("RoadUse");
  ASSERT_NE(road_use, nullptr);
  EXPECT_FALSE(road_use->is_entity());
  ASSERT_EQ(road_use->properties().size(), 4u);  // File order, not sorted.
  EXPECT_EQ(road_use->properties()[0].name, "startDate");
  EXPECT_EQ(road_use->properties()[3].name, "countByVehicleType");
  EXPECT_EQ(road_use->PropertyIndex("count"), 2);
  EXPECT_EQ(road_use->group_by(), (std::vector<std::string>{"startDate", "endDate"}));
  EXPECT_TRUE(road_use->IsGroupBy("endDate"));
  EXPECT_FALSE(road_use->IsGroupBy("count"));
  EXPECT_EQ(road_use->source_type()->name, "junction");
  EXPECT_EQ(road_use->directed_type()->name, "true");
  EXPECT_EQ(OperatorClass(road_use->AggregatorFor("count")),
            "uk.gov.gchq.koryphe.impl.binaryoperator.Sum");
  EXPECT_EQ(OperatorClass(road_use->AggregatorFor("startDate")),
            "uk.gov.gchq.koryphe.impl.binaryoperator.Min");
  EXPECT_EQ(road_use->AggregatorFor("nope"), nullptr);

  const TypeDefinition* hllp = s->Type("hllp");
  ASSERT_NE(hllp, nullptr);
  EXPECT_EQ(hllp->value_type, ValueType::kHllSketch);
  EXPECT_EQ(
      hllp->serialiser->ClassName(),
      "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.serialisation.HllSketchSerialiser");
  EXPECT_EQ(s->Type("count.long")->serialiser->ClassName(),
            std::string(kOrdered) + "OrderedLongSerialiser");
  EXPECT_EQ(s->Type("date.earliest")->serialiser->ClassName(),
            std::string(kOrdered) + "OrderedDateSerialiser");
  EXPECT_EQ(s->Type("counts.freqmap")->serialiser->ClassName(),
            "uk.gov.gchq.gaffer.serialisation.FreqMapSerialiser");
  EXPECT_EQ(s->Type("set")->serialiser->ClassName(),
            "uk.gov.gchq.gaffer.serialisation.implementation.TreeSetStringSerialiser");
  EXPECT_EQ(s->vertex_serialiser().ClassName(),
            "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser");
  EXPECT_FALSE(s->visibility_property().has_value());
  EXPECT_FALSE(s->timestamp_property().has_value());
}

TEST(SchemaTest, EveryGafferExampleLoads) {
  const std::vector<std::vector<std::string>> sets = {
      {"basic/elements.json", "basic/types.json"},
      {"accumulo-store-visibility-test-schema/elementsWithVisibilities.json",
       "accumulo-store-visibility-test-schema/types.json"},
      {"gaffer-doc-operations-example/elements.json", "gaffer-doc-operations-example/types.json"},
      {"gaffer-doc-times-example/elements.json", "gaffer-doc-times-example/types.json"},
      // The split example without aggregation.json (see the next test).
      {"gaffer-doc-schema-split-example/elements.json",
       "gaffer-doc-schema-split-example/types.json",
       "gaffer-doc-schema-split-example/validation.json"},
  };
  for (const auto& set : sets) {
    SCOPED_TRACE(set[0]);
    EXPECT_NE(LoadOrDie(set), nullptr);
  }
}

TEST(SchemaTest, SplitExampleMergesValidationIntoRoadUse) {
  auto s = LoadOrDie({"gaffer-doc-schema-split-example/elements.json",
                      "gaffer-doc-schema-split-example/types.json",
                      "gaffer-doc-schema-split-example/validation.json"});
  ASSERT_NE(s, nullptr);
  const SchemaElementDefinition* road_use = s->Group("RoadUse");
  ASSERT_EQ(road_use->validate_functions().predicates().size(), 1u);
  EXPECT_EQ(road_use->validate_functions().predicates()[0].selection,
            (std::vector<std::string>{"startDate", "endDate"}));
  EXPECT_EQ(s->Type("hllp")->value_type, ValueType::kHyperLogLogPlus);
}

// aggregation.json names gaffer-doc's tuple operator, which Quarry implements
// (graph-core/operators/gaffer_doc_operators.h).
TEST(SchemaTest, SplitExampleWithAggregationBindsTheTupleOperator) {
  auto s = LoadOrDie({"gaffer-doc-schema-split-example/elements.json",
                      "gaffer-doc-schema-split-example/types.json",
                      "gaffer-doc-schema-split-example/validation.json",
                      "gaffer-doc-schema-split-example/aggregation.json"});
  ASSERT_NE(s, nullptr);
  const SchemaElementDefinition* road_use = s->Group("RoadUse");
  ASSERT_NE(road_use, nullptr);
  ASSERT_EQ(road_use->aggregate_functions().size(), 1u);
  const TupleBinaryOperator& tuple = road_use->aggregate_functions()[0];
  EXPECT_EQ(tuple.selection, (std::vector<std::string>{"startDate", "endDate"}));
  EXPECT_TRUE(tuple.op->IsTupleOperator());
  const std::string kTuple2 = "uk.gov.gchq.gaffer.doc.dev.aggregator.ExampleTuple2BinaryOperator";
  EXPECT_EQ(OperatorClass(road_use->AggregatorFor("startDate")), kTuple2);
  EXPECT_EQ(OperatorClass(road_use->AggregatorFor("endDate")), kTuple2);
  EXPECT_EQ(OperatorClass(road_use->AggregatorFor("count")),
            "uk.gov.gchq.koryphe.impl.binaryoperator.Sum");
  // Full: the tuple, then count's Sum. Ingest: both dates are groupBy, so
  // only count is aggregated.
  ASSERT_EQ(road_use->full_aggregator().size(), 2u);
  EXPECT_EQ(road_use->full_aggregator()[0].selection, tuple.selection);
  ASSERT_EQ(road_use->ingest_aggregator().size(), 1u);
  EXPECT_EQ(road_use->ingest_aggregator()[0].selection, (std::vector<std::string>{"count"}));
  ASSERT_EQ(road_use->validate_functions().predicates().size(), 1u);
}

TEST(SchemaTest, VisibilityExampleBindsTheDocSerialiserAndAggregator) {
  auto s = LoadOrDie(
      {"gaffer-doc-visibility-example/elements.json", "gaffer-doc-visibility-example/types.json"});
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->visibility_property(), "visibility");
  const TypeDefinition* visibility = s->Type("visibility");
  ASSERT_NE(visibility, nullptr);
  EXPECT_EQ(visibility->serialiser->ClassName(),
            "uk.gov.gchq.gaffer.doc.dev.serialiser.VisibilitySerialiser");
  EXPECT_EQ(OperatorClass(s->Group("RoadUse")->AggregatorFor("visibility")),
            "uk.gov.gchq.gaffer.doc.dev.aggregator.VisibilityAggregator");
  // The visibility is part of the key: not in the ingest aggregator.
  ASSERT_EQ(s->Group("RoadUse")->ingest_aggregator().size(), 1u);
  EXPECT_EQ(s->Group("RoadUse")->ingest_aggregator()[0].selection,
            (std::vector<std::string>{"count"}));
}

TEST(SchemaTest, TupleOperatorSelectionMustMatchItsSize) {
  std::string types = R"({"types": {
      "v": {"class": "String"},
      "d": {"class": "java.util.Date", "aggregateFunction": {"class": "Max"}}}})";
  auto with_selection = [&](const std::string& selection) {
    return R"({"entities": {"E": {"vertex": "v",
        "properties": {"a": "d", "b": "d", "c": "d"},
        "aggregateFunctions": [{"selection": )" +
           selection + R"(, "binaryOperator": {"class": "ExampleTuple2BinaryOperator"}}]}}})";
  };
  auto three = Schema::FromJsonStrings({with_selection(R"(["a", "b", "c"])"), types},
                                       {"elements.json", "types.json"});
  EXPECT_THAT(three,
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "elements.json: entities.E.aggregateFunctions[0].selection"));
  EXPECT_THAT(three, StatusIsWithMessage(StatusCode::kInvalidArgument, "2 properties, not 3"));
  auto one =
      Schema::FromJsonStrings({with_selection(R"(["a"])"), types}, {"elements.json", "types.json"});
  EXPECT_THAT(one, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_OK(Schema::FromJsonStrings({with_selection(R"(["a", "b"])"), types},
                                    {"elements.json", "types.json"}));
}

TEST(SchemaTest, PerValueOperatorMaySelectSeveralPropertiesAndIsCheckedPerProperty) {
  std::string types = R"({"types": {
      "v": {"class": "String"}, "n": {"class": "Long"}, "s": {"class": "String"}}})";
  std::string sum_longs = R"({"entities": {"E": {"vertex": "v",
      "properties": {"a": "n", "b": "n"},
      "aggregateFunctions": [{"selection": ["a", "b"], "binaryOperator": {"class": "Sum"}}]}}})";
  auto ok = Schema::FromJsonStrings({sum_longs, types}, {"elements.json", "types.json"});
  ASSERT_OK(ok);
  EXPECT_EQ((*ok)->Group("E")->full_aggregator().size(), 1u);
  std::string sum_mixed = R"({"entities": {"E": {"vertex": "v",
      "properties": {"a": "n", "b": "s"},
      "aggregateFunctions": [{"selection": ["a", "b"], "binaryOperator": {"class": "Sum"}}]}}})";
  EXPECT_THAT(Schema::FromJsonStrings({sum_mixed, types}, {"elements.json", "types.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "property 'b'"));
}

TEST(SchemaTest, JavaSerialiserClassesGetTheTypedCollectionFallback) {
  std::string json = R"({"entities": {"E": {"vertex": "v", "aggregate": false,
      "properties": {"hs": "hs", "al": "al", "hm": "hm", "tm": "tm"}}},
    "types": {"v": {"class": "String"}, "hs": {"class": "java.util.HashSet"},
      "al": {"class": "java.util.ArrayList"}, "hm": {"class": "java.util.HashMap"},
      "tm": {"class": "java.util.TreeMap"}}})";
  auto s = Schema::FromJsonStrings({json}, {"schema.json"});
  ASSERT_OK(s);
  for (const char* type : {"hs", "al", "hm", "tm"}) {
    EXPECT_EQ((*s)->Type(type)->serialiser->ClassName(),
              "quarry.serialisation.TypedCollectionSerialiser")
        << type;
  }
}

TEST(SchemaTest, VisibilityTestSchemaUsesItsExplicitSerialisers) {
  auto s = LoadOrDie({"accumulo-store-visibility-test-schema/elementsWithVisibilities.json",
                      "accumulo-store-visibility-test-schema/types.json"});
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->visibility_property(), "visibility");
  EXPECT_EQ(s->vertex_serialiser().ClassName(),
            "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser");
  EXPECT_EQ(s->Type("colQualProperty")->serialiser->ClassName(),
            "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawIntegerSerialiser");
  EXPECT_TRUE(s->Group("BasicEdge")->IsGroupBy("visibility"));
  EXPECT_EQ(s->Type("timestamp"), nullptr);  // Unused, so dropped as Gaffer does.
  EXPECT_EQ(OperatorClass(s->Group("BasicEdge")->AggregatorFor("visibility")),
            "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat");
}

TEST(SchemaTest, ConformanceSchemasLoad) {
  for (const char* name : {"doc_simple.json", "doc_commits_basic.json", "doc_commits_dates.json",
                           "doc_commits_groupby.json"}) {
    SCOPED_TRACE(name);
    auto s = Schema::FromFiles({testing::SharedDir() + "/conformance/schemas/" + name});
    ASSERT_OK(s);
    EXPECT_FALSE((*s)->edge_groups().empty());
  }
  auto s =
      Schema::FromFiles({testing::SharedDir() + "/conformance/schemas/doc_commits_groupby.json"});
  ASSERT_OK(s);
  const SchemaElementDefinition* commit = (*s)->Group("Commit");
  EXPECT_EQ(commit->group_by(), std::vector<std::string>{"issue"});
  EXPECT_TRUE((*s)->Group("Person")->properties().empty());
  EXPECT_TRUE((*s)->Group("Person")->full_aggregator().empty());
}

TEST(SchemaTest, MissingFileIsNotFound) {
  EXPECT_THAT(Schema::FromFiles({Example("road-traffic/elements.json"), "/nope/types.json"}),
              StatusIsWithMessage(StatusCode::kNotFound, "/nope/types.json"));
}

TEST(SchemaTest, JsonRoundTripsToAnEqualSchema) {
  auto s = LoadOrDie({"road-traffic/elements.json", "road-traffic/types.json"});
  ASSERT_NE(s, nullptr);
  ASSERT_OK_AND_ASSIGN(auto again, Schema::FromJsonStrings({s->json().dump()}, {"stored"}));
  EXPECT_EQ(again->json(), s->json());
  EXPECT_EQ(again->Group("RoadUse")->properties()[1].name, "endDate");
  EXPECT_EQ(s->json()["edges"]["RoadUse"]["properties"].begin().key(), "startDate");
}

TEST(SchemaTest, V1SchemaKeysAreHonoured) {
  Json schema = BaseSchemaJson();
  schema["vertexSerialiserClass"] =
      "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser";
  schema["timestampProperty"] = "ts";
  schema["types"]["ts"] = {
      {"class", "java.lang.Long"},
      {"aggregateFunction", {{"class", "Max"}}},
      {"serialiserClass",
       "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser"}};
  schema["edges"]["Knows"]["properties"]["ts"] = "ts";
  ASSERT_OK_AND_ASSIGN(auto s, Schema::FromJsonStrings({schema.dump()}, {"v1.json"}));
  EXPECT_EQ(s->timestamp_property(), "ts");
  EXPECT_EQ(s->Type("ts")->serialiser->ClassName(),
            "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser");
  EXPECT_EQ(s->json()["config"]["timestampProperty"], "ts");
}

TEST(SchemaTest, ElementLevelAggregatorOverridesTheTypeOne) {
  Json schema = BaseSchemaJson();
  schema["edges"]["Knows"]["aggregateFunctions"] = {
      {{"selection", {"count"}}, {"binaryOperator", {{"class", "Max"}}}}};
  ASSERT_OK_AND_ASSIGN(auto s, Schema::FromJsonStrings({schema.dump()}, {"s.json"}));
  EXPECT_EQ(OperatorClass(s->Group("Knows")->AggregatorFor("count")),
            "uk.gov.gchq.koryphe.impl.binaryoperator.Max");
  EXPECT_EQ(OperatorClass(s->Group("Person")->AggregatorFor("count")),
            "uk.gov.gchq.koryphe.impl.binaryoperator.Sum");
}

TEST(SchemaTest, AggregateFalseGroupHasNoAggregators) {
  Json schema = BaseSchemaJson();
  schema["entities"]["Person"]["aggregate"] = false;
  ASSERT_OK_AND_ASSIGN(auto s, Schema::FromJsonStrings({schema.dump()}, {"s.json"}));
  EXPECT_FALSE(s->Group("Person")->aggregate());
  EXPECT_EQ(s->Group("Person")->AggregatorFor("count"), nullptr);
}

TEST(SchemaTest, EachStructuralBadSchemaIsRejected) {
  for (const BadSchemaCase& c : testing::StructuralBadSchemaCases()) {
    SCOPED_TRACE(c.name);
    Json schema = BaseSchemaJson();
    c.mutate(&schema);
    EXPECT_THAT(Schema::FromJsonStrings({schema.dump()}, {"schema.json"}),
                StatusIsWithMessage(c.code, c.message));
  }
}

std::vector<BadSchemaCase> BindingBadSchemaCases() {
  const StatusCode kInvalid = StatusCode::kInvalidArgument;
  return {
      {"AggregatorRejectsTheClass",
       [](Json* s) {
         (*s)["types"]["visibility"]["aggregateFunction"] = {{"class", "Sum"}};
       },
       kInvalid,
       "schema.json: types.visibility.aggregateFunction: aggregator 'Sum' cannot aggregate "
       "property 'vis' of group 'Knows' (class java.lang.String)"},
      {"ElementAggregatorRejectsTheClass",
       [](Json* s) {
         (*s)["edges"]["Knows"]["aggregateFunctions"] = {
             {{"selection", {"vis"}}, {"binaryOperator", {{"class", "Product"}}}}};
       },
       kInvalid, "schema.json: edges.Knows.aggregateFunctions[0]: aggregator 'Product'"},
      {"UnknownAggregator",
       [](Json* s) {
         (*s)["types"]["count.long"]["aggregateFunction"] = {{"class", "Summ"}};
       },
       kInvalid, "schema.json: types.count.long.aggregateFunction"},
      {"UnknownPredicate",
       [](Json* s) { (*s)["types"]["true"]["validateFunctions"][0]["class"] = "IsTrew"; }, kInvalid,
       "schema.json: types.true.validateFunctions[0]"},
      {"UnknownSerialiser",
       [](Json* s) {
         (*s)["types"]["count.long"]["serialiser"] = {{"class", "NoSuchSerialiser"}};
       },
       kInvalid, "schema.json: types.count.long.serialiser"},
      {"SerialiserCannotHandleClass",
       [](Json* s) {
         (*s)["types"]["count.long"]["serialiser"] = {
             {"class", "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser"}};
       },
       kInvalid,
       "schema.json: types.count.long.serialiser: serialiser "
       "'uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser' cannot handle class "
       "java.lang.Long"},
      {"GroupByNeedsAConsistentSerialiser",
       [](Json* s) {
         (*s)["types"]["freq"] = {{"class", "uk.gov.gchq.gaffer.types.FreqMap"},
                                  {"aggregateFunction", {{"class", "FreqMapAggregator"}}}};
         (*s)["edges"]["Knows"]["properties"]["freq"] = "freq";
         (*s)["edges"]["Knows"]["groupBy"] = {"since", "freq"};
       },
       kInvalid,
       "schema.json: types.freq: no order-preserving, consistent serialiser for class "
       "uk.gov.gchq.gaffer.types.FreqMap"},
      {"UnusedTypeWithUnknownPredicate",
       [](Json* s) {
         (*s)["types"]["spare"] = {{"class", "java.lang.Long"},
                                   {"validateFunctions", {{{"class", "IsBig"}}}}};
       },
       kInvalid, "schema.json: types.spare.validateFunctions[0]"},
      {"VertexSerialiserNotOrderPreserving",
       [](Json* s) {
         (*s)["types"]["id.string"]["class"] = "java.lang.Long";
         (*s)["vertexSerialiser"] = {
             {"class",
              "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser"}};
       },
       kInvalid, "schema.json: vertexSerialiser: vertex serialiser"},
      {"VertexSerialiserCannotHandleVertexClass",
       [](Json* s) {
         (*s)["vertexSerialiser"] = {{"class", std::string(kOrdered) + "OrderedLongSerialiser"}};
       },
       kInvalid, "cannot handle class java.lang.String of vertex type 'id.string'"},
      {"NoCommonVertexSerialiser",
       [](Json* s) {
         (*s)["types"]["id.long"] = {{"class", "java.lang.Long"}};
         (*s)["entities"]["Person"]["vertex"] = "id.long";
       },
       kInvalid, "no order-preserving, consistent serialiser handles every vertex class"},
  };
}

TEST(SchemaTest, EachBindingBadSchemaIsRejected) {
  for (const BadSchemaCase& c : BindingBadSchemaCases()) {
    SCOPED_TRACE(c.name);
    Json schema = BaseSchemaJson();
    c.mutate(&schema);
    EXPECT_THAT(Schema::FromJsonStrings({schema.dump()}, {"schema.json"}),
                StatusIsWithMessage(c.code, c.message));
  }
}

}  // namespace
}  // namespace quarry
