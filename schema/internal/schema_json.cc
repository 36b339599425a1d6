#include "schema/internal/schema_json.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace quarry::schema_internal {
namespace {

// The value of `key` in `obj`, or nullptr when absent or JSON null.
const Json* FindField(const Json& obj, std::string_view key) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

Status ReadString(const Json& obj, std::string_view key, const Origin& origin,
                  std::optional<std::string>* out) {
  const Json* v = FindField(obj, key);
  if (v == nullptr) return Status::OK();
  if (!v->is_string()) return SchemaError(origin.Field(key), "expected a string");
  *out = v->get<std::string>();
  return Status::OK();
}

Status ReadStringList(const Json& obj, std::string_view key, const Origin& origin,
                      std::vector<std::string>* out) {
  const Json* v = FindField(obj, key);
  if (v == nullptr) return Status::OK();
  if (!v->is_array()) return SchemaError(origin.Field(key), "expected an array of strings");
  for (size_t i = 0; i < v->size(); ++i) {
    const Json& item = (*v)[i];
    if (!item.is_string()) return SchemaError(origin.Field(key).Item(i), "expected a string");
    std::string s = item.get<std::string>();
    bool seen = false;
    for (const std::string& existing : *out) seen = seen || existing == s;
    if (!seen) out->push_back(std::move(s));  // Gaffer keeps these in LinkedHashSets.
  }
  return Status::OK();
}

Status ReadFunction(const Json& obj, std::string_view key, const Origin& origin,
                    std::optional<RawFunction>* out) {
  const Json* v = FindField(obj, key);
  if (v == nullptr) return Status::OK();
  if (!v->is_object()) return SchemaError(origin.Field(key), "expected an object with a 'class'");
  *out = RawFunction{origin.Field(key), *v};
  return Status::OK();
}

// A legacy "<key>Class": "name" field becomes {"class": "name"} unless the v2
// form is present with another class.
Status ReadLegacyClass(const Json& obj, std::string_view legacy_key, const Origin& origin,
                       std::optional<RawFunction>* out) {
  std::optional<std::string> legacy;
  QUARRY_RETURN_IF_ERROR(ReadString(obj, legacy_key, origin, &legacy));
  if (!legacy) return Status::OK();
  if (*out) {
    const Json& v2 = out->value().json;
    auto cls = v2.find("class");
    if (cls == v2.end() || !cls->is_string() ||
        CanonicalSimpleClassName(cls->get<std::string>()) != CanonicalSimpleClassName(*legacy)) {
      return SchemaError(origin.Field(legacy_key), "conflicts with the v2 serialiser given");
    }
    return Status::OK();
  }
  *out = RawFunction{origin.Field(legacy_key), Json{{"class", *legacy}}};
  return Status::OK();
}

Status ReadTupleFunctions(const Json& obj, std::string_view key, const Origin& origin,
                          std::vector<RawTupleFunction>* out) {
  const Json* v = FindField(obj, key);
  if (v == nullptr) return Status::OK();
  if (!v->is_array()) return SchemaError(origin.Field(key), "expected an array");
  for (size_t i = 0; i < v->size(); ++i) {
    Origin item_origin = origin.Field(key).Item(i);
    const Json& item = (*v)[i];
    if (!item.is_object()) return SchemaError(item_origin, "expected an object");
    RawTupleFunction f{item_origin, {}, item};
    const Json* sel = FindField(item, "selection");
    if (sel == nullptr || !sel->is_array() || sel->empty()) {
      return SchemaError(item_origin.Field("selection"), "expected a non-empty array of keys");
    }
    for (size_t j = 0; j < sel->size(); ++j) {
      if (!(*sel)[j].is_string()) {
        return SchemaError(item_origin.Field("selection").Item(j), "expected a string");
      }
      f.selection.push_back((*sel)[j].get<std::string>());
    }
    out->push_back(std::move(f));
  }
  return Status::OK();
}

Status ReadTypeRef(const Json& obj, std::string_view key, std::string_view id_name,
                   const Origin& origin, std::vector<RawTypeRef>* out) {
  std::optional<std::string> type;
  QUARRY_RETURN_IF_ERROR(ReadString(obj, key, origin, &type));
  if (type) out->push_back(RawTypeRef{std::string(id_name), *type, origin.Field(key)});
  return Status::OK();
}

Status ReadProperties(const Json& obj, const Origin& origin, RawElementDef* def) {
  const Json* props = FindField(obj, "properties");
  if (props == nullptr) return Status::OK();
  Origin props_origin = origin.Field("properties");
  if (!props->is_object()) return SchemaError(props_origin, "expected an object");
  for (auto it = props->begin(); it != props->end(); ++it) {
    if (!it.value().is_string())
      return SchemaError(props_origin.Field(it.key()), "expected a type name");
    def->properties.push_back(
        RawTypeRef{it.key(), it.value().get<std::string>(), props_origin.Field(it.key())});
  }
  return Status::OK();
}

// A boolean as Jackson reads one into a Java boolean field: true/false, the
// strings "true"/"false" in any case (gaffer-doc's example deployment writes
// "aggregate": "false"), or the integers 1/0. nullopt for anything else.
std::optional<bool> JacksonBoolean(const Json& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer()) {
    const int64_t i = v.get<int64_t>();
    if (i == 0 || i == 1) return i == 1;
    return std::nullopt;
  }
  if (!v.is_string()) return std::nullopt;
  std::string s = v.get<std::string>();
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "true") return true;
  if (s == "false") return false;
  return std::nullopt;
}

