// Schema migration rules: which changes a stored graph accepts when it is
// reopened with a different schema (Gaffer's migration guidance, as the
// AccumuloStore's stored bytes dictate).
//
// Allowed: new groups; new properties appended after a group's existing ones
// (not groupBy); changed descriptions; changed aggregators and validators.
// Refused: anything that changes how stored bytes are read or keyed — a
// removed group or property, reordered properties, a changed property class
// or serialiser, a changed groupBy, a changed vertex serialiser or identifier
// type, a changed visibility or timestamp property, a group changing kind or
// aggregate flag.
//
// Thread safety: stateless.
#pragma once

#include <string>
#include <vector>

#include "graph-core/status.h"
#include "schema/schema.h"

namespace quarry {

// Every refused change, each naming the group/property and what changed, e.g.
// "group 'RoadUse': groupBy changed from [startDate, endDate] to [startDate]".
std::vector<std::string> RefusedSchemaChanges(const Schema& stored, const Schema& proposed);

// OK if `proposed` may replace `stored`; otherwise FailedPrecondition listing
// every refused change.
Status CheckSchemaMigration(const Schema& stored, const Schema& proposed);

}  // namespace quarry
