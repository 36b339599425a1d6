// Catalogue rows of the element functions, comparisons, flow control,
// variables and trait operations (Gaffer 2.3.2's operation.impl.function,
// .compare, If/While/ForEach, the variable operations and the store's
// GetTraits/HasTrait), as operation_catalogue_table.cc describes rows. If and
// While take their input through GenericInput: an unbound type variable
// (java.lang.Object) and the unwrapped MultiInputWrapper property Jackson
// still lists. HasTrait's trait is the StoreTrait enum.
//
// The examples work on one or two literal JunctionUse entities or strings, so
// they run on any road-traffic graph, empty or not.
#include "operations/internal/operation_catalogue_table.h"

namespace quarry::operations_internal {
namespace {

using K = OperationKind;

constexpr std::string_view kOperation = "uk.gov.gchq.gaffer.operation.Operation";
constexpr std::string_view kConditional = "uk.gov.gchq.gaffer.operation.util.Conditional";
constexpr std::string_view kElement = "uk.gov.gchq.gaffer.data.element.Element";
constexpr std::string_view kObject = "java.lang.Object";

OperationFieldInfo Comparators() {
  return Field("comparators",
               "java.util.List<java.util.Comparator<uk.gov.gchq.gaffer.data.element.Element>>",
               /*required=*/true);
}
OperationFieldInfo GroupMap(std::string name, std::string_view value_class) {
  return Field(std::move(name), "java.util.Map<java.lang.String," + std::string(value_class) + ">");
}
OperationFieldInfo MultiInputWrapper() {
  return Field("multiInputWrapper",
               "uk.gov.gchq.gaffer.operation.io.GenericInput$MultiInputWrapper");
}

std::vector<CatalogueRow> ElementFunctionRows() {
  constexpr std::string_view kFilter = "uk.gov.gchq.gaffer.data.element.function.ElementFilter";
  constexpr std::string_view kTransformer =
      "uk.gov.gchq.gaffer.data.element.function.ElementTransformer";
  return {
      {K::kFilter,
       "Filters elements",
       {Input(kElementArray), Field("globalEdges", std::string(kFilter)),
        Field("globalEntities", std::string(kFilter)), GroupMap("entities", kFilter),
        GroupMap("edges", kFilter), Field("globalElements", std::string(kFilter)), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.function.Filter", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 2}}], "globalElements": {"predicates": [{"selection": ["count"], "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan", "value": 1}}]}})",
       kIterableOfElements,
       kIterable},
      {K::kTransform,
       "Transforms elements",
       {Input(kElementArray), GroupMap("entities", kTransformer), GroupMap("edges", kTransformer),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.function.Transform", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 2}}], "entities": {"JunctionUse": {"functions": [{"selection": ["count"], "function": {"class": "uk.gov.gchq.koryphe.impl.function.Identity"}, "projection": ["count"]}]}}})",
       kIterableOfElements,
       kIterable},
      {K::kAggregate,
       "Aggregates elements",
       {Input(kElementArray),
        GroupMap("entities", "uk.gov.gchq.gaffer.operation.util.AggregatePair"),
        GroupMap("edges", "uk.gov.gchq.gaffer.operation.util.AggregatePair"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.function.Aggregate", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 1}}, {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 2}}]})",
       kIterableOfElements,
       kIterable},
      {K::kValidate,
       "Validates elements based on the schema",
       {Input(kElementArray), Bool("skipInvalidElements"), Bool("validate"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.Validate", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 1}}], "validate": true, "skipInvalidElements": true})",
       kIterableOfElements,
       kIterable},
  };
}

std::vector<CatalogueRow> ComparisonRows() {
  return {
      {K::kSort,
       "Sorts elements based on provided Comparators and can be used to extract the top 'n' "
       "elements",
       {Comparators(), Input(kElementArray), Int("resultLimit"), Bool("deduplicate"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.compare.Sort", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 1}}, {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:11", "properties": {"count": 2}}], "comparators": [{"class": "uk.gov.gchq.gaffer.data.element.comparison.ElementPropertyComparator", "property": "count", "groups": ["JunctionUse"], "reversed": true}], "resultLimit": 1})",
       kIterableOfElements,
       kIterable},
      {K::kMax,
       "Extracts the maximum element based on provided Comparators",
       {Comparators(), Input(kElementArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.compare.Max", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 1}}, {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:11", "properties": {"count": 2}}], "comparators": [{"class": "uk.gov.gchq.gaffer.data.element.comparison.ElementPropertyComparator", "property": "count", "groups": ["JunctionUse"]}]})",
       kElement,
       kIterable},
      {K::kMin,
       "Extracts the minimum element based on provided Comparators",
       {Comparators(), Input(kElementArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.compare.Min", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {"count": 1}}, {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:11", "properties": {"count": 2}}], "comparators": [{"class": "uk.gov.gchq.gaffer.data.element.comparison.ElementPropertyComparator", "property": "count", "groups": ["JunctionUse"]}]})",
       kElement,
       kIterable},
  };
}

std::vector<CatalogueRow> FlowControlRows() {
  return {
      {K::kIf,
       "Conditionally runs an operation or an alternative operation",
       {Field("otherwise", std::string(kOperation)), Input(kObject), Bool("condition"),
        Field("conditional", std::string(kConditional)), MultiInputWrapper(),
        Field("then", std::string(kOperation)), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.If", "input": ["a", "b"], "condition": true, "then": {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}, "otherwise": {"class": "uk.gov.gchq.gaffer.operation.impl.Limit", "resultLimit": 1}})",
       kObject,
       kObject},
      {K::kWhile,
       "Repeatedly executes an operation while a condition is met",
       {Input(kObject), Bool("condition"), Field("conditional", std::string(kConditional)),
        Int("maxRepeats"), MultiInputWrapper(), Field("operation", std::string(kOperation)),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.While", "input": ["a", "b"], "condition": true, "maxRepeats": 2, "operation": {"class": "uk.gov.gchq.gaffer.operation.impl.output.ToList"}})",
       kObject,
       kObject},
      {K::kForEach,
       "Runs supplied operation on Iterable of inputs",
       {Input(kObjectArray), Field("operation", std::string(kOperation)), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.ForEach", "input": ["a", "b"], "operation": {"class": "uk.gov.gchq.gaffer.operation.impl.output.ToSingletonList"}})",
       "java.lang.Iterable<?>",
       kIterable},
  };
}

std::vector<CatalogueRow> VariableAndTraitRows() {
  return {
      {K::kSetVariable,
       "Sets a variable in the Context",
       {Input(kObject), Field("variableName", "java.lang.String"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.SetVariable", "input": "a", "variableName": "catalogue-example"})",
       "",
       kObject},
      {K::kGetVariable,
       "Gets a variable from the Context variable map",
       {Field("variableName", "java.lang.String"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.GetVariable", "variableName": "catalogue-example"})",
       kObject,
       ""},
      {K::kGetVariables,
       "Gets all variables from the Context variable map",
       {Field("variableNames", "java.util.List<java.lang.String>"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.GetVariables", "variableNames": ["catalogue-example"]})",
       "java.util.Map<java.lang.String,java.lang.Object>",
       ""},
      {K::kGetTraits,
       "An Operation used for getting traits from the Store",
       {Bool("currentTraits"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.store.operation.GetTraits", "currentTraits": true})",
       "java.util.Set<uk.gov.gchq.gaffer.store.StoreTrait>",
       ""},
      {K::kHasTrait,
       "An Operation that will see if a Store has a given trait",
       {Bool("currentTraits"),
        Enum("trait", "The features of the Gaffer store - i.e does it support query aggregation?",
             {"INGEST_AGGREGATION", "QUERY_AGGREGATION", "PRE_AGGREGATION_FILTERING",
              "POST_AGGREGATION_FILTERING", "POST_TRANSFORMATION_FILTERING", "TRANSFORMATION",
              "STORE_VALIDATION", "ORDERED", "VISIBILITY", "MATCHED_VERTEX"}),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.store.operation.HasTrait", "trait": "QUERY_AGGREGATION", "currentTraits": true})",
       "java.lang.Boolean",
       ""},
  };
}

}  // namespace

std::vector<CatalogueRow> FlowRows() {
  std::vector<CatalogueRow> rows;
  for (auto part : {ElementFunctionRows, ComparisonRows, FlowControlRows, VariableAndTraitRows}) {
    for (CatalogueRow& row : part()) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace quarry::operations_internal
