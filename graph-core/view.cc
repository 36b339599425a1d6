#include "graph-core/view.h"

#include <algorithm>
#include <optional>

#include "graph-core/json_fields.h"

namespace quarry {
namespace {

namespace jf = json_fields;

const ViewElementDefinition* FindGroup(const View::Groups& groups, std::string_view name) {
  for (const auto& [group, def] : groups) {
    if (group == name) return &def;
  }
  return nullptr;
}

void SetGroup(View::Groups* groups, std::string name, ViewElementDefinition def) {
  for (auto& [group, existing] : *groups) {
    if (group == name) {
      existing = std::move(def);
      return;
    }
  }
  groups->emplace_back(std::move(name), std::move(def));
}

// The indices of `groups` a global definition applies to.
Result<std::vector<size_t>> TargetGroups(const GlobalViewElementDefinition& global,
                                         const View::Groups& groups, bool skip_missing,
                                         const std::string& context) {
  std::vector<size_t> targets;
  if (!global.groups) {
    for (size_t i = 0; i < groups.size(); ++i) targets.push_back(i);
    return targets;
  }
  for (const std::string& name : *global.groups) {
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& entry) { return entry.first == name; });
    if (it == groups.end()) {
      if (skip_missing) continue;
      return InvalidArgumentError(context + ".groups: group " + name + " is not in the view");
    }
    size_t index = static_cast<size_t>(it - groups.begin());
    if (std::find(targets.begin(), targets.end(), index) == targets.end()) {
      targets.push_back(index);
    }
  }
  return targets;
}

// View.expandGlobalDefinitions for one list of globals and one kind of group:
// each group becomes (globals that apply to it, in order) merged with its own
// definition.
Status ExpandGlobals(const std::vector<GlobalViewElementDefinition>& globals, bool skip_missing,
                     std::string_view field, View::Groups* groups) {
  std::vector<std::optional<ViewElementDefinition>> from_globals(groups->size());
  for (size_t i = 0; i < globals.size(); ++i) {
    std::string context = jf::Index(field, i);
    QUARRY_ASSIGN_OR_RETURN(std::vector<size_t> targets,
                            TargetGroups(globals[i], *groups, skip_missing, context));
    for (size_t index : targets) {
      if (!from_globals[index]) {  // Gaffer merges it into an empty builder.
        from_globals[index] = globals[i].definition;
        from_globals[index]->aggregator.clear();
      } else {
        QUARRY_RETURN_IF_ERROR(from_globals[index]->Merge(globals[i].definition, context));
      }
    }
  }
  for (size_t index = 0; index < groups->size(); ++index) {
    if (!from_globals[index]) continue;
    auto& [name, def] = (*groups)[index];
    QUARRY_RETURN_IF_ERROR(from_globals[index]->Merge(def, "view group " + name));
    def = std::move(*from_globals[index]);
  }
  return Status::OK();
}

void AddMissing(const std::vector<std::string>& names, View::Groups* groups) {
  for (const std::string& name : names) {
    if (FindGroup(*groups, name) == nullptr) groups->emplace_back(name, ViewElementDefinition());
  }
}

Status ReadGroups(const Json& json, std::string_view key, std::string_view path,
                  View::Groups* out) {
  const Json* field = jf::Find(json, key);
  if (field == nullptr) return Status::OK();
  std::string groups_path = jf::Join(path, key);
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(*field, groups_path));
  for (const auto& [group, def_json] : field->items()) {
    ViewElementDefinition def;
    if (!def_json.is_null()) {
      QUARRY_ASSIGN_OR_RETURN(def,
                              ParseViewElementDefinition(def_json, jf::Join(groups_path, group)));
    }
    SetGroup(out, group, std::move(def));
  }
  return Status::OK();
}

Status ReadGlobals(const Json& json, std::string_view key, std::string_view path,
                   std::vector<GlobalViewElementDefinition>* out) {
  const Json* field = jf::Find(json, key);
  if (field == nullptr) return Status::OK();
  std::string list_path = jf::Join(path, key);
  if (!field->is_array()) return InvalidArgumentError(list_path + ": expected an array");
  for (size_t i = 0; i < field->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(GlobalViewElementDefinition global,
                            ParseGlobalViewElementDefinition((*field)[i], jf::Index(list_path, i)));
    out->push_back(std::move(global));
  }
  return Status::OK();
}

// "config": {name: string}; numbers and booleans are taken as their JSON text.
Status ReadConfig(const Json& json, std::string_view path,
                  std::vector<std::pair<std::string, std::string>>* out) {
  const Json* field = jf::Find(json, "config");
  if (field == nullptr) return Status::OK();
  std::string config_path = jf::Join(path, "config");
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(*field, config_path));
  for (const auto& [name, value] : field->items()) {
    if (value.is_string()) {
      out->emplace_back(name, value.get<std::string>());
    } else if (value.is_number() || value.is_boolean()) {
      out->emplace_back(name, value.dump());
    } else {
      return InvalidArgumentError(jf::Join(config_path, name) + ": expected a string");
    }
  }
  return Status::OK();
}

Json GroupsToJson(const View::Groups& groups) {
  Json json = Json::object();
  for (const auto& [name, def] : groups) json[name] = def.ToJson();
  return json;
}

Json GlobalsToJson(const std::vector<GlobalViewElementDefinition>& globals) {
  Json json = Json::array();
  for (const GlobalViewElementDefinition& g : globals) json.push_back(g.ToJson());
  return json;
}