Result<RawElementDef> ReadElementDef(const Json& obj, std::string group, ElementKind kind,
                                     const Origin& origin) {
  if (!obj.is_object()) return SchemaError(origin, "expected an object");
  RawElementDef def;
  def.group = std::move(group);
  def.kind = kind;
  def.origin = origin;
  if (kind == ElementKind::kEntity) {
    QUARRY_RETURN_IF_ERROR(ReadTypeRef(obj, "vertex", "VERTEX", origin, &def.identifiers));
  } else {
    QUARRY_RETURN_IF_ERROR(ReadTypeRef(obj, "source", "SOURCE", origin, &def.identifiers));
    QUARRY_RETURN_IF_ERROR(
        ReadTypeRef(obj, "destination", "DESTINATION", origin, &def.identifiers));
    QUARRY_RETURN_IF_ERROR(ReadTypeRef(obj, "directed", "DIRECTED", origin, &def.identifiers));
  }
  QUARRY_RETURN_IF_ERROR(ReadProperties(obj, origin, &def));
  def.group_by_origin = origin.Field("groupBy");
  QUARRY_RETURN_IF_ERROR(ReadStringList(obj, "groupBy", origin, &def.group_by));
  def.parents_origin = origin.Field("parents");
  QUARRY_RETURN_IF_ERROR(ReadStringList(obj, "parents", origin, &def.parents));
  QUARRY_RETURN_IF_ERROR(ReadString(obj, "description", origin, &def.description));
  if (const Json* agg = FindField(obj, "aggregate")) {
    std::optional<bool> aggregate = JacksonBoolean(*agg);
    if (!aggregate) return SchemaError(origin.Field("aggregate"), "expected true or false");
    def.aggregate = *aggregate;
  }
  QUARRY_RETURN_IF_ERROR(
      ReadTupleFunctions(obj, "validateFunctions", origin, &def.validate_functions));
  QUARRY_RETURN_IF_ERROR(
      ReadTupleFunctions(obj, "aggregateFunctions", origin, &def.aggregate_functions));
  return def;
}

Status ReadGroups(const Json& doc, std::string_view key, ElementKind kind, const std::string& file,
                  RawGroups* out) {
  const Json* groups = FindField(doc, key);
  if (groups == nullptr) return Status::OK();
  Origin origin{file, std::string(key)};
  if (!groups->is_object()) return SchemaError(origin, "expected an object of groups");
  for (auto it = groups->begin(); it != groups->end(); ++it) {
    QUARRY_ASSIGN_OR_RETURN(RawElementDef def,
                            ReadElementDef(it.value(), it.key(), kind, origin.Field(it.key())));
    (*out)[it.key()] = std::move(def);
  }
  return Status::OK();
}

