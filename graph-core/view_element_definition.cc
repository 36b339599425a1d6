#include "graph-core/view_element_definition.h"

#include <algorithm>

#include "graph-core/json_fields.h"

namespace quarry {
namespace {

namespace jf = json_fields;

bool Contains(const std::vector<std::string>& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// An optional array field parsed element-wise with `parse`.
template <typename T, typename ParseFn>
Status ReadList(const Json& json, std::string_view key, std::string_view path, ParseFn parse,
                std::vector<T>* out) {
  const Json* field = jf::Find(json, key);
  if (field == nullptr) return Status::OK();
  std::string list_path = jf::Join(path, key);
  if (!field->is_array()) return InvalidArgumentError(list_path + ": expected an array");
  for (size_t i = 0; i < field->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(T item, parse((*field)[i], jf::Index(list_path, i)));
    out->push_back(std::move(item));
  }
  return Status::OK();
}

Status ReadFilter(const Json& json, std::string_view key, std::string_view path,
                  ElementFilter* out) {
  const Json* field = jf::Find(json, key);
  if (field == nullptr) return Status::OK();
  QUARRY_ASSIGN_OR_RETURN(*out, ParseElementFilter(*field, jf::Join(path, key)));
  return Status::OK();
}

// "aggregator": {"operators": [tuple operators...]}.
Status ReadAggregator(const Json& json, std::string_view path, ViewElementDefinition* def) {
  const Json* field = jf::Find(json, "aggregator");
  if (field == nullptr) return Status::OK();
  std::string agg_path = jf::Join(path, "aggregator");
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(*field, agg_path));
  return ReadList(*field, "operators", agg_path, ParseTupleBinaryOperator, &def->aggregator);
}

Status ReadTransientProperties(const Json& json, std::string_view path,
                               ViewElementDefinition* def) {
  const Json* field = jf::Find(json, "transientProperties");
  if (field == nullptr) return Status::OK();
  std::string tp_path = jf::Join(path, "transientProperties");
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(*field, tp_path));
  for (const auto& [name, class_name] : field->items()) {
    if (!class_name.is_string()) {
      return InvalidArgumentError(jf::Join(tp_path, name) + ": expected a class name string");
    }
    Result<ValueType> type = ValueTypeFromClassName(class_name.get<std::string>());
    if (!type.ok()) return type.status().WithContext(jf::Join(tp_path, name));
    def->transient_properties.emplace_back(name, *type);
  }
  return Status::OK();
}

Status CheckPropertySelection(const ViewElementDefinition& def, std::string_view context) {
  if (def.properties && !def.exclude_properties.empty()) {
    return InvalidArgumentError(std::string(context) +
                                ": cannot set both properties and excludeProperties");
  }
  return Status::OK();
}

// Reads every field of a (global) view element definition into `def`.
Status ReadDefinition(const Json& json, std::string_view path, ViewElementDefinition* def) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_RETURN_IF_ERROR(
      ReadFilter(json, "preAggregationFilterFunctions", path, &def->pre_aggregation_filter));
  QUARRY_ASSIGN_OR_RETURN(def->group_by, jf::OptionalStringList(json, "groupBy", path));
  QUARRY_RETURN_IF_ERROR(ReadAggregator(json, path, def));
  QUARRY_RETURN_IF_ERROR(
      ReadFilter(json, "postAggregationFilterFunctions", path, &def->post_aggregation_filter));
  QUARRY_RETURN_IF_ERROR(ReadTransientProperties(json, path, def));
  QUARRY_RETURN_IF_ERROR(
      ReadList(json, "transformFunctions", path, ParseTupleFunction, &def->transform_functions));
  QUARRY_RETURN_IF_ERROR(
      ReadFilter(json, "postTransformFilterFunctions", path, &def->post_transform_filter));
  QUARRY_ASSIGN_OR_RETURN(def->properties, jf::OptionalStringList(json, "properties", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> exclude,
                          jf::OptionalStringList(json, "excludeProperties", path));
  def->exclude_properties = exclude.value_or(std::vector<std::string>());
  return CheckPropertySelection(*def, path.empty() ? "view element definition" : path);
}

template <typename T>
Json ListToJson(const std::vector<T>& items) {
  Json out = Json::array();
  for (const T& item : items) out.push_back(item.ToJson());
  return out;
}

}  // namespace

