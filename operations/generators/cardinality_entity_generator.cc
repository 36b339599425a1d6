// Gaffer's sketches-library CardinalityEntityGenerator, for GenerateElements:
//   uk.gov.gchq.gaffer.sketches.datasketches.cardinality.HllSketchEntityGenerator
//   uk.gov.gchq.gaffer.sketches.clearspring.cardinality.HyperLogLogPlusEntityGenerator
// Each edge comes out as itself, then an entity for its source and one for
// its destination: group "Cardinality" (or "group"), a fresh sketch of the
// other end's vertex in "cardinality" (or "cardinalityPropertyName"), the
// edge's "propertiesToCopy", 1L in "countProperty" and a TreeSet of the
// edge's group in "edgeGroupProperty" when those are named. A
// "vertexValueConverter" function is applied to the other end first. An
// entity passes through alone.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/function.h"
#include "graph-core/json_fields.h"
#include "operations/generators/internal/generator_classes.h"
#include "operations/internal/input_parser.h"

namespace quarry::generators_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kHllSketchEntityGenerator =
    "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.HllSketchEntityGenerator";
constexpr std::string_view kHyperLogLogPlusEntityGenerator =
    "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.HyperLogLogPlusEntityGenerator";

struct CardinalitySpec {
  std::string name;  // the generator's class, for messages
  std::string group = "Cardinality";
  std::string cardinality_property = "cardinality";
  std::optional<std::string> count_property;
  std::optional<std::string> edge_group_property;
  std::vector<std::string> properties_to_copy;
  std::shared_ptr<const Function> to_sketch;         // ToHllSketch / ToHyperLogLogPlus
  std::shared_ptr<const Function> vertex_converter;  // optional
};

class CardinalityEntityGenerator : public ElementGenerator {
 public:
  explicit CardinalityEntityGenerator(CardinalitySpec spec) : spec_(std::move(spec)) {}

  Status Generate(const Item& object, std::vector<Element>* out) override {
    if (const auto* json = std::get_if<Json>(&object); json != nullptr && json->is_null()) {
      return Status::OK();
    }
    QUARRY_ASSIGN_OR_RETURN(Element element,
                            operations_internal::ItemToElement(object, spec_.name));
    if (!element.is_edge()) {
      out->push_back(std::move(element));
      return Status::OK();
    }
    std::vector<Element> entities;
    for (auto [vertex, other] : {std::pair{&element.source(), &element.destination()},
                                 std::pair{&element.destination(), &element.source()}}) {
      if (vertex->is_null()) continue;
      QUARRY_ASSIGN_OR_RETURN(Element entity, EntityFor(element, *vertex, *other));
      entities.push_back(std::move(entity));
    }
    out->push_back(std::move(element));
    for (Element& e : entities) out->push_back(std::move(e));
    return Status::OK();
  }

 private:
  Result<Element> EntityFor(const Element& edge, const Value& vertex, const Value& other) const {
    Value adjacent = other;
    if (spec_.vertex_converter != nullptr) {
      const Value* args[] = {&other};
      QUARRY_ASSIGN_OR_RETURN(adjacent, spec_.vertex_converter->Apply(args));
    }
    const Value* sketch_args[] = {&adjacent};
    QUARRY_ASSIGN_OR_RETURN(Value sketch, spec_.to_sketch->Apply(sketch_args));
    Element entity = Element::Entity(spec_.group, vertex);
    Properties& properties = entity.mutable_properties();
    properties.Set(spec_.cardinality_property, std::move(sketch));
    for (const std::string& key : spec_.properties_to_copy) {
      const Value* value = edge.properties().Find(key);
      if (value != nullptr && !value->is_null()) properties.Set(key, *value);
    }
    if (spec_.count_property) properties.Set(*spec_.count_property, Value::Int64(1));
    if (spec_.edge_group_property) {
      properties.Set(*spec_.edge_group_property, Value::TreeSet({Value::String(edge.group())}));
    }
    return entity;
  }

  CardinalitySpec spec_;
};

Result<std::unique_ptr<ElementGenerator>> MakeCardinalityGenerator(std::string_view name,
                                                                   std::string_view sketch_function,
                                                                   const Json& json,
                                                                   std::string_view path) {
  CardinalitySpec spec;
  spec.name = std::string(name.substr(name.rfind('.') + 1));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> group,
                          jf::OptionalString(json, "group", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> property,
                          jf::OptionalString(json, "cardinalityPropertyName", path));
  QUARRY_ASSIGN_OR_RETURN(spec.count_property, jf::OptionalString(json, "countProperty", path));
  QUARRY_ASSIGN_OR_RETURN(spec.edge_group_property,
                          jf::OptionalString(json, "edgeGroupProperty", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> copy,
                          jf::OptionalStringList(json, "propertiesToCopy", path));
  if (group) spec.group = *group;
  if (property) spec.cardinality_property = *property;
  if (copy) spec.properties_to_copy = std::move(*copy);
  if (auto it = json.find("vertexValueConverter"); it != json.end() && !it->is_null()) {
    QUARRY_ASSIGN_OR_RETURN(spec.vertex_converter,
                            ParseFunction(*it, jf::Join(path, "vertexValueConverter")));
  }
  QUARRY_ASSIGN_OR_RETURN(spec.to_sketch,
                          ParseFunction(Json{{"class", sketch_function}}, jf::Join(path, "class")));
  return std::unique_ptr<ElementGenerator>(
      std::make_unique<CardinalityEntityGenerator>(std::move(spec)));
}

}  // namespace

void AddCardinalityEntityGenerators(std::vector<ElementGeneratorClass>* out) {
  out->push_back({kHllSketchEntityGenerator, [](const Json& json, std::string_view path) {
                    return MakeCardinalityGenerator(
                        kHllSketchEntityGenerator,
                        "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.function.ToHllSketch",
                        json, path);
                  }});
  out->push_back(
      {kHyperLogLogPlusEntityGenerator, [](const Json& json, std::string_view path) {
         return MakeCardinalityGenerator(
             kHyperLogLogPlusEntityGenerator,
             "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.function.ToHyperLogLogPlus", json,
             path);
       }});
}

}  // namespace quarry::generators_internal
