// RawSchema: a Gaffer schema as read from JSON, before any class is bound to
// native code. Files are parsed into RawSchemas, merged (§2.7), parent-expanded
// (§2.8) and checked structurally here; schema/schema.h binds the result.
//
// Every piece remembers where it came from (file + JSON path), so that errors
// found after merging still name the file that holds the offending text.
//
// Thread safety: plain data.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/enums.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry::schema_internal {

// Where a piece of schema JSON came from: a file label and a JSON path such
// as "types.count.class" or "edges.RoadUse.validateFunctions[0]".
struct Origin {
  std::string file;
  std::string path;

  // "file: path".
  std::string Where() const;
  // The origin of a child field: path + "." + key.
  Origin Field(std::string_view key) const;
  // The origin of an array item: path + "[index]".
  Origin Item(size_t index) const;
};

// InvalidArgument "file: path: what".
Status SchemaError(const Origin& origin, std::string_view what);

// A function-like JSON object (predicate, binary operator, serialiser) kept
// verbatim until binding.
struct RawFunction {
  Origin origin;
  Json json;
};

// A tuple entry of an element's validateFunctions or aggregateFunctions:
// the whole {"selection": [...], ...} object, with its selection pre-read.
struct RawTupleFunction {
  Origin origin;
  std::vector<std::string> selection;
  Json json;
};

// A property or identifier and the name of its type.
struct RawTypeRef {
  std::string name;  // Property name, or VERTEX / SOURCE / DESTINATION / DIRECTED.
  std::string type;  // Key into RawSchema::types.
  Origin origin;     // Where the reference is written, e.g. edges.X.properties.count.
};

struct RawElementDef {
  std::string group;
  ElementKind kind = ElementKind::kEntity;
  Origin origin;  // Where the group was first defined, e.g. {elements.json, edges.RoadUse}.

  std::vector<RawTypeRef> identifiers;  // In the order VERTEX | SOURCE, DESTINATION, DIRECTED.
  std::vector<RawTypeRef> properties;   // Schema order.
  std::vector<std::string> group_by;    // Duplicates removed, order kept.
  Origin group_by_origin;
  std::vector<std::string> parents;
  Origin parents_origin;
  std::optional<std::string> description;
  bool aggregate = true;
  std::vector<RawTupleFunction> validate_functions;
  std::vector<RawTupleFunction> aggregate_functions;

  const RawTypeRef* FindProperty(std::string_view name) const;
  const RawTypeRef* FindIdentifier(std::string_view name) const;
  bool HasPropertiesOrGroupBy() const { return !properties.empty() || !group_by.empty(); }
};

struct RawTypeDef {
  std::string name;
  Origin origin;  // e.g. {types.json, types.count}.
  std::optional<std::string> class_name;
  Origin class_origin;
  std::optional<RawFunction> serialiser;
  std::vector<RawFunction> validate_functions;
  std::optional<RawFunction> aggregate_function;
  std::optional<std::string> description;
};

using RawGroups = std::map<std::string, RawElementDef, std::less<>>;

struct RawSchema {
  RawGroups entities;
  RawGroups edges;
  std::map<std::string, RawTypeDef, std::less<>> types;
  std::optional<std::string> visibility_property;
  Origin visibility_origin;
  std::optional<RawFunction> vertex_serialiser;
  std::map<std::string, std::string, std::less<>> config;
  std::map<std::string, Origin, std::less<>> config_origins;

  // The type named `name`, or nullptr.
  const RawTypeDef* FindType(std::string_view name) const;
  // The group of either kind, or nullptr.
  const RawElementDef* FindGroup(std::string_view group) const;
  // config.timestampProperty, if set.
  std::optional<std::string> timestamp_property() const;
};

inline constexpr std::string_view kTimestampPropertyKey = "timestampProperty";

// Gaffer's IdentifierType names (a property may not use one).
bool IsIdentifierTypeName(std::string_view name);

// Gaffer's group / property name rule: [a-zA-Z0-9|-]*.
bool IsValidGroupOrPropertyName(std::string_view name);

// The simple class name, capitalised as Gaffer's resolver does:
// "java.lang.Long" -> "Long", "long" -> "Long".
std::string CanonicalSimpleClassName(std::string_view class_name);

// CanonicalSimpleClassName of a function object's "class", or "" if absent.
std::string FunctionClassName(const Json& function);

}  // namespace quarry::schema_internal
