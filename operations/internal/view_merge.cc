#include "operations/internal/view_merge.h"

#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/walk_named_parser.h"

namespace quarry::operations_internal {
namespace {

constexpr std::string_view kListFields[] = {"preAggregationFilterFunctions",
                                            "postAggregationFilterFunctions",
                                            "postTransformFilterFunctions", "transformFunctions"};
constexpr std::string_view kNamedOnly[] = {"class", "name", "parameters", "mergedNamedViewNames"};

Status ExpectObject(const Json& j, const std::string& path) {
  if (!j.is_object()) return InvalidArgumentError(path + ": expected an object");
  return Status::OK();
}

Status AppendList(const Json& adding, const std::string& path, Json* into) {
  if (adding.is_null()) return Status::OK();
  if (!adding.is_array()) return InvalidArgumentError(path + ": expected an array");
  if (!into->is_array()) *into = Json::array();
  for (const Json& j : adding) into->push_back(j);
  return Status::OK();
}

// ViewElementDefinition.Builder.merge.
Status MergeElementDef(const Json& adding, const std::string& path, Json* into) {
  QUARRY_RETURN_IF_ERROR(ExpectObject(adding, path));
  for (std::string_view f : kListFields) {
    if (!adding.contains(f)) continue;
    std::string key(f);
    QUARRY_RETURN_IF_ERROR(AppendList(adding[key], json_fields::Join(path, f), &(*into)[key]));
  }
  for (std::string_view f : {"groupBy", "properties"}) {
    const Json* j = json_fields::Find(adding, f);
    if (j != nullptr) (*into)[std::string(f)] = *j;
  }
  const Json* exclude = json_fields::Find(adding, "excludeProperties");
  if (exclude != nullptr && !exclude->empty()) (*into)["excludeProperties"] = *exclude;
  if (const Json* transient = json_fields::Find(adding, "transientProperties")) {
    QUARRY_RETURN_IF_ERROR(
        ExpectObject(*transient, json_fields::Join(path, "transientProperties")));
    for (const auto& [prop, cls] : transient->items()) (*into)["transientProperties"][prop] = cls;
  }
  return Status::OK();
}

Status MergeGroups(const Json& adding, const std::string& path, Json* into) {
  if (adding.is_null()) return Status::OK();
  QUARRY_RETURN_IF_ERROR(ExpectObject(adding, path));
  if (!into->is_object()) *into = Json::object();
  for (const auto& [group, def] : adding.items()) {
    if (!into->contains(group)) {
      (*into)[group] = def.is_null() ? Json::object() : def;
    } else if (!def.is_null()) {
      QUARRY_RETURN_IF_ERROR(MergeElementDef(def, json_fields::Join(path, group), &(*into)[group]));
    }
  }
  return Status::OK();
}

// NamedView.Builder.merge's bookkeeping of names and parameters.
Status MergeNames(const Json& adding, const std::string& path, Json* into) {
  const Json* name = json_fields::Find(adding, "name");
  if (name != nullptr && name->is_string() && !name->get<std::string>().empty()) {
    const Json* current = json_fields::Find(*into, "name");
    if (current == nullptr || current->get<std::string>().empty()) {
      (*into)["name"] = *name;
    } else if (*current != *name) {
      (*into)["mergedNamedViewNames"].push_back(*name);
    }
  }
  if (const Json* merged = json_fields::Find(adding, "mergedNamedViewNames")) {
    QUARRY_RETURN_IF_ERROR(AppendList(*merged, json_fields::Join(path, "mergedNamedViewNames"),
                                      &(*into)["mergedNamedViewNames"]));
  }
  if (const Json* params = json_fields::Find(adding, "parameters")) {
    QUARRY_RETURN_IF_ERROR(ExpectObject(*params, json_fields::Join(path, "parameters")));
    for (const auto& [k, v] : params->items()) (*into)["parameters"][k] = v;
  }
  return Status::OK();
}

}  // namespace

Status MergeViewJson(const Json& adding, std::string_view path_view, Json* into) {
  std::string path(path_view);
  QUARRY_RETURN_IF_ERROR(ExpectObject(adding, path));
  if (!into->is_object()) *into = Json::object();
  for (std::string_view f : {"entities", "edges"}) {
    if (!adding.contains(f)) continue;
    std::string key(f);
    QUARRY_RETURN_IF_ERROR(MergeGroups(adding[key], json_fields::Join(path, f), &(*into)[key]));
  }
  for (std::string_view f : {"globalElements", "globalEntities", "globalEdges"}) {
    if (!adding.contains(f)) continue;
    std::string key(f);
    QUARRY_RETURN_IF_ERROR(AppendList(adding[key], json_fields::Join(path, f), &(*into)[key]));
  }
  if (const Json* config = json_fields::Find(adding, "config")) {
    QUARRY_RETURN_IF_ERROR(ExpectObject(*config, json_fields::Join(path, "config")));
    for (const auto& [k, v] : config->items()) (*into)["config"][k] = v;
  }
  for (std::string_view f : {"allEntities", "allEdges"}) {
    std::string key(f);
    const Json* flag = json_fields::Find(adding, f);
    if (flag != nullptr && flag->is_boolean() && flag->get<bool>()) {
      (*into)[key] = true;
    } else {
      into->erase(key);  // A Java boolean: the adding view's false wins too.
    }
  }
  return Status::OK();
}

Result<Json> MergeViewList(const std::vector<const Json*>& views, std::string_view path_view) {
  std::string path(path_view);
  bool named = false;
  for (const Json* v : views) named = named || IsNamedViewJson(*v);
  Json out = Json::object();
  if (named) out["class"] = "uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView";
  for (size_t i = 0; i < views.size(); ++i) {
    std::string at = path + "[" + std::to_string(i) + "]";
    if (IsNamedViewJson(*views[i])) QUARRY_RETURN_IF_ERROR(MergeNames(*views[i], at, &out));
    QUARRY_RETURN_IF_ERROR(MergeViewJson(InlineViewParts(*views[i]), at, &out));
  }
  return out;
}

Json InlineViewParts(const Json& named_view) {
  Json view = named_view;
  if (view.is_object()) {
    for (std::string_view f : kNamedOnly) view.erase(std::string(f));
  }
  return view;
}

}  // namespace quarry::operations_internal