std::optional<ValueType> ViewElementDefinition::TransientPropertyType(std::string_view name) const {
  for (const auto& [n, type] : transient_properties) {
    if (n == name) return type;
  }
  return std::nullopt;
}

bool ViewElementDefinition::IsPropertySelected(std::string_view name) const {
  if (properties && !Contains(*properties, name)) return false;
  return !Contains(exclude_properties, name);
}

Status ViewElementDefinition::Merge(const ViewElementDefinition& other, std::string_view context) {
  for (const auto& [name, type] : other.transient_properties) {
    std::optional<ValueType> existing = TransientPropertyType(name);
    if (!existing) {
      transient_properties.emplace_back(name, type);
    } else if (*existing != type) {
      return InvalidArgumentError(std::string(context) + ": transient property " + name +
                                  " has two classes, " + std::string(JavaClassName(*existing)) +
                                  " and " + std::string(JavaClassName(type)));
    }
  }
  pre_aggregation_filter.Append(other.pre_aggregation_filter);
  post_aggregation_filter.Append(other.post_aggregation_filter);
  post_transform_filter.Append(other.post_transform_filter);
  transform_functions.insert(transform_functions.end(), other.transform_functions.begin(),
                             other.transform_functions.end());
  if (other.group_by) group_by = other.group_by;
  aggregator.clear();
  if (other.properties) properties = other.properties;
  if (!other.exclude_properties.empty()) exclude_properties = other.exclude_properties;
  return CheckPropertySelection(*this, context);
}

Json ViewElementDefinition::ToJson() const {
  Json json = Json::object();
  if (!pre_aggregation_filter.empty()) {
    json["preAggregationFilterFunctions"] = pre_aggregation_filter.ToJson();
  }
  if (group_by) json["groupBy"] = *group_by;
  if (!aggregator.empty()) json["aggregator"] = Json{{"operators", ListToJson(aggregator)}};
  if (!post_aggregation_filter.empty()) {
    json["postAggregationFilterFunctions"] = post_aggregation_filter.ToJson();
  }
  if (!transient_properties.empty()) {
    Json tp = Json::object();
    for (const auto& [name, type] : transient_properties) tp[name] = JavaClassName(type);
    json["transientProperties"] = std::move(tp);
  }
  if (!transform_functions.empty()) json["transformFunctions"] = ListToJson(transform_functions);
  if (!post_transform_filter.empty()) {
    json["postTransformFilterFunctions"] = post_transform_filter.ToJson();
  }
  if (properties) json["properties"] = *properties;
  if (!exclude_properties.empty()) json["excludeProperties"] = exclude_properties;
  return json;
}

Result<ViewElementDefinition> ParseViewElementDefinition(const Json& json, std::string_view path) {
  ViewElementDefinition def;
  QUARRY_RETURN_IF_ERROR(ReadDefinition(json, path, &def));
  return def;
}

Json GlobalViewElementDefinition::ToJson() const {
  Json json = Json::object();
  if (groups) json["groups"] = *groups;
  Json fields = definition.ToJson();  // keep alive: items() borrows from it
  for (const auto& [key, value] : fields.items()) json[key] = value;
  return json;
}

Result<GlobalViewElementDefinition> ParseGlobalViewElementDefinition(const Json& json,
                                                                     std::string_view path) {
  GlobalViewElementDefinition global;
  QUARRY_RETURN_IF_ERROR(ReadDefinition(json, path, &global.definition));
  QUARRY_ASSIGN_OR_RETURN(global.groups, jf::OptionalStringList(json, "groups", path));
  return global;
}

}  // namespace quarry
