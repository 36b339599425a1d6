// The metadata object of a RADOS graph, <graph>.meta (layout version 1):
//   xattr quarry.state           "creating" until every tablet exists, then "ready"
//   xattr quarry.distinct_limit  internal/distinct_ids.h
//   omap  quarry.schema, quarry.key_package, quarry.key_format,
//         quarry.value_format, quarry.tablets, quarry.layout, quarry.created_ms
//   omap  quarry.schema_version, quarry.tablets_schema_version
//                                written by the first schema change
//                                (internal/schema_change.h); absent = 0
//   omap  user.<key>             the callers' metadata (Graph::PutMetadata)
// Read by Open (rados_graph_open.cc) and by `quarry check`
// (rados_graph_check.cc), so both judge it by the same rules.
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <map>
#include <rados/librados.hpp>
#include <set>
#include <string>

#include "graph-core/status.h"

namespace quarry::internal {

inline constexpr char kStateXattr[] = "quarry.state";
inline constexpr char kStateCreating[] = "creating";
inline constexpr char kStateReady[] = "ready";
inline constexpr char kMetaSchema[] = "quarry.schema";
inline constexpr char kMetaKeyPackage[] = "quarry.key_package";
inline constexpr char kMetaTablets[] = "quarry.tablets";
inline constexpr char kMetaCreatedMs[] = "quarry.created_ms";
inline constexpr char kMetaSchemaVersion[] = "quarry.schema_version";
inline constexpr char kMetaTabletsSchemaVersion[] = "quarry.tablets_schema_version";

using MetaValues = std::map<std::string, librados::bufferlist>;

// Every omap key above but the callers' (for omap_get_vals_by_keys).
const std::set<std::string>& GraphMetaKeys();

// The decimal number at `key`. DataLoss if absent or not a number.
Result<uint64_t> MetaNumber(const MetaValues& meta, const std::string& key);
// As MetaNumber, but 0 if absent.
Result<uint64_t> OptionalMetaNumber(const MetaValues& meta, const std::string& key);

// The graph's quarry.value_format: DataLoss if absent or not a number,
// FailedPrecondition naming the versions this build reads if it is not one
// of them. A graph keeps the value format it was created with (tablets of
// value format 3 say so in cls::kValueFormatXattr; older ones hold 2).
Result<uint32_t> StoredValueFormat(const MetaValues& meta);

// The layout and key formats are this build's and the value format one it
// reads (FailedPrecondition naming the key and the versions otherwise); the
// tablet count is a power
// of two within kMaxTablets, and the schema and key-package are present
// (DataLoss otherwise). Does not parse the schema.
Status CheckGraphMeta(const MetaValues& meta);

}  // namespace quarry::internal
