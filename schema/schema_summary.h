// A readable text summary of a Schema (what quarry_schema_summary prints),
// and the discovery of the schema files in a folder.
//
// Summary layout: a header (group counts, visibilityProperty,
// timestampProperty, vertexSerialiser), then each entity group and each edge
// group (sorted by name) with its identifiers, one line per property
// ("    name: type (class)  serialiser: S  aggregator: A  validators: [..]"
// plus "  [groupBy]"), "  groupBy: [..]", "  aggregate: true|false", and one
// line per element-level validateFunction and aggregateFunction
// ("  aggregateFunction: ExampleTuple2BinaryOperator on [startDate, endDate]
// (tuple)"). Class names are simple names. The text is for people; do not
// parse it.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <vector>

#include "graph-core/status.h"
#include "schema/schema.h"

namespace quarry {

std::string SummariseSchema(const Schema& schema);

// The schema files in `dir`: every *.json file whose top-level object has
// "entities", "edges" or "types" (so a graphConfig.json beside them is
// skipped), sorted by file name (merged in that order). NotFound if `dir`
// is not a directory or holds no schema file; InvalidArgument naming a file
// that is not valid JSON.
Result<std::vector<std::string>> SchemaFilesInDirectory(const std::string& dir);

}  // namespace quarry
