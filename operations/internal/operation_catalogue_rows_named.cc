// Catalogue rows of GetWalks, ToMap and the named operations and views
// (Gaffer 2.3.2's uk.gov.gchq.gaffer.named.*), as operation_catalogue_table.cc
// describes rows. Field types are those of the Jackson setters Gaffer's
// JsonSerialisationUtil reads: the named classes take operationChain and view
// as a JsonNode (their @JsonSetter), and NamedOperation's parameters as the
// LinkedHashMap its @JsonSetter names. @Required on a Java field that is no
// Jackson property (AddNamedOperation's "operations") marks nothing.
//
// The examples add, list, run and delete one harmless named operation and one
// named view, in that order (the catalogue tests run examples in row order):
// AddNamed* overwrite, so each example may run again; deleting a name that is
// gone is no error in Gaffer; NamedOperation run alone after the delete
// answers NotFound, never InvalidArgument.
#include "operations/internal/operation_catalogue_table.h"

namespace quarry::operations_internal {
namespace {

using K = OperationKind;

constexpr std::string_view kAccessPredicate = "uk.gov.gchq.gaffer.access.predicate.AccessPredicate";
constexpr std::string_view kJsonNode = "com.fasterxml.jackson.databind.JsonNode";
constexpr std::string_view kStringList = "java.util.List<java.lang.String>";

OperationFieldInfo String(std::string name, bool required = false) {
  return Field(std::move(name), "java.lang.String", required);
}

std::vector<OperationFieldInfo> AddNamedOperationFields() {
  return {
      Bool("overwriteFlag"),
      Field("writeAccessPredicate", std::string(kAccessPredicate)),
      Int("score"),
      Field("readAccessRoles", std::string(kStringList)),
      Field("readAccessPredicate", std::string(kAccessPredicate)),
      String("description"),
      String("operationName"),
      Field("operationChain", std::string(kJsonNode)),
      Field("parameters",
            "java.util.Map<java.lang.String,uk.gov.gchq.gaffer.named.operation.ParameterDetail>"),
      Field("writeAccessRoles", std::string(kStringList)),
      Field("labels", std::string(kStringList)),
      Options()};
}

std::vector<OperationFieldInfo> AddNamedViewFields() {
  return {Field("view", std::string(kJsonNode), /*required=*/true),
          String("name", /*required=*/true),
          Bool("overwriteFlag"),
          Field("writeAccessPredicate", std::string(kAccessPredicate)),
          Field("readAccessPredicate", std::string(kAccessPredicate)),
          String("description"),
          Field("parameters",
                "java.util.Map<java.lang.String,uk.gov.gchq.gaffer.data.elementdefinition.view."
                "ViewParameterDetail>"),
          Field("writeAccessRoles", std::string(kStringList)),
          Options()};
}

std::vector<CatalogueRow> WalkAndMapRows() {
  return {
      {K::kGetWalks,
       "Walks around the Graph, returning the full walks taken",
       {Input(kObjectArray),
        Field("operations",
              "java.util.List<uk.gov.gchq.gaffer.operation.io.Output<java.lang.Iterable<uk.gov."
              "gchq.gaffer.data.element.Element>>>"),
        Bool("includePartial"),
        Field("conditional", "uk.gov.gchq.gaffer.operation.util.Conditional"), Int("resultsLimit"),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.GetWalks", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}], "operations": [{"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements", "view": {"edges": {"RoadHasJunction": {}}}, "includeIncomingOutGoing": "OUTGOING"}]}]})",
       "java.lang.Iterable<uk.gov.gchq.gaffer.data.graph.Walk>",
       kIterable},
      {K::kToMap,
       "Converts elements to a Map of key-value pairs",
       {Input(kElementArray),
        {"elementGenerator",
         "uk.gov.gchq.gaffer.data.generator.MapGenerator",
         "Generates a Map for each element",
         true,
         {}},
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToMap", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {}}], "elementGenerator": {"class": "uk.gov.gchq.gaffer.data.generator.MapGenerator", "fields": {"GROUP": "group", "VERTEX": "junction"}}})",
       "java.lang.Iterable<java.util.Map<java.lang.String,java.lang.Object>>",
       kIterable},
  };
}

std::vector<CatalogueRow> NamedOperationRows() {
  return {
      {K::kAddNamedOperation, "Adds a new named operation", AddNamedOperationFields(),
       R"({"class": "uk.gov.gchq.gaffer.named.operation.AddNamedOperation", "operationName": "catalogue-example-hop", "description": "Example: one hop out from the input seeds", "operationChain": {"operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds", "includeIncomingOutGoing": "OUTGOING"}]}, "overwriteFlag": true})",
       "", ""},
      {K::kGetAllNamedOperations,
       "Gets all available named operations",
       {Options()},
       R"({"class": "uk.gov.gchq.gaffer.named.operation.GetAllNamedOperations"})",
       "java.lang.Iterable<uk.gov.gchq.gaffer.named.operation.NamedOperationDetail>",
       ""},
      {K::kNamedOperation,
       "Runs a named operation",
       {Input(kObjectArray), String("operationName", /*required=*/true),
        Field("parameters", "java.util.LinkedHashMap<java.lang.String,java.lang.Object>"),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.named.operation.NamedOperation", "operationName": "catalogue-example-hop", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}]})",
       "java.lang.Object",
       kIterable},
      {K::kDeleteNamedOperation,
       "Deletes a named operation",
       {String("operationName", /*required=*/true), Options()},
       R"({"class": "uk.gov.gchq.gaffer.named.operation.DeleteNamedOperation", "operationName": "catalogue-example-hop"})",
       "",
       ""},
  };
}

std::vector<CatalogueRow> NamedViewRows() {
  return {
      {K::kAddNamedView, "Adds a new named view", AddNamedViewFields(),
       R"({"class": "uk.gov.gchq.gaffer.named.view.AddNamedView", "name": "catalogue-example-view", "description": "Example: road use edges only", "view": {"edges": {"RoadUse": {}}}, "overwriteFlag": true})",
       "", ""},
      {K::kGetAllNamedViews,
       "Gets all available named views",
       {Options()},
       R"({"class": "uk.gov.gchq.gaffer.named.view.GetAllNamedViews"})",
       "java.lang.Iterable<uk.gov.gchq.gaffer.data.elementdefinition.view.NamedViewDetail>",
       ""},
      {K::kDeleteNamedView,
       "Deletes a named view",
       {String("name", /*required=*/true), Options()},
       R"({"class": "uk.gov.gchq.gaffer.named.view.DeleteNamedView", "name": "catalogue-example-view"})",
       "",
       ""},
  };
}

}  // namespace

std::vector<CatalogueRow> WalkAndNamedRows() {
  std::vector<CatalogueRow> rows;
  for (auto part : {WalkAndMapRows, NamedOperationRows, NamedViewRows}) {
    for (CatalogueRow& row : part()) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace quarry::operations_internal
