#include "operations/operation_catalogue.h"

#include <algorithm>

#include "graph-core/java_hash_order.h"
#include "operations/generators/generator.h"
#include "operations/internal/operation_catalogue_table.h"

namespace quarry {
namespace {

namespace oi = operations_internal;

struct Catalogue {
  std::vector<OperationInfo> infos;
  std::vector<std::string> input_classes;  // Parallel to infos.
};

// Gaffer writes the fields from a HashMap and an enum's options from a
// HashSet: both come out in Java's hash order.
void ToJavaOrder(std::vector<OperationFieldInfo>* fields) {
  std::vector<std::string> names;
  for (const OperationFieldInfo& f : *fields) names.push_back(f.name);
  std::vector<OperationFieldInfo> ordered;
  for (size_t i : JavaHashOrder(names)) {
    ordered.push_back(std::move((*fields)[i]));
    ordered.back().options = InJavaHashOrder(ordered.back().options);
  }
  *fields = std::move(ordered);
}

const Catalogue& TheCatalogue() {
  static const Catalogue* const kCatalogue = [] {
    auto* catalogue = new Catalogue();
    for (oi::CatalogueRow& row : oi::CatalogueRows()) {
      OperationInfo info;
      info.class_name = std::string(OperationClassName(row.kind));
      info.summary = std::string(row.summary);
      info.fields = std::move(row.fields);
      ToJavaOrder(&info.fields);
      info.example = Json::parse(std::string(row.example_json));  // Checked by the catalogue tests.
      info.output_class_name = std::string(row.output_class_name);
      catalogue->infos.push_back(std::move(info));
      catalogue->input_classes.emplace_back(row.input_class);
    }
    return catalogue;
  }();
  return *kCatalogue;
}

// The raw class of a Java type name: generics dropped ("java.util.Set<T>" ->
// "java.util.Set"); arrays kept ("java.lang.Object[]").
std::string RawClass(std::string_view type) {
  size_t angle = type.find('<');
  return std::string(angle == std::string_view::npos ? type : type.substr(0, angle));
}

// Java's input.isAssignableFrom(output) for the raw classes operations use.
bool IsAssignableFrom(std::string_view input, std::string_view output) {
  if (input == oi::kAnyInput || input == output || input == "java.lang.Object") return true;
  if (input == "java.lang.Iterable" || input == "java.util.Collection") {
    return output == "java.util.Set" || output == "java.util.List" ||
           output == "java.util.Collection" || output == "java.lang.Iterable";
  }
  return false;
}

}  // namespace

const std::vector<OperationInfo>& SupportedOperationInfos() { return TheCatalogue().infos; }

const OperationInfo* FindOperationInfo(std::string_view class_name) {
  std::optional<OperationKind> kind = OperationKindFromClassName(class_name);
  if (!kind.has_value()) return nullptr;
  std::string_view full = OperationClassName(*kind);
  for (const OperationInfo& info : SupportedOperationInfos()) {
    if (info.class_name == full) return &info;
  }
  return nullptr;
}

// Gaffer's Store.getNextOperations: anything after an operation without
// output; otherwise the operations with an input whose class accepts the
// output's class.
std::vector<std::string> NextOperationClassNames(const OperationInfo& info) {
  const Catalogue& catalogue = TheCatalogue();
  std::vector<std::string> next;
  std::string output = RawClass(info.output_class_name);
  for (size_t i = 0; i < catalogue.infos.size(); ++i) {
    const std::string& input = catalogue.input_classes[i];
    if (output.empty() || (!input.empty() && IsAssignableFrom(input, output))) {
      next.push_back(catalogue.infos[i].class_name);
    }
  }
  std::sort(next.begin(), next.end());
  return next;
}

Json OperationDetailJson(const OperationInfo& info) {
  Json fields = Json::array();
  for (const OperationFieldInfo& f : info.fields) {
    Json field = {{"name", f.name}};
    if (!f.summary.empty()) field["summary"] = f.summary;
    field["className"] = f.class_name;
    if (!f.options.empty()) field["options"] = f.options;
    field["required"] = f.required;
    fields.push_back(std::move(field));
  }
  Json detail = {{"name", info.class_name}};
  if (!info.summary.empty()) detail["summary"] = info.summary;
  detail["fields"] = std::move(fields);
  detail["next"] = NextOperationClassNames(info);
  detail["exampleJson"] = info.example;
  if (!info.output_class_name.empty()) detail["outputClassName"] = info.output_class_name;
  return detail;
}

std::vector<std::string> ElementGeneratorClassNames() {
  return RegisteredElementGeneratorClassNames();
}

std::vector<std::string> ObjectGeneratorClassNames() {
  return RegisteredObjectGeneratorClassNames();
}

// Accumulo's traits, each of which Quarry has too: sorted keys (ORDERED),
// cell visibilities, the merge operator (INGEST_AGGREGATION), query-time
// groupBy, the view's three filter stages and transforms, validation at
// compaction and scan (STORE_VALIDATION) and matchedVertex on seeded edges.
std::vector<std::string> StoreTraitNames() {
  return {"INGEST_AGGREGATION",
          "MATCHED_VERTEX",
          "ORDERED",
          "POST_AGGREGATION_FILTERING",
          "POST_TRANSFORMATION_FILTERING",
          "PRE_AGGREGATION_FILTERING",
          "QUERY_AGGREGATION",
          "STORE_VALIDATION",
          "TRANSFORMATION",
          "VISIBILITY"};
}

bool RequiresAdminAuth(std::string_view class_name) {
  const OperationInfo* info = FindOperationInfo(class_name);
  if (info == nullptr) return false;
  for (std::string_view admin :
       {"uk.gov.gchq.gaffer.operation.impl.add.AddElementsFromFile",
        "uk.gov.gchq.gaffer.operation.impl.SplitStoreFromIterable",
        "uk.gov.gchq.gaffer.operation.impl.SplitStoreFromFile",
        "uk.gov.gchq.quarry.operation.Checkpoint", "uk.gov.gchq.quarry.operation.PreviewValidation",
        "uk.gov.gchq.gaffer.store.operation.DeleteAllData",
        "uk.gov.gchq.gaffer.operation.impl.export.localfile.ExportToLocalFile",
        "uk.gov.gchq.gaffer.operation.impl.export.localfile.ImportFromLocalFile"}) {
    if (info->class_name == admin) return true;
  }
  return false;
}

}  // namespace quarry
