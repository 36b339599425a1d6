// Checks of a View against the schema, done before a scan reads anything
// (Gaffer's ViewValidator; gaffer-compat.md §8.1, §11.13). Every error is
// InvalidArgument naming the group and the field, e.g.
//   view edge group 'RoadUse': preAggregationFilterFunctions[0] selects
//   unknown property 'cuont'
//
// Thread safety: pure functions.
#pragma once

#include <vector>

#include "graph-core/status.h"
#include "graph-core/view.h"
#include "schema/schema.h"

namespace quarry {

// Gaffer's group defaults and global definitions applied (View::Expanded)
// with the schema's group names.
Result<View> ExpandViewForSchema(const View& view, const Schema& schema);

// REQUIRES: `view` is expanded (ExpandViewForSchema). Checks, per group:
//  * the group is a schema group of the same kind;
//  * groupBy is a prefix of the schema groupBy, in schema order;
//  * the aggregator selects known, non-groupBy properties its operators
//    accept (see QueryAggregation::Create);
//  * no transient property has the name of a schema property;
//  * every filter and transform selection (and transform projection) names
//    an identifier of the group's kind (VERTEX; SOURCE, DESTINATION,
//    DIRECTED, MATCHED_VERTEX, ADJACENT_MATCHED_VERTEX; GROUP), a schema
//    property or a transient property;
//  * properties and excludeProperties are not both set.
Status ValidateViewForSchema(const View& view, const Schema& schema);

}  // namespace quarry
