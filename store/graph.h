// Graph: a Gaffer graph in a store — the interface operations, the server
// and the CLI program against, whichever store holds the graph
// (shared/design.md "Growing the house"). store-rocks/ implements it over
// RocksDB (store-rocks/rocks_store.h describes its storage); a RADOS store
// will implement it too. This folder includes neither RocksDB, TBB nor
// librados (tests/layers_check.py enforces it).
//
// A graph lives at a location (a directory for the rocks store) and keeps
// there everything needed to reopen it: the schema, the key-package, split
// points, store settings and the callers' metadata. Which store holds a new
// graph is chosen by the store property quarry.store (store/store_factory.h
// keeps the registered stores; Create and Open dispatch through it).
//
// Writes: every element validated and encoded by the graph's key-package
// (keypackages/), stored atomically per request (an invalid request stores
// nothing). Reads: the iterator stack (iterators/: validation, visibility,
// direction, view filters, query-time aggregation, transforms) over the
// stored rows, streamed with bounded memory; shards are read concurrently
// and emitted in shard order, so results are identical to a serial scan.
//
// Thread safety: all methods are safe to call concurrently. Streams returned
// by reads read one snapshot, and must not outlive the Graph.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "graph-core/status.h"
#include "graph-core/view.h"
#include "iterators/element_iterator.h"
#include "iterators/visibility.h"
#include "keypackages/key_package.h"
#include "schema/schema.h"
#include "store/engine_stats.h"
#include "store/store_properties.h"

namespace quarry {

struct AddElementsOptions {
  bool validate = true;                // Check each element against the schema (IsA included).
  bool skip_invalid_elements = false;  // Drop invalid elements instead of failing the request.
};

struct AddElementsResult {
  uint64_t added = 0;
  // Invalid elements dropped (skip_invalid_elements), and with validation off
  // the elements of groups the schema lacks (SkipsUnknownGroup).
  uint64_t skipped = 0;
};

// True when AddElements drops `element` without failing: validation is off
// and the schema has no group of its name and kind. Gaffer's AccumuloStore
// does the same (insertGraphElements logs the element and goes on; its
// AddElementsLoaderIT adds such an element with validate false and expects
// no error); with validation on, the element is invalid as any other.
inline bool SkipsUnknownGroup(const Schema& schema, const Element& element,
                              const AddElementsOptions& options) {
  if (options.validate) return false;
  const SchemaElementDefinition* def = schema.Group(element.group());
  return def == nullptr || def->kind() != element.kind();
}

struct QueryOptions {
  std::optional<View> view;  // Absent: every group, no filters (Gaffer's null view).
  // The view is already expanded for the graph's schema (View::Expanded):
  // operations expands it once, naming the operation's JSON path in errors,
  // and the store then only validates it. False: the store expands it.
  bool view_expanded = false;
  IncludeIncomingOutgoing include_incoming_outgoing = IncludeIncomingOutgoing::kEither;
  DirectedType directed_type = DirectedType::kEither;
  bool seed_matching_equal = false;  // Gaffer v1 seedMatching EQUAL.
  Authorizations auths;              // The user's data auths.
};

struct GroupStats {
  uint64_t estimated_keys = 0;         // The store's estimate of live keys.
  uint64_t live_bytes = 0;             // Approximate on-disk size.
  uint64_t deleted_by_validation = 0;  // Removed by the compaction filter since open.
  uint64_t validation_errors = 0;      // Cells the filter could not judge (kept) since open.
  uint64_t merge_failures = 0;         // Failed merges (undecodable operands) since open.
};

struct GraphStats {
  std::map<std::string, GroupStats> groups;
  std::vector<std::string> split_points;  // Escaped keys, sorted.
  std::string key_package;
  std::string path;
  std::string store;  // The quarry.store name of the store holding the graph.
  // The store's effective settings (store property key -> value, defaults
  // included), for display (`quarry info`).
  std::map<std::string, std::string> settings;
};

class Graph {
 public:
  // Creates a graph in `dir` (which must not hold one) in the store that
  // `properties` name (quarry.store; store/store_factory.h). AlreadyExists if
  // `dir` holds a graph; InvalidArgument naming the key for a store that is
  // not registered or a bad store setting.
  static Result<std::unique_ptr<Graph>> Create(const std::string& dir,
                                               std::shared_ptr<const Schema> schema,
                                               const StoreProperties& properties);

  // Opens an existing graph. With `properties`, in the store they name;
  // without, in the registered store that finds a graph in `dir` (a graph
  // made before quarry.store existed is a rocks graph). With `schema`,
  // applies the migration rules (store/schema_migration.h) and stores the new
  // schema; without, uses the stored one. FailedPrecondition on a refused
  // change or a key-package mismatch (properties naming another package);
  // NotFound if no graph.
  static Result<std::unique_ptr<Graph>> Open(const std::string& dir,
                                             std::shared_ptr<const Schema> schema = nullptr,
                                             const StoreProperties* properties = nullptr);

  virtual ~Graph() = default;

  virtual std::shared_ptr<const Schema> schema() const = 0;
  virtual const KeyPackage& key_package() const = 0;
  virtual const StoreProperties& properties() const = 0;

  // Atomic: on error nothing of the request is stored. InvalidArgument naming
  // the element index, group and property for an invalid element (unless
  // skipped).
  virtual Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                             AddElementsResult* result) = 0;

