// /graph/config: the schema, the graph's description and the classes Quarry
// implements, as Gaffer's GraphConfigurationController. Text endpoints are
// text/plain as Gaffer's; the status codes of the lookups are Gaffer's too
// (an unknown input class or serialised class is its 500, see
// GraphConfigurationControllerIT).
#include <algorithm>

#include "graph-core/class_catalogue.h"
#include "operations/operation_catalogue.h"
#include "server/rest/internal/rest_routes.h"

namespace quarry::rest_internal {
namespace {

// The store class reported when the graph's store properties name none.
constexpr char kQuarryStoreClass[] = "uk.gov.gchq.quarry.store.RocksDbStore";

Json StringArray(const std::vector<std::string>& names) {
  Json array = Json::array();
  for (const std::string& name : names) array.push_back(name);
  return array;
}

RestResponse Schema(const RouteCall& call) {
  return JsonResponse(call.executor.graph().schema()->json());
}

RestResponse Description(const RouteCall& call) { return TextResponse(call.info.description); }

RestResponse GraphId(const RouteCall& call) { return TextResponse(call.info.graph_id); }

RestResponse GraphCreatedTime(const RouteCall& call) {
  return TextResponse(std::string(call.created_time));
}

RestResponse StoreType(const RouteCall& call) {
  const auto& raw = call.executor.graph().properties().raw;
  auto it = raw.find("gaffer.store.class");
  return TextResponse(it != raw.end() && !it->second.empty() ? it->second : kQuarryStoreClass);
}

RestResponse StoreTraits(const RouteCall&) { return JsonResponse(StringArray(StoreTraitNames())); }

RestResponse FilterFunctions(const RouteCall&) {
  return JsonResponse(StringArray(FilterFunctionClassNames()));
}

// Whether Quarry knows `class_name` as something other than a value class:
// a predicate, function, binary operator or operation.
bool IsKnownNonValueClass(const std::string& class_name) {
  for (const auto& list : {FilterFunctionClassNames(), TransformFunctionClassNames(),
                           AggregationFunctionClassNames()}) {
    if (std::find(list.begin(), list.end(), class_name) != list.end()) return true;
  }
  return FindOperationInfo(class_name) != nullptr || SerialisedFieldsOf(class_name).ok();
}

RestResponse FilterFunctionsFor(const RouteCall& call) {
  const std::string& input_class = call.params[0];
  Result<std::vector<std::string>> names = FilterFunctionClassNamesFor(input_class);
  // Gaffer loads any class on its classpath: gafferpy's example tour asks for
  // the predicates taking a predicate (IsMoreThan). Such an input is just an
  // Object to a predicate's signature.
  if (!names.ok() && names.status().code() == StatusCode::kNotFound &&
      IsKnownNonValueClass(input_class)) {
    names = FilterFunctionClassNamesFor("java.lang.Object");
  }
  if (!names.ok()) {
    return GafferErrorResponse(500, "Could not find input class: " + input_class,
                               names.status().message());
  }
  return JsonResponse(StringArray(*names));
}

RestResponse TransformFunctions(const RouteCall&) {
  return JsonResponse(StringArray(TransformFunctionClassNames()));
}

RestResponse AggregationFunctions(const RouteCall&) {
  return JsonResponse(StringArray(AggregationFunctionClassNames()));
}

RestResponse ElementGenerators(const RouteCall&) {
  return JsonResponse(StringArray(ElementGeneratorClassNames()));
}

RestResponse ObjectGenerators(const RouteCall&) {
  return JsonResponse(StringArray(ObjectGeneratorClassNames()));
}

// The fields of an operation (from the operation catalogue) or of a
// function, predicate or binary operator (from the class catalogue).
Result<std::vector<SerialisedField>> FieldsOf(const std::string& class_name) {
  if (const OperationInfo* info = FindOperationInfo(class_name)) {
    std::vector<SerialisedField> fields;
    for (const OperationFieldInfo& field : info->fields) {
      fields.push_back({field.name, field.class_name});
    }
    return fields;
  }
  return SerialisedFieldsOf(class_name);
}

RestResponse UnrecognisedClass(const std::string& class_name, const Status& status) {
  return GafferErrorResponse(500, "Class name was not recognised: " + class_name, status.message());
}

RestResponse SerialisedFields(const RouteCall& call) {
  Result<std::vector<SerialisedField>> fields = FieldsOf(call.params[0]);
  if (!fields.ok()) return UnrecognisedClass(call.params[0], fields.status());
  Json names = Json::array();
  for (const SerialisedField& field : *fields) names.push_back(field.name);
  return JsonResponse(names);
}

RestResponse SerialisedFieldClasses(const RouteCall& call) {
  Result<std::vector<SerialisedField>> fields = FieldsOf(call.params[0]);
  if (!fields.ok()) return UnrecognisedClass(call.params[0], fields.status());
  Json classes = Json::object();
  for (const SerialisedField& field : *fields) classes[field.name] = field.class_name;
  return JsonResponse(classes);
}

}  // namespace

std::vector<RestRoute> ConfigRoutes() {
  constexpr std::string_view kTag = "config";
  const RouteBody kText = RouteBody::kText;
  const RouteBody kArray = RouteBody::kJsonArray;
  return {
      {"GET", "/graph/config/schema", Schema, kTag, "Gets the schema"},
      {"GET", "/graph/config/description", Description, kTag, "Gets the graph description", 200,
       kText},
      {"GET", "/graph/config/graphId", GraphId, kTag, "Gets the graph Id", 200, kText},
      {"GET", "/graph/config/graphCreatedTime", GraphCreatedTime, kTag,
       "Gets the creation time for the store associated with this REST API", 200, kText},
      {"GET", "/graph/config/storeType", StoreType, kTag, "Gets the store type", 200, kText},
      {"GET", "/graph/config/storeTraits", StoreTraits, kTag,
       "Gets all store traits supported by this store", 200, kArray},
      {"GET", "/graph/config/filterFunctions", FilterFunctions, kTag,
       "Gets the available filter functions", 200, kArray},
      {"GET",
       "/graph/config/filterFunctions/{inputClass}",
       FilterFunctionsFor,
       kTag,
       "Gets the available filter functions for a given input class",
       200,
       kArray,
       false,
       {500}},
      {"GET", "/graph/config/transformFunctions", TransformFunctions, kTag,
       "Gets the available transform functions", 200, kArray},
      {"GET", "/graph/config/aggregationFunctions", AggregationFunctions, kTag,
       "Gets the available aggregation functions", 200, kArray},
      {"GET", "/graph/config/elementGenerators", ElementGenerators, kTag,
       "Gets the available element generators", 200, kArray},
      {"GET", "/graph/config/objectGenerators", ObjectGenerators, kTag,
       "Gets the available object generators", 200, kArray},
      {"GET",
       "/graph/config/serialisedFields/{className}",
       SerialisedFields,
       kTag,
       "Gets the serialised fields for a given class",
       200,
       kArray,
       false,
       {500}},
      {"GET",
       "/graph/config/serialisedFields/{className}/classes",
       SerialisedFieldClasses,
       kTag,
       "Gets the serialised fields and their classes for a given class",
       200,
       RouteBody::kJsonObject,
       false,
       {500}},
  };
}

}  // namespace quarry::rest_internal