Result<RawTypeDef> ReadTypeDef(const Json& obj, std::string name, const Origin& origin) {
  if (!obj.is_object()) return SchemaError(origin, "expected an object");
  RawTypeDef def;
  def.name = std::move(name);
  def.origin = origin;
  def.class_origin = origin.Field("class");
  QUARRY_RETURN_IF_ERROR(ReadString(obj, "class", origin, &def.class_name));
  QUARRY_RETURN_IF_ERROR(ReadFunction(obj, "serialiser", origin, &def.serialiser));
  QUARRY_RETURN_IF_ERROR(ReadLegacyClass(obj, "serialiserClass", origin, &def.serialiser));
  QUARRY_RETURN_IF_ERROR(ReadFunction(obj, "aggregateFunction", origin, &def.aggregate_function));
  QUARRY_RETURN_IF_ERROR(ReadString(obj, "description", origin, &def.description));
  if (const Json* vf = FindField(obj, "validateFunctions")) {
    Origin vf_origin = origin.Field("validateFunctions");
    if (!vf->is_array()) return SchemaError(vf_origin, "expected an array of predicates");
    for (size_t i = 0; i < vf->size(); ++i) {
      if (!(*vf)[i].is_object())
        return SchemaError(vf_origin.Item(i), "expected a predicate object");
      def.validate_functions.push_back(RawFunction{vf_origin.Item(i), (*vf)[i]});
    }
  }
  return def;
}

Status ReadTypes(const Json& doc, const std::string& file, RawSchema* out) {
  const Json* types = FindField(doc, "types");
  if (types == nullptr) return Status::OK();
  Origin origin{file, "types"};
  if (!types->is_object()) return SchemaError(origin, "expected an object of types");
  for (auto it = types->begin(); it != types->end(); ++it) {
    QUARRY_ASSIGN_OR_RETURN(RawTypeDef def,
                            ReadTypeDef(it.value(), it.key(), origin.Field(it.key())));
    out->types[it.key()] = std::move(def);
  }
  return Status::OK();
}

Status ReadConfig(const Json& doc, const std::string& file, RawSchema* out) {
  Origin top{file, ""};
  if (const Json* config = FindField(doc, "config")) {
    if (!config->is_object()) return SchemaError(top.Field("config"), "expected an object");
    for (auto it = config->begin(); it != config->end(); ++it) {
      Origin o = top.Field("config").Field(it.key());
      if (!it.value().is_string()) return SchemaError(o, "expected a string value");
      out->config[it.key()] = it.value().get<std::string>();
      out->config_origins[it.key()] = o;
    }
  }
  std::optional<std::string> legacy_ts;
  QUARRY_RETURN_IF_ERROR(ReadString(doc, kTimestampPropertyKey, top, &legacy_ts));
  if (legacy_ts) {
    auto it = out->config.find(kTimestampPropertyKey);
    if (it != out->config.end() && it->second != *legacy_ts) {
      return SchemaError(top.Field(kTimestampPropertyKey),
                         "conflicts with config.timestampProperty '" + it->second + "'");
    }
    out->config[std::string(kTimestampPropertyKey)] = *legacy_ts;
    out->config_origins[std::string(kTimestampPropertyKey)] = top.Field(kTimestampPropertyKey);
  }
  return Status::OK();
}

Status ReadTopLevel(const Json& doc, const std::string& file, RawSchema* out) {
  Origin top{file, ""};
  out->visibility_origin = top.Field("visibilityProperty");
  QUARRY_RETURN_IF_ERROR(ReadString(doc, "visibilityProperty", top, &out->visibility_property));
  QUARRY_RETURN_IF_ERROR(ReadFunction(doc, "vertexSerialiser", top, &out->vertex_serialiser));
  QUARRY_RETURN_IF_ERROR(
      ReadLegacyClass(doc, "vertexSerialiserClass", top, &out->vertex_serialiser));
  return ReadConfig(doc, file, out);
}

