// Schema changes of a RADOS graph (Graph::Open with a new schema): the
// rules are the RocksDB store's (store/schema_migration.h); these are the
// writes that store an accepted schema.
//
// The metadata object holds the graph's schema (omap quarry.schema) and,
// from the first change on, its version (quarry.schema_version, absent = 0)
// and the version every tablet object's xattrs are known to carry
// (quarry.tablets_schema_version, absent = 0). A change is:
//   1. CommitSchemaChange: one write op on the metadata object that
//      compares quarry.schema and its version with those the client checked
//      the change against (omap_cmp) and only then sets the new ones, so
//      of two clients changing the schema at once one wins and the other
//      re-reads, re-checks and tries again;
//   2. PushSchemaToTablets: every tablet object's schema xattrs (what the
//      object class folds ingest with, cls/batch_format.h) set to the new
//      schema, each guarded by its own version xattr (a slower client never
//      puts an older schema over a newer one), then the metadata's
//      quarry.tablets_schema_version raised. A change interrupted between
//      1 and 2 is finished by the next writable Open (it sees the tablets'
//      version lag the schema's).
//
// Thread safety: free functions over a thread-safe IoCtx.
#pragma once

#include <cstdint>
#include <functional>
#include <rados/librados.hpp>
#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "store-rados/internal/graph_metadata.h"
#include "store-rados/tablet_map.h"

namespace quarry::internal {

// On tablet objects, beside cls::kSchemaXattr (absent = 0).
inline constexpr char kTabletSchemaVersionXattr[] = "quarry.schema_version";

// Stores `proposed_json` as schema version `stored_version` + 1 if the
// metadata object still holds `stored_json` at `stored_version`. Returns
// false (nothing written) if another client changed the schema first.
Result<bool> CommitSchemaChange(librados::IoCtx& io, const std::string& meta_object,
                                const std::string& stored_json, uint64_t stored_version,
                                const std::string& proposed_json);

// Sets the schema xattrs of every tablet of `map` whose version is below
// `version` to `json`, then records `version` as the tablets' version in
// the metadata object if its schema is still `json`.
Status PushSchemaToTablets(librados::IoCtx& io, const TabletMap& map, const std::string& json,
                           uint64_t version);

// One write operation per tablet object, built by `build`, all in flight at
// once; waits for every one. The first error other than `ignored_error` (0:
// none ignored), named `what`. Used by create (the tablets and their schema
// xattrs) and by a schema change's push.
Status WriteEachTablet(librados::IoCtx& io, const TabletMap& map,
                       const std::function<void(librados::ObjectWriteOperation*)>& build,
                       int ignored_error, const std::string& what);

}  // namespace quarry::internal