  // GetElements for `seeds` (Gaffer semantics, gaffer-compat.md §9).
  virtual Result<std::unique_ptr<ElementIterator>> GetElements(
      std::span<const ElementId> seeds, const QueryOptions& options) const = 0;
  // Each stored element once (§9.6).
  virtual Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const = 0;
  // GetElementsInRanges: all rows between each pair's seeds.
  virtual Result<std::unique_ptr<ElementIterator>> GetElementsInRanges(
      std::span<const std::pair<ElementId, ElementId>> ranges,
      const QueryOptions& options) const = 0;

  // Removes each element whole (Gaffer's DeleteElements): every stored cell
  // of its aggregation key — under both rows of an edge, whatever the
  // cell's visibility, and every insert of a non-aggregated group — so that
  // no query, whatever the user's auths, returns it afterwards. An element
  // is named by its group, vertices, directedness and groupBy properties;
  // its other properties are ignored. Elements not stored are no-ops.
  // InvalidArgument naming the index and group for a group not in the
  // schema (nothing is deleted). Applied whole or not at all, also across
  // data directories and crashes (rocks: store-rocks/internal/rocks_graph_delete.cc);
  // writes and new scans wait meanwhile, so a scan sees all or none of it.
  virtual Status DeleteElements(std::span<const Element> elements) = 0;
  // Removes every element of every group (Gaffer's DeleteAllData); the
  // graph stays open and usable, with its schema, split points and the
  // callers' metadata (named operations, jobs) kept. Whole or not at all,
  // as DeleteElements.
  virtual Status DeleteAllElements() = 0;
  // When the graph was created, in ms since the epoch (recorded by Create
  // in the metadata). For a graph created before that was recorded: when
  // this Graph was opened, which is what Gaffer's Store reports for every
  // graph (its created time is the Store object's).
  virtual int64_t created_time_ms() const = 0;

  // Full compaction: applies age-off (validators) to everything on disk.
  virtual Status Compact() = 0;
  // Counts per group of stored elements that `proposed` (a schema with
  // changed validators) would delete, without deleting anything.
  virtual Result<std::map<std::string, uint64_t>> PreviewValidation(
      std::shared_ptr<const Schema> proposed) const = 0;

  virtual Result<GraphStats> Stats() const = 0;

  // A consistent copy of the graph in `dir` (rocks: a RocksDB checkpoint; Accumulo's
  // clone table). `dir` must not exist. With several data directories,
  // instance i > 0 is copied into `dir`/data-<i> and the copy's metadata
  // names those, so Open(dir) opens the copy on its own. Writes wait while
  // the instances are checkpointed.
  virtual Status Checkpoint(const std::string& dir) const = 0;

  // Replaces the split points (escaped keys or key prefixes; sorted and
  // deduplicated here; InvalidArgument for an empty one). With several data
  // directories the keys whose instance changes are moved (merged values
  // copied, then deleted from the old instance); writes and new scans wait
  // meanwhile, and a crash mid-move is finished by the next Open.
  virtual Status SetSplitPoints(std::vector<std::string> split_points) = 0;
  // Split points that cut a sample of elements into `shards` even shards
  // (Gaffer's SampleDataForSplitPoints); pass them to SetSplitPoints.
  virtual Result<std::vector<std::string>> SplitPointsFromSample(std::span<const Element> sample,
                                                                 int shards) const = 0;
  // Merges the shards between two split points (Accumulo's merge): removes
  // the split points strictly between `start` and `end` (empty end:
  // unbounded), moving keys as SetSplitPoints does.
  virtual Status MergeShards(const std::string& start, const std::string& end) = 0;

  // Sorted bulk import: validates and encodes like AddElements (nothing is
  // written if that fails), writes one SST file per shard per group column
  // family and ingests each instance's files atomically (instances one after
  // the other); ingest aggregation stays correct when keys already exist
  // (stored values are folded in). REQUIRES: no concurrent writes to the
  // same keys meanwhile.
  virtual Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                            AddElementsResult* result) = 0;

  // Durable key/values for the layers above (job details and results, named
  // operations and views), kept in the graph's metadata under a reserved
  // prefix (rocks: store-rocks/metadata_format.h kUserMetadataPrefix), so no key
  // can collide with the graph's own metadata. Keys and values are any
  // bytes; a key must not be empty (InvalidArgument). Put and Delete are
  // synced before they return; Checkpoint copies the entries. Get: nullopt
  // when absent. List: every entry whose key starts with `prefix`, sorted
  // by key (whole values are returned: keep listed values small).
  virtual Status PutMetadata(std::string_view key, std::string_view value) = 0;
  virtual Result<std::optional<std::string>> GetMetadata(std::string_view key) const = 0;
  virtual Status DeleteMetadata(std::string_view key) = 0;
  virtual Result<std::vector<std::pair<std::string, std::string>>> ListMetadata(
      std::string_view prefix) const = 0;

  // The engine's state for metrics and health (store/engine_stats.h); takes
  // no lock of the graph and reads no data. Unimplemented for a store that
  // keeps none.
  virtual Result<EngineStats> EngineStatistics() const {
    return UnimplementedError("engine statistics: not kept by this store");
  }
};

}  // namespace quarry