Json ElementDefToJson(const RawElementDef& def) {
  static constexpr std::pair<std::string_view, std::string_view> kIdKeys[] = {
      {"VERTEX", "vertex"},
      {"SOURCE", "source"},
      {"DESTINATION", "destination"},
      {"DIRECTED", "directed"}};
  Json out = Json::object();
  if (def.description) out["description"] = *def.description;
  for (const auto& [id, key] : kIdKeys) {
    if (const RawTypeRef* ref = def.FindIdentifier(id)) out[std::string(key)] = ref->type;
  }
  if (!def.properties.empty()) {
    Json props = Json::object();
    for (const RawTypeRef& p : def.properties) props[p.name] = p.type;
    out["properties"] = std::move(props);
  }
  if (!def.group_by.empty()) out["groupBy"] = def.group_by;
  if (!def.parents.empty()) out["parents"] = def.parents;
  if (!def.aggregate) out["aggregate"] = false;
  Json validate = Json::array(), aggregate = Json::array();
  for (const RawTupleFunction& f : def.validate_functions) validate.push_back(f.json);
  for (const RawTupleFunction& f : def.aggregate_functions) {
    aggregate.push_back(f.json);
  }
  if (!validate.empty()) out["validateFunctions"] = std::move(validate);
  if (!aggregate.empty()) out["aggregateFunctions"] = std::move(aggregate);
  return out;
}

Json TypeDefToJson(const RawTypeDef& def) {
  Json out = Json::object();
  if (def.description) out["description"] = *def.description;
  if (def.class_name) out["class"] = *def.class_name;
  if (def.serialiser) out["serialiser"] = def.serialiser->json;
  if (def.aggregate_function) {
    out["aggregateFunction"] = def.aggregate_function->json;
  }
  if (!def.validate_functions.empty()) {
    Json validate = Json::array();
    for (const RawFunction& f : def.validate_functions) validate.push_back(f.json);
    out["validateFunctions"] = std::move(validate);
  }
  return out;
}

}  // namespace

Json RawSchemaToJson(const RawSchema& schema) {
  Json out = Json::object();
  Json edges = Json::object(), entities = Json::object(), types = Json::object();
  for (const auto& [name, def] : schema.edges) edges[name] = ElementDefToJson(def);
  for (const auto& [name, def] : schema.entities) entities[name] = ElementDefToJson(def);
  for (const auto& [name, def] : schema.types) types[name] = TypeDefToJson(def);
  if (!edges.empty()) out["edges"] = std::move(edges);
  if (!entities.empty()) out["entities"] = std::move(entities);
  if (!types.empty()) out["types"] = std::move(types);
  if (schema.visibility_property) out["visibilityProperty"] = *schema.visibility_property;
  if (schema.vertex_serialiser) {
    out["vertexSerialiser"] = schema.vertex_serialiser->json;
  }
  if (!schema.config.empty()) {
    Json config = Json::object();
    for (const auto& [key, value] : schema.config) config[key] = value;
    out["config"] = std::move(config);
  }
  return out;
}

Result<std::string> ReadSchemaFile(const std::string& path) {
  std::error_code ec;
  std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st)) {
    return NotFoundError(path + ": schema file not found");
  }
  if (!std::filesystem::is_regular_file(st)) {
    return InvalidArgumentError(path + ": not a regular file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return InvalidArgumentError(path + ": cannot open schema file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return InvalidArgumentError(path + ": error reading schema file");
  return text.str();
}

Result<RawSchema> ParseRawSchema(std::string_view text, const std::string& file) {
  Json doc = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return InvalidArgumentError(file + ": not valid JSON");
  if (!doc.is_object()) return InvalidArgumentError(file + ": expected a JSON object");
  RawSchema schema;
  QUARRY_RETURN_IF_ERROR(ReadGroups(doc, "entities", ElementKind::kEntity, file, &schema.entities));
  QUARRY_RETURN_IF_ERROR(ReadGroups(doc, "edges", ElementKind::kEdge, file, &schema.edges));
  QUARRY_RETURN_IF_ERROR(ReadTypes(doc, file, &schema));
  QUARRY_RETURN_IF_ERROR(ReadTopLevel(doc, file, &schema));
  return schema;
}

}  // namespace quarry::schema_internal
