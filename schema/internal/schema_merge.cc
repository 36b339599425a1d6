#include "schema/internal/schema_merge.h"

#include <algorithm>
#include <set>

namespace quarry::schema_internal {
namespace {

constexpr std::string_view kIdentifierOrder[] = {"VERTEX", "SOURCE", "DESTINATION", "DIRECTED"};

int IdentifierRank(std::string_view name) {
  for (int i = 0; i < 4; ++i) {
    if (kIdentifierOrder[i] == name) return i;
  }
  return 4;
}

// True if every property of `small` is in `big` with the same type.
bool IsSubset(const std::vector<const RawTypeRef*>& small,
              const std::vector<const RawTypeRef*>& big) {
  for (const RawTypeRef* p : small) {
    auto it = std::find_if(big.begin(), big.end(),
                           [&](const RawTypeRef* q) { return q->name == p->name; });
    if (it == big.end() || (*it)->type != p->type) return false;
  }
  return true;
}

std::vector<const RawTypeRef*> PropertiesWithout(const RawElementDef& def,
                                                 const std::optional<std::string>& skip) {
  std::vector<const RawTypeRef*> out;
  for (const RawTypeRef& p : def.properties) {
    if (!skip || p.name != *skip) out.push_back(&p);
  }
  return out;
}

// Gaffer's validateSharedGroupsAreCompatible, relaxed to subsets as in
// current Gaffer (§2.7).
Status CheckSharedGroups(const RawGroups& earlier, const RawGroups& later,
                         const std::optional<std::string>& visibility) {
  for (const auto& [group, b] : later) {
    auto it = earlier.find(group);
    if (it == earlier.end()) continue;
    const RawElementDef& a = it->second;
    if (!a.HasPropertiesOrGroupBy() || !b.HasPropertiesOrGroupBy()) continue;
    auto pa = PropertiesWithout(a, visibility), pb = PropertiesWithout(b, visibility);
    bool properties_ok = IsSubset(pa, pb) || IsSubset(pb, pa);
    if (properties_ok && a.group_by == b.group_by) continue;
    return SchemaError(b.origin, "group '" + group + "' has other properties or groupBy than in " +
                                     a.origin.file +
                                     "; define a group's properties in one schema part");
  }
  return Status::OK();
}

Status MergeGroups(RawGroups from, RawGroups* into) {
  for (auto& [group, def] : from) {
    auto it = into->find(group);
    if (it == into->end()) {
      into->emplace(group, std::move(def));
    } else {
      QUARRY_RETURN_IF_ERROR(MergeElementDef(def, &it->second));
    }
  }
  return Status::OK();
}

std::string FunctionClass(const Json& json) { return FunctionClassName(json); }

// `json` with its "class" reduced to the canonical simple name and its keys
// sorted (nlohmann::json), for equality that ignores key order.
nlohmann::json CanonicalFunction(const Json& json) {
  nlohmann::json out = nlohmann::json::parse(
      json.dump(-1, ' ', false, Json::error_handler_t::replace), nullptr, false);
  if (out.is_object() && out.contains("class")) out["class"] = FunctionClass(json);
  return out;
}

Status MergeTypeDef(RawTypeDef from, RawTypeDef* into) {
  std::string where = " in " + into->origin.file;
  if (!into->class_name) {
    into->class_name = from.class_name;
    into->class_origin = from.class_origin;
  } else if (from.class_name && CanonicalSimpleClassName(*from.class_name) !=
                                    CanonicalSimpleClassName(*into->class_name)) {
    return SchemaError(from.class_origin, "class '" + *from.class_name + "' conflicts with '" +
                                              *into->class_name + "'" + where);
  }
  if (from.serialiser) {
    if (!into->serialiser) {
      into->serialiser = std::move(from.serialiser);
    } else if (FunctionClass(from.serialiser->json) != FunctionClass(into->serialiser->json)) {
      return SchemaError(from.serialiser->origin, "serialiser conflicts with the one" + where);
    }
  }
  for (RawFunction& f : from.validate_functions) {
    bool dup = std::any_of(into->validate_functions.begin(), into->validate_functions.end(),
                           [&](const RawFunction& g) {
                             return CanonicalFunction(g.json) == CanonicalFunction(f.json);
                           });
    if (!dup) into->validate_functions.push_back(std::move(f));
  }
  if (from.aggregate_function) {
    if (!into->aggregate_function) {
      into->aggregate_function = std::move(from.aggregate_function);
    } else if (CanonicalFunction(from.aggregate_function->json) !=
               CanonicalFunction(into->aggregate_function->json)) {
      return SchemaError(from.aggregate_function->origin,
                         "aggregateFunction conflicts with the one" + where);
    }
  }
  if (!into->description) {
    into->description = std::move(from.description);
  } else if (from.description && into->description->find(*from.description) == std::string::npos) {
    *into->description += " | " + *from.description;
  }
  return Status::OK();
}

Status MergeTopLevel(RawSchema& from, RawSchema* into) {
  if (from.vertex_serialiser) {
    if (!into->vertex_serialiser) {
      into->vertex_serialiser = std::move(from.vertex_serialiser);
    } else if (FunctionClass(from.vertex_serialiser->json) !=
               FunctionClass(into->vertex_serialiser->json)) {
      return SchemaError(
          from.vertex_serialiser->origin,
          "vertexSerialiser conflicts with the one in " + into->vertex_serialiser->origin.file);
    }
  }
  if (from.visibility_property) {
    if (!into->visibility_property) {
      into->visibility_property = std::move(from.visibility_property);
      into->visibility_origin = from.visibility_origin;
    } else if (*from.visibility_property != *into->visibility_property) {
      return SchemaError(from.visibility_origin,
                         "visibilityProperty '" + *from.visibility_property + "' conflicts with '" +
                             *into->visibility_property + "' in " + into->visibility_origin.file);
    }
  }
  for (auto& [key, value] : from.config) {
    into->config[key] = value;
    into->config_origins[key] = from.config_origins[key];
  }
  return Status::OK();
}

}  // namespace

Status MergeElementDef(const RawElementDef& from, RawElementDef* into) {
  for (const RawTypeRef& p : from.properties) {
    const RawTypeRef* existing = into->FindProperty(p.name);
    if (existing == nullptr) {
      into->properties.push_back(p);
    } else if (existing->type != p.type) {
      return SchemaError(p.origin, "property '" + p.name + "' has type '" + p.type +
                                       "' here but '" + existing->type + "' in " +
                                       existing->origin.Where());
    }
  }
  for (const RawTypeRef& id : from.identifiers) {
    auto it = std::find_if(into->identifiers.begin(), into->identifiers.end(),
                           [&](const RawTypeRef& x) { return x.name == id.name; });
    if (it == into->identifiers.end()) {
      into->identifiers.push_back(id);
    } else {
      *it = id;
    }
  }
  std::stable_sort(into->identifiers.begin(), into->identifiers.end(),
                   [](const RawTypeRef& a, const RawTypeRef& b) {
                     return IdentifierRank(a.name) < IdentifierRank(b.name);
                   });
  into->validate_functions.insert(into->validate_functions.end(), from.validate_functions.begin(),
                                  from.validate_functions.end());
  into->aggregate_functions.insert(into->aggregate_functions.end(),
                                   from.aggregate_functions.begin(),
                                   from.aggregate_functions.end());
  if (!from.group_by.empty()) {
    into->group_by = from.group_by;
    into->group_by_origin = from.group_by_origin;
  }
  if (!from.parents.empty()) {
    into->parents = from.parents;
    into->parents_origin = from.parents_origin;
  }
  if (from.description) into->description = from.description;
  into->aggregate = into->aggregate && from.aggregate;
  return Status::OK();
}

Status MergeRawSchema(RawSchema from, RawSchema* into) {
  std::optional<std::string> visibility =
      into->visibility_property ? into->visibility_property : from.visibility_property;
  QUARRY_RETURN_IF_ERROR(CheckSharedGroups(into->entities, from.entities, visibility));
  QUARRY_RETURN_IF_ERROR(CheckSharedGroups(into->edges, from.edges, visibility));
  QUARRY_RETURN_IF_ERROR(MergeGroups(std::move(from.entities), &into->entities));
  QUARRY_RETURN_IF_ERROR(MergeGroups(std::move(from.edges), &into->edges));
  QUARRY_RETURN_IF_ERROR(MergeTopLevel(from, into));
  for (auto& [name, type] : from.types) {
    auto it = into->types.find(name);
    if (it == into->types.end()) {
      into->types.emplace(name, std::move(type));
    } else {
      QUARRY_RETURN_IF_ERROR(MergeTypeDef(std::move(type), &it->second));
    }
  }
  return Status::OK();
}

namespace {

struct ParentExpander {
  RawGroups* groups;
  const RawGroups* other_kind;
  std::vector<std::string> stack;  // Groups being expanded, outermost first.
  std::set<std::string> done;

