#include "tests/schema/bad_schema_cases.h"

namespace quarry::testing {

Json BaseSchemaJson() {
  return Json::parse(R"({
    "entities": {"Person": {"vertex": "id.string", "properties": {"count": "count.long"}}},
    "edges": {"Knows": {"source": "id.string", "destination": "id.string", "directed": "true",
              "properties": {"since": "date.earliest", "count": "count.long", "vis": "visibility"},
              "groupBy": ["since"]}},
    "types": {
      "id.string": {"class": "java.lang.String"},
      "true": {"class": "java.lang.Boolean",
               "validateFunctions": [{"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"}]},
      "count.long": {"class": "java.lang.Long",
                     "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
      "date.earliest": {"class": "java.util.Date",
                        "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Min"}},
      "visibility": {"class": "java.lang.String",
                     "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat"}}
    },
    "visibilityProperty": "vis"
  })");
}

namespace {

const StatusCode kInvalid = StatusCode::kInvalidArgument;

// One aggregateFunctions entry. Callers wrap it with Json::array: `= {SumOf(..)}`
// is a one-element array under GCC but a copy of the object under Clang
// (nlohmann/json's braced-list rule; found by the Clang sanitizer build).
Json SumOf(std::vector<std::string> selection) {
  return Json{{"selection", selection},
              {"binaryOperator", {{"class", "uk.gov.gchq.koryphe.impl.binaryoperator.Max"}}}};
}

}  // namespace

