// Structural checks of a merged, parent-expanded RawSchema (gaffer-compat.md
// §2.2, §2.6): everything that needs no bound predicate, operator or
// serialiser. Binding-time checks (an aggregator accepts its property's class,
// serialisers handle their classes, vertex/groupBy serialisers are consistent)
// live in schema/schema_builder.cc.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <vector>

#include "graph-core/status.h"
#include "schema/internal/raw_schema.h"

namespace quarry::schema_internal {

// InvalidArgument naming file, JSON path and the rule broken:
// * a group is both an entity and an edge; a group has no groups at all;
// * group and property names match [a-zA-Z0-9|-]*; no property is named like
//   an IdentifierType (VERTEX, SOURCE, ...);
// * entities have a vertex, edges a source and destination; every referenced
//   type exists, and every type has a known class; an edge's directed type
//   has class java.lang.Boolean;
// * groupBy names properties of the group, not the timestamp property; a
//   group with aggregate:false has no groupBy;
// * aggregateFunctions select properties only (no identifiers); a
//   multi-property tuple holds no visibility property and does not mix
//   groupBy with non-groupBy properties; a group with no properties has no
//   aggregators; every property of an aggregated group has an aggregator
//   (element- or type-level): "No aggregator found for properties [...]";
// * validateFunctions select properties or identifier names;
// * visibilityProperty and config.timestampProperty are properties of some
//   group; the visibility property is a String (or byte[]); the timestamp
//   property is a Long whose type aggregates with Max in aggregated groups.
// The visibility property MAY be a groupBy property, as in Gaffer's own
// AccumuloStore test schema (schemaWithVisibilities).
Status CheckRawSchema(const RawSchema& schema);

// Parses `jsons` (labelled by `names` in messages), merges them in order,
// expands parents and runs CheckRawSchema. REQUIRES: equal sizes.
Result<RawSchema> LoadRawSchema(const std::vector<std::string>& jsons,
                                const std::vector<std::string>& names);

// As LoadRawSchema, reading each path (labelled by the path as given).
Result<RawSchema> LoadRawSchemaFiles(const std::vector<std::string>& paths);

}  // namespace quarry::schema_internal