// A view may say which class it is. Named views (a reference to a stored
// view, with parameters) cannot be resolved yet: answering one as the empty
// view it parses to would return every group unfiltered, so it is refused.
Status CheckViewClass(const Json& json, std::string_view path) {
  const Json* cls = jf::Find(json, "class");
  if (cls == nullptr) return Status::OK();
  std::string where = jf::Join(path, "class");
  if (!cls->is_string()) return InvalidArgumentError(where + ": expected a string");
  const std::string& name = cls->get_ref<const std::string&>();
  if (jf::ClassNameMatches(name, "uk.gov.gchq.gaffer.data.elementdefinition.view.View")) {
    return Status::OK();
  }
  if (jf::ClassNameMatches(name, "uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView")) {
    return InvalidArgumentError(std::string(path.empty() ? "view" : path) +
                                ": a named view is not resolved here; only the executor resolves "
                                "them, in the views of reads and named views (class '" +
                                name + "')");
  }
  return InvalidArgumentError(where + ": unknown view class '" + name + "'");
}

}  // namespace

View View::AllGroups(const std::vector<std::string>& entity_groups,
                     const std::vector<std::string>& edge_groups) {
  View view;
  AddMissing(entity_groups, &view.entities_);
  AddMissing(edge_groups, &view.edges_);
  return view;
}

const ViewElementDefinition* View::GetEntity(std::string_view group) const {
  return FindGroup(entities_, group);
}

const ViewElementDefinition* View::GetEdge(std::string_view group) const {
  return FindGroup(edges_, group);
}

const ViewElementDefinition* View::Get(ElementKind kind, std::string_view group) const {
  return kind == ElementKind::kEntity ? GetEntity(group) : GetEdge(group);
}

void View::SetEntity(std::string group, ViewElementDefinition definition) {
  SetGroup(&entities_, std::move(group), std::move(definition));
}

void View::SetEdge(std::string group, ViewElementDefinition definition) {
  SetGroup(&edges_, std::move(group), std::move(definition));
}

Result<View> View::Expanded(const std::vector<std::string>& entity_groups,
                            const std::vector<std::string>& edge_groups) const {
  View out = *this;
  if (!has_groups() && !all_entities_ && !all_edges_) {
    // Only globalEntities or only globalEdges: the other kind is left out.
    bool partial =
        global_elements_.empty() && (!global_entities_.empty() || !global_edges_.empty());
    if (!partial || !global_entities_.empty()) AddMissing(entity_groups, &out.entities_);
    if (!partial || !global_edges_.empty()) AddMissing(edge_groups, &out.edges_);
  } else {
    if (all_entities_) AddMissing(entity_groups, &out.entities_);
    if (all_edges_) AddMissing(edge_groups, &out.edges_);
  }
  QUARRY_RETURN_IF_ERROR(ExpandGlobals(global_entities_, false, "globalEntities", &out.entities_));
  QUARRY_RETURN_IF_ERROR(ExpandGlobals(global_edges_, false, "globalEdges", &out.edges_));
  QUARRY_RETURN_IF_ERROR(ExpandGlobals(global_elements_, true, "globalElements", &out.entities_));
  QUARRY_RETURN_IF_ERROR(ExpandGlobals(global_elements_, true, "globalElements", &out.edges_));
  out.global_elements_.clear();
  out.global_entities_.clear();
  out.global_edges_.clear();
  out.all_entities_ = false;
  out.all_edges_ = false;
  return out;
}

Json View::ToJson() const {
  Json json = Json::object();
  if (!entities_.empty()) json["entities"] = GroupsToJson(entities_);
  if (!edges_.empty()) json["edges"] = GroupsToJson(edges_);
  if (!global_elements_.empty()) json["globalElements"] = GlobalsToJson(global_elements_);
  if (!global_entities_.empty()) json["globalEntities"] = GlobalsToJson(global_entities_);
  if (!global_edges_.empty()) json["globalEdges"] = GlobalsToJson(global_edges_);
  if (all_edges_) json["allEdges"] = true;
  if (all_entities_) json["allEntities"] = true;
  if (!config_.empty()) {
    Json config = Json::object();
    for (const auto& [name, value] : config_) config[name] = value;
    json["config"] = std::move(config);
  }
  return json;
}

Result<View> ParseView(const Json& json, std::string_view path) {
  View view;
  if (json.is_null()) return view;
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_RETURN_IF_ERROR(CheckViewClass(json, path));
  QUARRY_RETURN_IF_ERROR(ReadGroups(json, "entities", path, &view.entities_));
  QUARRY_RETURN_IF_ERROR(ReadGroups(json, "edges", path, &view.edges_));
  QUARRY_RETURN_IF_ERROR(ReadGlobals(json, "globalElements", path, &view.global_elements_));
  QUARRY_RETURN_IF_ERROR(ReadGlobals(json, "globalEntities", path, &view.global_entities_));
  QUARRY_RETURN_IF_ERROR(ReadGlobals(json, "globalEdges", path, &view.global_edges_));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> all_edges, jf::OptionalBool(json, "allEdges", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> all_entities,
                          jf::OptionalBool(json, "allEntities", path));
  view.all_edges_ = all_edges.value_or(false);
  view.all_entities_ = all_entities.value_or(false);
  QUARRY_RETURN_IF_ERROR(ReadConfig(json, path, &view.config_));
  return view;
}

}  // namespace quarry