std::vector<BadSchemaCase> StructuralBadSchemaCases() {
  return {
      {"UnknownClass", [](Json* s) { (*s)["types"]["count.long"]["class"] = "java.lang.Lnog"; },
       kInvalid, "schema.json: types.count.long.class: unknown class 'java.lang.Lnog'"},
      {"MissingClass", [](Json* s) { (*s)["types"]["count.long"].erase("class"); }, kInvalid,
       "schema.json: types.count.long: type 'count.long' has no 'class'"},
      {"UnknownPropertyType",
       [](Json* s) { (*s)["edges"]["Knows"]["properties"]["count"] = "count.lnog"; }, kInvalid,
       "schema.json: edges.Knows.properties.count: unknown type 'count.lnog'"},
      {"UnknownVertexType", [](Json* s) { (*s)["entities"]["Person"]["vertex"] = "nope"; },
       kInvalid, "schema.json: entities.Person.vertex: unknown type 'nope'"},
      {"UnknownDirectedType", [](Json* s) { (*s)["edges"]["Knows"]["directed"] = "maybe"; },
       kInvalid, "schema.json: edges.Knows.directed: unknown type 'maybe'"},
      {"DirectedTypeNotBoolean", [](Json* s) { (*s)["edges"]["Knows"]["directed"] = "id.string"; },
       kInvalid,
       "schema.json: edges.Knows.directed: the directed type 'id.string' must have class "
       "java.lang.Boolean"},
      {"EntityWithoutVertex", [](Json* s) { (*s)["entities"]["Person"].erase("vertex"); }, kInvalid,
       "schema.json: entities.Person: entity vertex type is not defined"},
      {"EdgeWithoutDestination", [](Json* s) { (*s)["edges"]["Knows"].erase("destination"); },
       kInvalid, "schema.json: edges.Knows: edge destination type is not defined"},
      {"BadGroupName", [](Json* s) { (*s)["entities"]["Per_son"] = (*s)["entities"]["Person"]; },
       kInvalid, "schema.json: entities.Per_son: group name 'Per_son' must match [a-zA-Z0-9|-]*"},
      {"BadPropertyName",
       [](Json* s) { (*s)["entities"]["Person"]["properties"]["my.count"] = "count.long"; },
       kInvalid, "schema.json: entities.Person.properties.my.count: property name 'my.count'"},
      {"PropertyNamedLikeAnIdentifier",
       [](Json* s) { (*s)["entities"]["Person"]["properties"]["SOURCE"] = "count.long"; }, kInvalid,
       "schema.json: entities.Person.properties.SOURCE: property name 'SOURCE' is reserved"},
      {"GroupIsEntityAndEdge",
       [](Json* s) { (*s)["entities"]["Knows"] = (*s)["entities"]["Person"]; }, kInvalid,
       "schema.json: edges.Knows: group 'Knows' is both an entity"},
      {"AggregateFalseWithGroupBy", [](Json* s) { (*s)["edges"]["Knows"]["aggregate"] = false; },
       kInvalid, "schema.json: edges.Knows.groupBy: groups with aggregation disabled"},
      {"PropertyWithoutAggregator",
       [](Json* s) { (*s)["types"]["count.long"].erase("aggregateFunction"); }, kInvalid,
       "No aggregator found for properties [count]"},
      {"IdentifierSelectedForAggregation",
       [](Json* s) {
         (*s)["edges"]["Knows"]["aggregateFunctions"] = Json::array({SumOf({"SOURCE"})});
       },
       kInvalid,
       "schema.json: edges.Knows.aggregateFunctions[0].selection[0]: identifiers cannot be "
       "selected for aggregation: SOURCE"},
      {"UnknownPropertyInAggregator",
       [](Json* s) {
         (*s)["edges"]["Knows"]["aggregateFunctions"] = Json::array({SumOf({"nope"})});
       },
       kInvalid,
       "schema.json: edges.Knows.aggregateFunctions[0].selection[0]: unknown property 'nope'"},
      {"VisibilityInAggregateTuple",
       [](Json* s) {
         (*s)["edges"]["Knows"]["aggregateFunctions"] = Json::array({SumOf({"count", "vis"})});
       },
       kInvalid,
       "schema.json: edges.Knows.aggregateFunctions[0]: the visibility property 'vis' must be "
       "aggregated by itself"},
      {"TupleMixesGroupByAndOthers",
       [](Json* s) {
         (*s)["edges"]["Knows"]["aggregateFunctions"] = Json::array({SumOf({"since", "count"})});
       },
       kInvalid,
       "schema.json: edges.Knows.aggregateFunctions[0]: groupBy and non-groupBy properties"},
      {"AggregatorsOnGroupWithoutProperties",
       [](Json* s) {
         (*s)["entities"]["Person"].erase("properties");
         (*s)["entities"]["Person"]["aggregateFunctions"] = Json::array({SumOf({"count"})});
       },
       kInvalid,
       "schema.json: entities.Person.aggregateFunctions[0]: groups with no properties should not "
       "have any aggregators"},
      {"VisibilityPropertyOfNoGroup", [](Json* s) { (*s)["visibilityProperty"] = "secret"; },
       kInvalid, "schema.json: visibilityProperty: visibility property 'secret' is not a property"},
      {"VisibilityPropertyNotAString",
       [](Json* s) { (*s)["types"]["visibility"]["class"] = "java.lang.Long"; }, kInvalid,
       "schema.json: edges.Knows.properties.vis: the visibility property 'vis' must have class "
       "java.lang.String"},
      {"TimestampPropertyOfNoGroup",
       [](Json* s) {
         (*s)["config"] = {{"timestampProperty", "ts"}};
       },
       kInvalid,
       "schema.json: config.timestampProperty: timestamp property 'ts' is not a property"},
      {"TimestampPropertyNotALong",
       [](Json* s) {
         (*s)["config"] = {{"timestampProperty", "vis"}};
       },
       kInvalid,
       "schema.json: edges.Knows.properties.vis: the timestamp property 'vis' must have "
       "class java.lang.Long"},
      {"TimestampPropertyNotMax",
       [](Json* s) {
         (*s)["config"] = {{"timestampProperty", "count"}};
       },
       kInvalid,
       "schema.json: types.count.long: the timestamp property's type 'count.long' must "
       "aggregate with Max"},
      {"TimestampPropertyInGroupBy",
       [](Json* s) {
         (*s)["timestampProperty"] = "ts";  // v1 key.
         (*s)["types"]["ts"] = {{"class", "Long"}, {"aggregateFunction", {{"class", "Max"}}}};
         (*s)["edges"]["Knows"]["properties"]["ts"] = "ts";
         (*s)["edges"]["Knows"]["groupBy"] = {"since", "ts"};
       },
       kInvalid,
       "schema.json: edges.Knows.groupBy[1]: the timestamp property 'ts' cannot be a groupBy"},
      {"ValidatorSelectsUnknownKey",
       [](Json* s) {
         (*s)["edges"]["Knows"]["validateFunctions"] = {
             {{"selection", {"SOURCE", "nope"}}, {"predicate", {{"class", "AreEqual"}}}}};
       },
       kInvalid,
       "schema.json: edges.Knows.validateFunctions[0].selection[1]: unknown property or "
       "identifier 'nope'"},
      {"ParentCycle", [](Json* s) { (*s)["entities"]["Person"]["parents"] = {"Person"}; }, kInvalid,
       "schema.json: entities.Person.parents[0]: cycle in parents: Person -> Person"},
      {"ParentOfOtherKind", [](Json* s) { (*s)["entities"]["Person"]["parents"] = {"Knows"}; },
       kInvalid, "schema.json: entities.Person.parents[0]: parent 'Knows' is not an entity group"},
      {"NoGroups",
       [](Json* s) {
         s->erase("entities");
         s->erase("edges");
         s->erase("visibilityProperty");
       },
       kInvalid, "no entities or edges"},
      {"WrongJsonTypeForProperties",
       [](Json* s) {
         (*s)["edges"]["Knows"]["properties"] = {"since", "count"};
       },
       kInvalid, "schema.json: edges.Knows.properties: expected an object"},
  };
}

}  // namespace quarry::testing
