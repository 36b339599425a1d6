// Gaffer's REST example generators (rest-api/common-rest, package
// uk.gov.gchq.gaffer.rest.example), which the REST API's examples use.
//
// ExampleDomainObject is {"ids": [...], "type": "..."} (Jackson's bean JSON of
// an Object[] and a String; ids are untyped JSON: strings, numbers, booleans).
// ExampleElementGenerator: two or more ids make an Edge of group `type` from
// ids[0] to ids[1], directed only if ids[2] is true; one id makes an Entity.
// ExampleDomainObjectGenerator: an Entity gives {type: group, ids: [vertex]},
// an Edge {type: group, ids: [source, destination, directed]}.
#include <cstdint>
#include <string>

#include "operations/generators/internal/generator_classes.h"

namespace quarry::generators_internal {
namespace {

constexpr std::string_view kElementGenerator =
    "uk.gov.gchq.gaffer.rest.example.ExampleElementGenerator";
constexpr std::string_view kObjectGenerator =
    "uk.gov.gchq.gaffer.rest.example.ExampleDomainObjectGenerator";

Status Bad(std::string_view what, const Json& object) {
  return InvalidArgumentError("ExampleElementGenerator: " + std::string(what) + " in " +
                              object.dump());
}

// An untyped JSON id as Jackson reads it into an Object: a string, Integer
// (or Long when it does not fit), Double or Boolean.
Result<Value> IdValue(const Json& id, const Json& object) {
  if (id.is_string()) return Value::String(id.get<std::string>());
  if (id.is_boolean()) return Value::Bool(id.get<bool>());
  if (id.is_number_integer()) {
    if (id.is_number_unsigned() && id.get<uint64_t>() > INT64_MAX) {
      return Bad("an id is beyond a Long", object);
    }
    int64_t v = id.get<int64_t>();
    if (v >= INT32_MIN && v <= INT32_MAX) return Value::Int32(static_cast<int32_t>(v));
    return Value::Int64(v);
  }
  if (id.is_number_float()) return Value::Double(id.get<double>());
  if (id.is_object()) return ValueFromJson(id, "ids");  // A typed value ({"java.lang.Long": 1}).
  return Bad("an id must be a string, number, boolean or typed value", object);
}

class ExampleElementGenerator : public ElementGenerator {
 public:
  Status Generate(const Item& object, std::vector<Element>* out) override {
    const Json* json = std::get_if<Json>(&object);
    if (json == nullptr || !json->is_object()) {
      return InvalidArgumentError("ExampleElementGenerator: expected an ExampleDomainObject, got " +
                                  ItemToJson(object).dump());
    }
    auto type = json->find("type");
    if (type == json->end() || !type->is_string()) return Bad("\"type\" must be a string", *json);
    auto ids = json->find("ids");
    if (ids == json->end() || !ids->is_array() || ids->empty()) {
      return Bad("\"ids\" must be a non-empty array", *json);
    }
    std::string group = type->get<std::string>();
    QUARRY_ASSIGN_OR_RETURN(Value first, IdValue((*ids)[0], *json));
    if (ids->size() == 1) {
      out->push_back(Element::Entity(std::move(group), std::move(first)));
      return Status::OK();
    }
    QUARRY_ASSIGN_OR_RETURN(Value second, IdValue((*ids)[1], *json));
    bool directed = ids->size() > 2 && (*ids)[2].is_boolean() && (*ids)[2].get<bool>();
    out->push_back(Element::Edge(std::move(group), std::move(first), std::move(second), directed));
    return Status::OK();
  }
};

// Jackson writes an Object[] element without type information: plain JSON
// for strings, numbers and booleans; other values as Gaffer's JSON.
Json IdJson(const Value& v) {
  switch (v.type()) {
    case ValueType::kString:
    case ValueType::kInt32:
    case ValueType::kInt64:
    case ValueType::kDouble:
    case ValueType::kFloat:
    case ValueType::kBool: {
      Json json = ValueToJson(v);
      if (json.is_object() && json.size() == 1) return json.begin().value();
      return json;
    }
    default:
      return ValueToJson(v);
  }
}

class ExampleDomainObjectGenerator : public ObjectGenerator {
 public:
  Status Generate(const Element& element, std::vector<Item>* out) override {
    Json ids = Json::array();
    if (element.is_entity()) {
      ids.push_back(IdJson(element.vertex()));
    } else {
      ids.push_back(IdJson(element.source()));
      ids.push_back(IdJson(element.destination()));
      ids.push_back(element.directed());
    }
    out->push_back(Item(Json{{"ids", std::move(ids)}, {"type", element.group()}}));
    return Status::OK();
  }
};

}  // namespace

void AddRestExampleGenerators(std::vector<ElementGeneratorClass>* element_out,
                              std::vector<ObjectGeneratorClass>* object_out) {
  element_out->push_back({kElementGenerator, [](const Json&, std::string_view) {
                            return Result<std::unique_ptr<ElementGenerator>>(
                                std::make_unique<ExampleElementGenerator>());
                          }});
  object_out->push_back({kObjectGenerator, [](const Json&, std::string_view) {
                           return Result<std::unique_ptr<ObjectGenerator>>(
                               std::make_unique<ExampleDomainObjectGenerator>());
                         }});
}

}  // namespace quarry::generators_internal
