// TEMPORARY (drop at merge): fixed stand-ins for graph-core/class_catalogue.h
// and operations/operation_catalogue.h, so that the REST routes link before
// the real catalogues are merged. Nothing may depend on this data.
#include "graph-core/class_catalogue.h"
#include "operations/operation_catalogue.h"

namespace quarry {
namespace {

std::vector<OperationInfo> StubOperations() {
  std::vector<OperationInfo> infos;
  OperationInfo all;
  all.class_name = "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements";
  all.summary = "Gets all elements compatible with a provided View";
  all.fields = {{"view", "uk.gov.gchq.gaffer.data.elementdefinition.view.View", "", false, {}},
                {"options", "java.util.Map<java.lang.String,java.lang.String>", "", false, {}},
                {"directedType",
                 "uk.gov.gchq.gaffer.data.element.id.DirectedType",
                 "Is the Edge directed?",
                 false,
                 {"DIRECTED", "UNDIRECTED", "EITHER"}}};
  all.example = Json::parse(R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})");
  all.output_class_name = "java.lang.Iterable<uk.gov.gchq.gaffer.data.element.Element>";
  infos.push_back(all);
  OperationInfo count;
  count.class_name = "uk.gov.gchq.gaffer.operation.impl.Count";
  count.summary = "Counts the number of items";
  count.fields = {{"input", "java.lang.Iterable<java.lang.Object>", "", false, {}}};
  count.example = Json::parse(R"({"class": "uk.gov.gchq.gaffer.operation.impl.Count"})");
  count.output_class_name = "java.lang.Long";
  infos.push_back(count);
  return infos;
}

}  // namespace

std::vector<std::string> FilterFunctionClassNames() {
  return {"uk.gov.gchq.koryphe.impl.predicate.Exists",
          "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan"};
}
Result<std::vector<std::string>> FilterFunctionClassNamesFor(std::string_view input_class) {
  if (input_class != "java.lang.Long" && input_class != "Long" &&
      input_class != "java.lang.Object") {
    return NotFoundError("unknown input class " + std::string(input_class));
  }
  return FilterFunctionClassNames();
}
std::vector<std::string> TransformFunctionClassNames() {
  return {"uk.gov.gchq.koryphe.impl.function.Identity"};
}
std::vector<std::string> AggregationFunctionClassNames() {
  return {"uk.gov.gchq.koryphe.impl.binaryoperator.Sum"};
}
Result<std::vector<SerialisedField>> SerialisedFieldsOf(std::string_view class_name) {
  if (class_name != "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan") {
    return NotFoundError("unknown class " + std::string(class_name));
  }
  return std::vector<SerialisedField>{{"orEqualTo", "boolean"}, {"value", "java.lang.Comparable"}};
}

const std::vector<OperationInfo>& SupportedOperationInfos() {
  static const std::vector<OperationInfo> infos = StubOperations();
  return infos;
}
const OperationInfo* FindOperationInfo(std::string_view class_name) {
  for (const OperationInfo& info : SupportedOperationInfos()) {
    std::string_view full = info.class_name;
    if (full == class_name || full.substr(full.rfind('.') + 1) == class_name) return &info;
  }
  return nullptr;
}
std::vector<std::string> NextOperationClassNames(const OperationInfo& info) {
  if (info.output_class_name.empty()) return {};
  return {"uk.gov.gchq.gaffer.operation.impl.Count"};
}
Json OperationDetailJson(const OperationInfo& info) {
  Json json;
  json["name"] = info.class_name;
  json["summary"] = info.summary;
  json["fields"] = Json::array();
  for (const OperationFieldInfo& field : info.fields) {
    Json f;
    f["name"] = field.name;
    f["className"] = field.class_name;
    if (!field.summary.empty()) f["summary"] = field.summary;
    if (!field.options.empty()) f["options"] = field.options;
    f["required"] = field.required;
    json["fields"].push_back(f);
  }
  json["next"] = NextOperationClassNames(info);
  json["exampleJson"] = info.example;
  if (!info.output_class_name.empty()) json["outputClassName"] = info.output_class_name;
  return json;
}
std::vector<std::string> ElementGeneratorClassNames() {
  return {"uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator"};
}
std::vector<std::string> ObjectGeneratorClassNames() { return {}; }
std::vector<std::string> StoreTraitNames() { return {"INGEST_AGGREGATION", "QUERY_AGGREGATION"}; }

}  // namespace quarry
