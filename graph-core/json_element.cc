#include "graph-core/json_element.h"

#include <optional>
#include <string>

#include "graph-core/json_fields.h"

namespace quarry {
namespace {

namespace jf = json_fields;

// A required typed value field (vertex, source, destination).
Result<Value> RequiredValue(const Json& json, std::string_view key, std::string_view path) {
  const Json* field = jf::Find(json, key);
  if (field == nullptr) return InvalidArgumentError(jf::Join(path, key) + ": missing");
  QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson(*field, jf::Join(path, key)));
  if (v.is_null()) return InvalidArgumentError(jf::Join(path, key) + ": must not be null");
  return v;
}

// The "directed" / "directedType" pair; nullopt when neither is given.
Result<std::optional<DirectedType>> ReadDirectedType(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> directed, jf::OptionalBool(json, "directed", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> type,
                          jf::OptionalString(json, "directedType", path));
  if (directed && type) {
    return InvalidArgumentError(std::string(path.empty() ? "element" : path) +
                                ": give either directed or directedType, not both");
  }
  if (directed) {
    return std::optional<DirectedType>(*directed ? DirectedType::kDirected
                                                 : DirectedType::kUndirected);
  }
  if (!type) return std::optional<DirectedType>();
  std::optional<DirectedType> parsed = ParseDirectedType(*type);
  if (!parsed) {
    return InvalidArgumentError(jf::Join(path, "directedType") + ": unknown value '" + *type +
                                "' (expected DIRECTED, UNDIRECTED or EITHER)");
  }
  return parsed;
}

Result<std::optional<MatchedVertex>> ReadMatchedVertex(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> s,
                          jf::OptionalString(json, "matchedVertex", path));
  if (!s) return std::optional<MatchedVertex>();
  std::optional<MatchedVertex> parsed = ParseMatchedVertex(*s);
  if (!parsed) {
    return InvalidArgumentError(jf::Join(path, "matchedVertex") + ": unknown value '" + *s +
                                "' (expected SOURCE or DESTINATION)");
  }
  return parsed;
}

Result<Properties> ReadProperties(const Json& json, std::string_view path) {
  Properties properties;
  const Json* field = jf::Find(json, "properties");
  if (field == nullptr) return properties;
  std::string props_path = jf::Join(path, "properties");
  if (!field->is_object()) return InvalidArgumentError(props_path + ": expected a JSON object");
  for (const auto& [name, value] : field->items()) {
    QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson(value, jf::Join(props_path, name)));
    properties.Set(name, std::move(v));
  }
  return properties;
}

Result<Element> ReadEdge(const Json& json, std::string group, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value source, RequiredValue(json, "source", path));
  QUARRY_ASSIGN_OR_RETURN(Value destination, RequiredValue(json, "destination", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<DirectedType> type, ReadDirectedType(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<MatchedVertex> matched, ReadMatchedVertex(json, path));
  QUARRY_ASSIGN_OR_RETURN(Properties properties, ReadProperties(json, path));
  bool directed = !type || *type != DirectedType::kUndirected;
  return Element::Edge(std::move(group), std::move(source), std::move(destination), directed,
                       std::move(properties), matched);
}

// Reads an element whose class is already known to be Entity or Edge.
Result<Element> ReadElement(const Json& json, bool is_edge, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> group,
                          jf::OptionalString(json, "group", path));
  std::string g = group.value_or(std::string(kDefaultGroup));
  if (is_edge) return ReadEdge(json, std::move(g), path);
  QUARRY_ASSIGN_OR_RETURN(Value vertex, RequiredValue(json, "vertex", path));
  QUARRY_ASSIGN_OR_RETURN(Properties properties, ReadProperties(json, path));
  return Element::Entity(std::move(g), std::move(vertex), std::move(properties));
}

Result<ElementId> ReadEdgeSeed(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value source, RequiredValue(json, "source", path));
  QUARRY_ASSIGN_OR_RETURN(Value destination, RequiredValue(json, "destination", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<DirectedType> type, ReadDirectedType(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<MatchedVertex> matched, ReadMatchedVertex(json, path));
  return ElementId(MakeEdgeSeed(std::move(source), std::move(destination),
                                type.value_or(DirectedType::kEither), matched));
}

}  // namespace

Result<Element> ElementFromJson(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::string class_name, jf::ClassField(json, path));
  if (jf::ClassNameMatches(class_name, kEntityClass)) return ReadElement(json, false, path);
  if (jf::ClassNameMatches(class_name, kEdgeClass)) return ReadElement(json, true, path);
  return InvalidArgumentError(jf::Join(path, "class") + ": expected Entity or Edge, got '" +
                              class_name + "'");
}

Json ElementToJson(const Element& element) {
  Json json = Json::object();
  json["class"] = element.is_entity() ? kEntityClass : kEdgeClass;
  json["group"] = element.group();
  if (element.is_entity()) {
    json["vertex"] = ValueToJson(element.vertex());
  } else {
    json["source"] = ValueToJson(element.source());
    json["destination"] = ValueToJson(element.destination());
    json["directed"] = element.directed();
    if (element.matched_vertex()) json["matchedVertex"] = ToString(*element.matched_vertex());
  }
  Json properties = Json::object();
  for (const auto& [name, value] : element.properties()) properties[name] = ValueToJson(value);
  json["properties"] = std::move(properties);
  return json;
}

Result<ElementId> ElementIdFromJson(const Json& json, std::string_view path) {
  if (json.is_object()) {
    const Json* class_field = jf::Find(json, "class");
    if (class_field != nullptr && class_field->is_string()) {
      const std::string& name = class_field->get_ref<const std::string&>();
      if (jf::ClassNameMatches(name, kEntitySeedClass)) {
        QUARRY_ASSIGN_OR_RETURN(Value vertex, RequiredValue(json, "vertex", path));
        return ElementId(EntitySeed{std::move(vertex)});
      }
      if (jf::ClassNameMatches(name, kEdgeSeedClass)) return ReadEdgeSeed(json, path);
      if (jf::ClassNameMatches(name, kEntityClass) || jf::ClassNameMatches(name, kEdgeClass)) {
        QUARRY_ASSIGN_OR_RETURN(Element element, ElementFromJson(json, path));
        return IdOf(element);
      }
    }
  }
  QUARRY_ASSIGN_OR_RETURN(Value vertex, ValueFromJson(json, path));
  if (vertex.is_null()) return InvalidArgumentError(std::string(path) + ": a seed cannot be null");
  return ElementId(EntitySeed{std::move(vertex)});
}

Json ElementIdToJson(const ElementId& id) {
  Json json = Json::object();
  if (const auto* entity = std::get_if<EntitySeed>(&id)) {
    json["class"] = kEntitySeedClass;
    json["vertex"] = ValueToJson(entity->vertex);
    return json;
  }
  const auto& edge = std::get<EdgeSeed>(id);
  json["class"] = kEdgeSeedClass;
  json["source"] = ValueToJson(edge.source);
  json["destination"] = ValueToJson(edge.destination);
  json["directedType"] = ToString(edge.directed_type);
  if (edge.matched_vertex) json["matchedVertex"] = ToString(*edge.matched_vertex);
  return json;
}

}  // namespace quarry
