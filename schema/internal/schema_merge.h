// Merging schema parts (gaffer-compat.md §2.7) and expanding group parents
// (§2.8), on RawSchemas.
//
// Thread safety: stateless functions.
#pragma once

#include "graph-core/status.h"
#include "schema/internal/raw_schema.h"

namespace quarry::schema_internal {

// Merges `from` (a later schema part) into `into`, as Gaffer's
// Schema.Builder.merge: a compatibility check of shared groups first, then
// groups, vertexSerialiser, visibilityProperty, types and config. Errors are
// InvalidArgument naming the later part's file and path.
Status MergeRawSchema(RawSchema from, RawSchema* into);

// Gaffer's SchemaElementDefinition merge of one group definition into
// another: properties united (same name, other type: error), identifiers
// from `from` win, validate/aggregate functions concatenated, a non-empty
// groupBy or parents list replaces, a description replaces, aggregate ANDed.
// `into` keeps its group name, kind and origin.
Status MergeElementDef(const RawElementDef& from, RawElementDef* into);

// Replaces every group that has parents by the merge of its (recursively
// expanded) parents, in the order listed, and then of itself. Errors
// (InvalidArgument, naming the parents entry): a parent that does not exist,
// a parent of the other kind (entity vs edge), a cycle.
Status ExpandParents(RawSchema* schema);

}  // namespace quarry::schema_internal
