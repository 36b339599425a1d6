// Catalogue rows of Map, Reduce, Join, ValidateOperationChain and
// ScoreOperationChain (Gaffer 2.3.2's operation.impl.Map, Reduce, join.Join,
// ValidateOperationChain, ScoreOperationChain), as
// operation_catalogue_table.cc describes rows. Map's input and output are
// unbound type variables (any output may feed it); Reduce and Join are
// MultiInputs, so their "input" is an Object array. MatchKey and JoinType
// have no @Summary.
//
// The examples work on literal values or one JunctionUse entity, so they run
// on any road-traffic graph, empty or not.
#include "operations/internal/operation_catalogue_table.h"

namespace quarry::operations_internal {

std::vector<CatalogueRow> MapJoinRows() {
  using K = OperationKind;
  constexpr std::string_view kObject = "java.lang.Object";
  return {
      {K::kMap,
       "Maps an input to an output using provided functions",
       {Input(kObject), Field("functions", "java.util.List<java.util.function.Function>", true),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.Map", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 2}}], "functions": [{"class": "uk.gov.gchq.koryphe.impl.function.IterableFunction", "functions": [{"class": "uk.gov.gchq.gaffer.data.element.function.ExtractProperty", "name": "count"}]}]})",
       kObject,
       kAnyInput},
      {K::kReduce,
       "Reduces an input to an output with a single value using provided function",
       {Input(kObjectArray),
        Field("aggregateFunction", "java.util.function.BinaryOperator<java.lang.Object>", true),
        Field("identity", std::string(kObject)), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.Reduce", "input": [1, 2, 3], "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}})",
       kObject,
       kIterable},
      {K::kJoin,
       "Joins two iterables based on a join type",
       {Input(kObjectArray), Field("operation", "uk.gov.gchq.gaffer.operation.Operation"),
        Field("matchMethod", "uk.gov.gchq.gaffer.operation.impl.join.match.Match"),
        Enum("matchKey", "", {"LEFT", "RIGHT"}), Bool("flatten"),
        Enum("joinType", "", {"FULL", "OUTER", "INNER"}), Int("collectionLimit"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.join.Join", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 2}}], "operation": {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5:10"}], "view": {"entities": {"JunctionUse": {}}}}, "matchMethod": {"class": "uk.gov.gchq.gaffer.store.operation.handler.join.match.ElementMatch"}, "matchKey": "LEFT", "flatten": false, "joinType": "FULL", "collectionLimit": 1000})",
       "java.lang.Iterable<uk.gov.gchq.koryphe.tuple.MapTuple>",
       kIterable},
      {K::kValidateOperationChain,
       "Validates an OperationChain",
       {Field("operationChain", "uk.gov.gchq.gaffer.operation.OperationChain", true), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.ValidateOperationChain", "operationChain": {"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"}, {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]}})",
       "uk.gov.gchq.koryphe.ValidationResult",
       ""},
      {K::kScoreOperationChain,
       "Scores an OperationChain",
       {Field("operationChain", "uk.gov.gchq.gaffer.operation.OperationChain"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.ScoreOperationChain", "operationChain": {"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements"}, {"class": "uk.gov.gchq.gaffer.named.operation.NamedOperation", "operationName": "namedOp"}, {"class": "uk.gov.gchq.gaffer.operation.impl.Limit", "resultLimit": 3, "truncate": true}]}})",
       "java.lang.Integer",
       ""},
  };
}

}  // namespace quarry::operations_internal
