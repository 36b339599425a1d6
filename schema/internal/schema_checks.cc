#include "schema/internal/schema_checks.h"

#include <algorithm>

#include "graph-core/value.h"
#include "schema/internal/schema_json.h"
#include "schema/internal/schema_merge.h"

namespace quarry::schema_internal {
namespace {

bool Contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out + "]";
}

// The native type of a type's class; kNull if unknown (CheckTypes reports it).
ValueType ClassOf(const RawSchema& schema, std::string_view type_name) {
  const RawTypeDef* type = schema.FindType(type_name);
  if (type == nullptr || !type->class_name) return ValueType::kNull;
  Result<ValueType> vt = ValueTypeFromClassName(*type->class_name);
  return vt.ok() ? *vt : ValueType::kNull;
}

Status CheckTypes(const RawSchema& schema) {
  for (const auto& [name, type] : schema.types) {
    if (!type.class_name) return SchemaError(type.origin, "type '" + name + "' has no 'class'");
    Result<ValueType> vt = ValueTypeFromClassName(*type.class_name);
    if (!vt.ok()) return SchemaError(type.class_origin, vt.status().message());
  }
  return Status::OK();
}

Status CheckTypeRef(const RawSchema& schema, const RawTypeRef& ref) {
  if (schema.types.find(ref.type) == schema.types.end()) {
    return SchemaError(ref.origin, "unknown type '" + ref.type + "'");
  }
  return Status::OK();
}

Status CheckIdentifiers(const RawSchema& schema, const RawElementDef& def) {
  if (def.kind == ElementKind::kEntity && !def.FindIdentifier("VERTEX")) {
    return SchemaError(def.origin, "entity vertex type is not defined");
  }
  if (def.kind == ElementKind::kEdge) {
    if (!def.FindIdentifier("SOURCE"))
      return SchemaError(def.origin, "edge source type is not defined");
    if (!def.FindIdentifier("DESTINATION")) {
      return SchemaError(def.origin, "edge destination type is not defined");
    }
  }
  for (const RawTypeRef& id : def.identifiers) QUARRY_RETURN_IF_ERROR(CheckTypeRef(schema, id));
  const RawTypeRef* directed = def.FindIdentifier("DIRECTED");
  if (directed != nullptr && ClassOf(schema, directed->type) != ValueType::kBool) {
    return SchemaError(directed->origin, "the directed type '" + directed->type +
                                             "' must have class java.lang.Boolean");
  }
  return Status::OK();
}

Status CheckProperties(const RawSchema& schema, const RawElementDef& def) {
  for (const RawTypeRef& p : def.properties) {
    if (IsIdentifierTypeName(p.name)) {
      return SchemaError(p.origin, "property name '" + p.name +
                                       "' is reserved (an identifier name); use another name");
    }
    if (!IsValidGroupOrPropertyName(p.name)) {
      return SchemaError(p.origin, "property name '" + p.name + "' must match [a-zA-Z0-9|-]*");
    }
    QUARRY_RETURN_IF_ERROR(CheckTypeRef(schema, p));
  }
  return Status::OK();
}

Status CheckGroupBy(const RawSchema& schema, const RawElementDef& def) {
  std::optional<std::string> timestamp = schema.timestamp_property();
  // A groupBy name that is not one of the group's properties is allowed, as
  // Gaffer allows it (its schema validator never checks, and its Accumulo
  // store writes such a name as an always-empty part of the column
  // qualifier; Gaffer's GetWalksIT schema relies on it). PropertyLayout
  // gives it the same always-empty slot.
  for (size_t i = 0; i < def.group_by.size(); ++i) {
    const std::string& name = def.group_by[i];
    if (timestamp && name == *timestamp) {
      return SchemaError(def.group_by_origin.Item(i),
                         "the timestamp property '" + name + "' cannot be a groupBy property");
    }
  }
  if (!def.aggregate && !def.group_by.empty()) {
    return SchemaError(def.group_by_origin,
                       "groups with aggregation disabled (\"aggregate\": false) should not have "
                       "groupBy properties");
  }
  return Status::OK();
}

// One aggregateFunctions tuple: properties only, and a multi-property tuple
// holds no visibility property and does not mix groupBy with other properties.
Status CheckAggregateTuple(const RawSchema& schema, const RawElementDef& def,
                           const RawTupleFunction& f) {
  for (size_t i = 0; i < f.selection.size(); ++i) {
    const std::string& key = f.selection[i];
    Origin origin = f.origin.Field("selection").Item(i);
    if (IsIdentifierTypeName(key)) {
      return SchemaError(origin, "identifiers cannot be selected for aggregation: " + key);
    }
    if (!def.FindProperty(key)) return SchemaError(origin, "unknown property '" + key + "'");
  }
  if (f.selection.size() < 2) return Status::OK();
  for (const std::string& key : f.selection) {
    if (schema.visibility_property && key == *schema.visibility_property) {
      return SchemaError(f.origin, "the visibility property '" + key +
                                       "' must be aggregated by itself, not in the tuple " +
                                       JoinNames(f.selection));
    }
    if (Contains(def.group_by, key) != Contains(def.group_by, f.selection[0])) {
      return SchemaError(f.origin,
                         "groupBy and non-groupBy properties must not be aggregated "
                         "by the same operator: " +
                             JoinNames(f.selection));
    }
  }
  return Status::OK();
}

Status CheckAggregators(const RawSchema& schema, const RawElementDef& def) {
  if (def.properties.empty()) {
    if (!def.aggregate_functions.empty()) {
      return SchemaError(def.aggregate_functions[0].origin,
                         "groups with no properties should not have any aggregators");
    }
    return Status::OK();
  }
  if (!def.aggregate) return Status::OK();
  std::vector<std::string> covered;
  for (const RawTupleFunction& f : def.aggregate_functions) {
    QUARRY_RETURN_IF_ERROR(CheckAggregateTuple(schema, def, f));
    covered.insert(covered.end(), f.selection.begin(), f.selection.end());
  }
  std::vector<std::string> missing;
  for (const RawTypeRef& p : def.properties) {
    if (Contains(covered, p.name)) continue;
    const RawTypeDef* type = schema.FindType(p.type);
    if (type == nullptr || !type->aggregate_function) missing.push_back(p.name);
  }
  if (!missing.empty()) {
    return SchemaError(def.origin, "No aggregator found for properties " + JoinNames(missing) +
                                       "; every property of an aggregated group needs an "
                                       "aggregator (or set \"aggregate\": false)");
  }
  return Status::OK();
}

Status CheckValidateSelections(const RawElementDef& def) {
  for (const RawTupleFunction& f : def.validate_functions) {
    for (size_t i = 0; i < f.selection.size(); ++i) {
      const std::string& key = f.selection[i];
      if (!IsIdentifierTypeName(key) && !def.FindProperty(key)) {
        return SchemaError(f.origin.Field("selection").Item(i),
                           "unknown property or identifier '" + key + "'");
      }
    }
  }
  return Status::OK();
}

Status CheckGroup(const RawSchema& schema, const RawElementDef& def) {
  if (!IsValidGroupOrPropertyName(def.group)) {
    return SchemaError(def.origin, "group name '" + def.group + "' must match [a-zA-Z0-9|-]*");
  }
  QUARRY_RETURN_IF_ERROR(CheckIdentifiers(schema, def));
  QUARRY_RETURN_IF_ERROR(CheckProperties(schema, def));
  QUARRY_RETURN_IF_ERROR(CheckGroupBy(schema, def));
  QUARRY_RETURN_IF_ERROR(CheckAggregators(schema, def));
  return CheckValidateSelections(def);
}

// Calls fn(def, ref) for every group holding property `name`.
template <typename Fn>
bool ForEachGroupWithProperty(const RawSchema& schema, std::string_view name, Fn fn) {
  bool found = false;
  for (const RawGroups* groups : {&schema.entities, &schema.edges}) {
    for (const auto& [group, def] : *groups) {
      if (const RawTypeRef* ref = def.FindProperty(name)) {
        found = true;
        fn(def, *ref);
      }
    }
  }
  return found;
}

Status CheckVisibilityProperty(const RawSchema& schema) {
  if (!schema.visibility_property) return Status::OK();
  const std::string& name = *schema.visibility_property;
  Status status;
  bool found =
      ForEachGroupWithProperty(schema, name, [&](const RawElementDef&, const RawTypeRef& ref) {
        if (!status.ok() || ClassOf(schema, ref.type) == ValueType::kString ||
            ClassOf(schema, ref.type) == ValueType::kBytes) {
          return;
        }
        status = SchemaError(ref.origin, "the visibility property '" + name +
                                             "' must have class java.lang.String or byte[]");
      });
  if (!found) {
    return SchemaError(schema.visibility_origin,
                       "visibility property '" + name + "' is not a property of any group");
  }
  return status;
}

Status CheckTimestampProperty(const RawSchema& schema) {
  std::optional<std::string> name = schema.timestamp_property();
  if (!name) return Status::OK();
  Status status;
  bool found =
      ForEachGroupWithProperty(schema, *name, [&](const RawElementDef& def, const RawTypeRef& ref) {
        const RawTypeDef* type = schema.FindType(ref.type);
        if (!status.ok() || type == nullptr) return;
        if (ClassOf(schema, ref.type) != ValueType::kInt64) {
          status = SchemaError(
              ref.origin, "the timestamp property '" + *name + "' must have class java.lang.Long");
        } else if (def.aggregate && (!type->aggregate_function ||
                                     FunctionClassName(type->aggregate_function->json) != "Max")) {
          status = SchemaError(type->origin, "the timestamp property's type '" + ref.type +
                                                 "' must aggregate with Max");
        }
      });
  if (!found) {
    auto origin = schema.config_origins.find(kTimestampPropertyKey);
    return SchemaError(
        origin != schema.config_origins.end() ? origin->second : Origin{"schema", "config"},
        "timestamp property '" + *name + "' is not a property of any group");
  }
  return status;
}

}  // namespace

