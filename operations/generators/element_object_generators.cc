// Gaffer's element-to-object generators besides CsvGenerator, for
// GenerateObjects (and ExportToSet/GetExports chains that use them):
//   uk.gov.gchq.gaffer.data.generator.MapGenerator
//       {"fields": {field: key}, "constants": {key: value}}: each element as
//       a map of its fields (GROUP, an identifier or a property; absent ones
//       left out), then the constants, as ToMap writes it.
//   uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor
//       {"edgeIdentifierToExtract": "DESTINATION"}: an EntitySeed of an
//       entity's vertex, or of the edge's SOURCE, DESTINATION (the default),
//       MATCHED_VERTEX or ADJACENT_MATCHED_VERTEX.
#include "operations/generators/element_object_generators.h"

#include <utility>

#include "graph-core/json_fields.h"
#include "operations/generators/internal/generator_classes.h"

namespace quarry {
namespace {

constexpr std::string_view kMapGenerator = "uk.gov.gchq.gaffer.data.generator.MapGenerator";
constexpr std::string_view kEntityIdExtractor =
    "uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor";

class MapObjectGenerator : public ObjectGenerator {
 public:
  explicit MapObjectGenerator(CsvGeneratorSpec spec) : spec_(std::move(spec)) {}
  Status Generate(const Element& element, std::vector<Item>* out) override {
    out->push_back(Item(ElementToMap(element, spec_)));
    return Status::OK();
  }

 private:
  CsvGeneratorSpec spec_;
};

class EntityIdExtractor : public ObjectGenerator {
 public:
  explicit EntityIdExtractor(std::string identifier) : identifier_(std::move(identifier)) {}
  Status Generate(const Element& element, std::vector<Item>* out) override {
    Value vertex =
        element.is_entity() ? element.vertex() : element.GetIdentifierOrProperty(identifier_);
    out->push_back(Item(ElementId(EntitySeed{std::move(vertex)})));
    return Status::OK();
  }

 private:
  std::string identifier_;
};

Result<std::unique_ptr<ObjectGenerator>> MakeEntityIdExtractor(const Json& spec,
                                                               std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> id,
                          json_fields::OptionalString(spec, "edgeIdentifierToExtract", path));
  std::string identifier = id.value_or("DESTINATION");
  if (identifier != "SOURCE" && identifier != "DESTINATION" && identifier != "MATCHED_VERTEX" &&
      identifier != "ADJACENT_MATCHED_VERTEX") {
    return InvalidArgumentError(json_fields::Join(path, "edgeIdentifierToExtract") +
                                ": cannot get an entity id from an edge by '" + identifier +
                                "' (SOURCE, DESTINATION, MATCHED_VERTEX or "
                                "ADJACENT_MATCHED_VERTEX)");
  }
  return std::unique_ptr<ObjectGenerator>(std::make_unique<EntityIdExtractor>(identifier));
}

}  // namespace

Result<CsvGeneratorSpec> ParseMapGeneratorSpec(const Json& json, std::string_view path) {
  if (!json.is_object()) return InvalidArgumentError(std::string(path) + ": expected an object");
  CsvGeneratorSpec spec;
  QUARRY_ASSIGN_OR_RETURN(spec.fields, json_fields::StringMap(json, "fields", path));
  QUARRY_ASSIGN_OR_RETURN(spec.constants, json_fields::StringMap(json, "constants", path));
  return spec;
}

Json ElementToMap(const Element& element, const CsvGeneratorSpec& spec) {
  Json map = Json::object();
  for (const auto& [field, key] : spec.fields) {
    Value v =
        field == "GROUP" ? Value::String(element.group()) : element.GetIdentifierOrProperty(field);
    if (!v.is_null()) map[key] = ValueToJson(v);
  }
  for (const auto& [key, value] : spec.constants) map[key] = value;
  return map;
}

namespace generators_internal {

void AddElementObjectGenerators(std::vector<ObjectGeneratorClass>* out) {
  out->push_back(
      {kMapGenerator,
       [](const Json& spec, std::string_view path) -> Result<std::unique_ptr<ObjectGenerator>> {
         QUARRY_ASSIGN_OR_RETURN(CsvGeneratorSpec map, ParseMapGeneratorSpec(spec, path));
         return std::unique_ptr<ObjectGenerator>(
             std::make_unique<MapObjectGenerator>(std::move(map)));
       }});
  out->push_back({kEntityIdExtractor, MakeEntityIdExtractor});
}

}  // namespace generators_internal
}  // namespace quarry