  Status Expand(const std::string& name);
  Status CheckParent(const RawElementDef& child, size_t i);
};

Status ParentExpander::CheckParent(const RawElementDef& child, size_t i) {
  const std::string& parent = child.parents[i];
  Origin origin = child.parents_origin.Item(i);
  const char* kind = child.kind == ElementKind::kEdge ? "edge" : "entity";
  if (groups->find(parent) == groups->end()) {
    if (other_kind->find(parent) != other_kind->end()) {
      return SchemaError(origin, "parent '" + parent + "' is not an " + std::string(kind) +
                                     " group like '" + child.group + "'");
    }
    return SchemaError(origin, "unknown parent group '" + parent + "'");
  }
  if (std::find(stack.begin(), stack.end(), parent) != stack.end()) {
    std::string cycle;
    for (const std::string& g : stack) cycle += g + " -> ";
    return SchemaError(origin, "cycle in parents: " + cycle + parent);
  }
  return Status::OK();
}

Status ParentExpander::Expand(const std::string& name) {
  if (done.count(name)) return Status::OK();
  const RawElementDef& child = groups->find(name)->second;
  if (child.parents.empty()) {
    done.insert(name);
    return Status::OK();
  }
  stack.push_back(name);
  for (size_t i = 0; i < child.parents.size(); ++i) {
    QUARRY_RETURN_IF_ERROR(CheckParent(child, i));
    QUARRY_RETURN_IF_ERROR(Expand(child.parents[i]));
  }
  stack.pop_back();
  RawElementDef expanded;
  expanded.group = child.group;
  expanded.kind = child.kind;
  expanded.origin = child.origin;
  for (const std::string& parent : child.parents) {
    QUARRY_RETURN_IF_ERROR(MergeElementDef(groups->find(parent)->second, &expanded));
  }
  RawElementDef own = child;
  own.parents.clear();  // Every parent was found and merged.
  QUARRY_RETURN_IF_ERROR(MergeElementDef(own, &expanded));
  (*groups)[name] = std::move(expanded);
  done.insert(name);
  return Status::OK();
}

Status ExpandAll(RawGroups* groups, const RawGroups& other_kind) {
  ParentExpander expander{groups, &other_kind, {}, {}};
  std::vector<std::string> names;
  for (const auto& [name, def] : *groups) names.push_back(name);
  for (const std::string& name : names) QUARRY_RETURN_IF_ERROR(expander.Expand(name));
  return Status::OK();
}

}  // namespace

Status ExpandParents(RawSchema* schema) {
  QUARRY_RETURN_IF_ERROR(ExpandAll(&schema->entities, schema->edges));
  return ExpandAll(&schema->edges, schema->entities);
}

}  // namespace quarry::schema_internal