Status CheckRawSchema(const RawSchema& schema) {
  QUARRY_RETURN_IF_ERROR(CheckTypes(schema));
  for (const auto& [group, def] : schema.edges) {
    if (auto it = schema.entities.find(group); it != schema.entities.end()) {
      return SchemaError(def.origin, "group '" + group + "' is both an entity (" +
                                         it->second.origin.Where() + ") and an edge");
    }
  }
  if (schema.entities.empty() && schema.edges.empty()) {
    return InvalidArgumentError("schema: no entities or edges are defined");
  }
  for (const RawGroups* groups : {&schema.entities, &schema.edges}) {
    for (const auto& [group, def] : *groups) QUARRY_RETURN_IF_ERROR(CheckGroup(schema, def));
  }
  QUARRY_RETURN_IF_ERROR(CheckVisibilityProperty(schema));
  return CheckTimestampProperty(schema);
}

Result<RawSchema> LoadRawSchema(const std::vector<std::string>& jsons,
                                const std::vector<std::string>& names) {
  if (jsons.size() != names.size() || jsons.empty()) {
    return InvalidArgumentError("schema: expected one or more JSON documents, each with a name");
  }
  RawSchema merged;
  for (size_t i = 0; i < jsons.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(RawSchema part, ParseRawSchema(jsons[i], names[i]));
    if (i == 0) {
      merged = std::move(part);
    } else {
      QUARRY_RETURN_IF_ERROR(MergeRawSchema(std::move(part), &merged));
    }
  }
  QUARRY_RETURN_IF_ERROR(ExpandParents(&merged));
  QUARRY_RETURN_IF_ERROR(CheckRawSchema(merged));
  return merged;
}

Result<RawSchema> LoadRawSchemaFiles(const std::vector<std::string>& paths) {
  std::vector<std::string> texts;
  for (const std::string& path : paths) {
    QUARRY_ASSIGN_OR_RETURN(std::string text, ReadSchemaFile(path));
    texts.push_back(std::move(text));
  }
  return LoadRawSchema(texts, paths);
}

}  // namespace quarry::schema_internal
