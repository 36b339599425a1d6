// RocksGraph: the Graph (store/graph.h) over one RocksInstance per
// data directory; shard s lives in instance s % instances
// (store-rocks/internal/shard_map.h).
//
// Per schema group it keeps the column family in each instance, whether keys
// end with an insert id (aggregate: false; keypackages/key_format.h), the merge operator
// (aggregated groups) and the validation counters (compaction filter). The
// pieces live in:
//   rocks_graph_open.cc    Create / Open, metadata, plug-ins per group
//   data_dirs.cc           data directories: instances, checkpoints
//   rocks_graph_write.cc   AddElements
//   rocks_graph_delete.cc  DeleteElements, DeleteAllElements
//   rocks_graph_scan.cc    GetElements, GetAllElements, GetElementsInRanges
//   rocks_graph_admin.cc   Compact, PreviewValidation, Stats, Checkpoint
//   rocks_graph_shards.cc  split points, merges, re-homing keys
//   rocks_graph_bulk.cc    BulkImport
//   rocks_graph_metadata.cc PutMetadata and friends (the callers' metadata)
//
// Thread safety: as Graph; the schema, package, group table and instances
// are immutable after Open, RocksDB is thread-safe. The split points and
// shard map are guarded by shard_mu_: writes and the start of each scan hold
// it shared, changing the split points holds it exclusively.
#pragma once

#include <oneapi/tbb/task_arena.h>
#include <rocksdb/options.h>
#include <rocksdb/snapshot.h>
#include <rocksdb/write_batch.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "iterators/scan_stack.h"
#include "store-rocks/compaction_filter.h"
#include "store-rocks/internal/distinct_id_allocator.h"
#include "store-rocks/internal/shard_map.h"
#include "store-rocks/internal/task_stack_cache.h"
#include "store-rocks/internal/write_coalescer.h"
#include "store-rocks/merge_operator.h"
#include "store-rocks/rocks_instance.h"
#include "store-rocks/rocks_properties.h"
#include "store/graph.h"

namespace quarry::internal {

struct BulkCells;  // rocks_graph_bulk.cc
class BulkFiles;   // rocks_graph_bulk.cc

struct GroupState {
  const SchemaElementDefinition* def = nullptr;
  rocksdb::ColumnFamilyHandle* cf = nullptr;                 // Instance 0's, as cfs[0].
  std::vector<rocksdb::ColumnFamilyHandle*> cfs;             // Per instance; owned by them.
  bool insert_ids = false;                                   // Keys end with an insert id.
  std::shared_ptr<AggregatingMergeOperator> merge_operator;  // Null if !def->aggregate().
  std::shared_ptr<ValidationCounters> counters;
};

class RocksGraph final : public Graph {
 public:
  static Result<std::unique_ptr<Graph>> Create(const std::string& dir,
                                               std::shared_ptr<const Schema> schema,
                                               const StoreProperties& properties);
  // branch service (issue 19): a non-empty `secondary_root` opens every
  // instance as a RocksDB secondary (store-rocks/read_only_graph.h) and
  // writes nothing: no schema or properties may be given, and an
  // interrupted delete or split change is left for the primary to finish.
  static Result<std::unique_ptr<Graph>> Open(const std::string& dir,
                                             std::shared_ptr<const Schema> schema,
                                             const StoreProperties* properties,
                                             const std::string& secondary_root = "");
  ~RocksGraph() override;

  std::shared_ptr<const Schema> schema() const override { return schema_; }
  const KeyPackage& key_package() const override { return *package_; }
  const StoreProperties& properties() const override { return properties_.generic; }
  // The settings read from them (store-rocks/rocks_properties.h).
  const RocksProperties& rocks_properties() const { return properties_; }
  Result<EngineStats> EngineStatistics() const override;

  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override;
  Result<std::unique_ptr<ElementIterator>> GetElements(std::span<const ElementId> seeds,
                                                       const QueryOptions& options) const override;
  Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const override;
  Result<std::unique_ptr<ElementIterator>> GetElementsInRanges(
      std::span<const std::pair<ElementId, ElementId>> ranges,
      const QueryOptions& options) const override;
  Status DeleteElements(std::span<const Element> elements) override;
  Status DeleteAllElements() override;
  int64_t created_time_ms() const override { return created_time_ms_; }
  Status Compact() override;
  Result<std::map<std::string, uint64_t>> PreviewValidation(
      std::shared_ptr<const Schema> proposed) const override;
  Result<GraphStats> Stats() const override;
  Status Checkpoint(const std::string& dir) const override;
  Status SetSplitPoints(std::vector<std::string> split_points) override;
  Result<std::vector<std::string>> SplitPointsFromSample(std::span<const Element> sample,
                                                         int shards) const override;
  Status MergeShards(const std::string& start, const std::string& end) override;
  Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                    AddElementsResult* result) override;
  Status PutMetadata(std::string_view key, std::string_view value) override;
  Result<std::optional<std::string>> GetMetadata(std::string_view key) const override;
  Status DeleteMetadata(std::string_view key) override;
  Result<std::vector<std::pair<std::string, std::string>>> ListMetadata(
      std::string_view prefix) const override;

  // For tests and tools: the RocksDB instances (0: the graph dir, holding
  // the metadata) and a group's state.
  RocksInstance& instance(size_t i = 0) const { return *dbs_[i]; }
  size_t instance_count() const { return dbs_.size(); }
  const GroupState* group(std::string_view name) const;
  // The scan template of queries without a view, prepared once at open (the
  // schema and validator setting never change while the graph is open).
  const std::shared_ptr<const ScanTemplate>& no_view_template() const { return no_view_template_; }
  // The current shards (a copy: they may change).
  ShardMap shard_map() const;
  // One snapshot per instance, taken together with the shards they are
  // read with (no key moves between the two).
  class Snapshots {
   public:
    // Null for a read-only secondary (branch service), whose view does not
    // move while it is open and which takes no snapshots.
    const rocksdb::Snapshot* operator[](size_t i) const {
      return list_[i] ? list_[i]->snapshot() : nullptr;
    }
    rocksdb::DB* db(size_t i) const { return dbs_[i]; }
    // Keeps instance i's snapshot alive, and only that one: an iterator
    // kept in instance i's pool must not hold back the other instances.
    std::shared_ptr<const void> owner(size_t i) const { return list_[i]; }

   private:
    friend class RocksGraph;
    std::vector<rocksdb::DB*> dbs_;
    std::vector<std::shared_ptr<rocksdb::ManagedSnapshot>> list_;
  };
  ShardMap TakeSnapshots(Snapshots* snapshots) const;
  // Scan stacks kept between queries (task_stack_cache.h).
  TaskStackCache* stack_cache() const { return &stack_cache_; }
  // The arena parallel scans run on; null for serial scans.
  tbb::task_arena* scan_arena() const { return arena_.get(); }
  // For tests: called after each instance other than 0 has written its
  // share of a delete spanning several instances (with the instance's
  // index); a non-OK status stops the delete there, as a crash would,
  // leaving quarry.delete_pending for the next Open to finish.
  void SetDeleteFaultForTesting(std::function<Status(size_t)> fault) {
    delete_fault_for_testing_ = std::move(fault);
  }

 private:
  RocksGraph() = default;

  // Builds package_ (for values of `value_format`), groups_ plug-ins and
  // opens db_ (rocks_graph_open.cc).
  static Result<std::unique_ptr<RocksGraph>> Assemble(const std::string& dir,
                                                      std::shared_ptr<const Schema> schema,
                                                      const RocksProperties& properties,
                                                      const std::vector<std::string>& dirs,
                                                      bool create, uint32_t value_format,
                                                      const std::string& secondary_root = "");
  Status WriteInitialMetadata();
  // Reads the split points at Open and finishes a pending re-homing.
  Status LoadShards(const std::map<std::string, std::string>& meta);
  // Opens one instance per entry of `dirs` (data_dirs.cc); the graph
  // dir alone when empty.
  Status OpenInstances(const std::vector<std::string>& dirs,
                       const std::map<std::string, GroupPlugins>& plugins, bool create);

  struct Cell {
    const GroupState* group;
    KeyValue kv;
  };
  // Writes under shard_mu_ held shared: one WriteBatch per instance.
  Status WriteCells(std::vector<Cell>* cells);
  // Orders `cells` by (group, key); equal ones keep their relative order.
  static void SortByGroupAndKey(std::vector<Cell>* cells);
  // hotkeys2 (issue 18): REQUIRES `cells` sorted by (group, key), stable.
  // Replaces each run of equal keys of an aggregated group with one cell
  // holding the run's values folded oldest first, exactly as the merge
  // operator would fold them; a run whose fold fails is left as it is (the
  // merge operator then reports it, as it would without this).
  void FoldEqualKeys(std::vector<Cell>* cells) const;
  // Writes each non-empty batch to its instance (index = instance).
  Status WriteBatches(std::vector<rocksdb::WriteBatch>* batches, const std::string& what);
  // Validates and encodes `elements` (AddElements' checks), handing each
  // encoded cell to `sink` (which may move from it), request order.
  using CellSink = std::function<void(const GroupState& group, KeyValue& kv)>;
  Status EncodeElements(std::span<const Element> elements, const AddElementsOptions& options,
                        AddElementsResult* result, const CellSink& sink) const;
  // BulkImport's pieces (rocks_graph_bulk.cc): sorts one group's cells,
  // folds equal keys with the stored values (aggregated groups) or gives
  // them insert ids, and writes them to `files` (one SST file per shard).
  Status ImportGroup(const GroupState& group, const ShardMap& shards, BulkCells* cells,
                     BulkFiles* files);
  // Persists `points` and moves every key whose instance they change
  // (rocks_graph_shards.cc). REQUIRES: shard_mu_ held exclusively.
  Status ChangeSplitPoints(std::vector<std::string> points);
  // Moves every key not in the instance `shards_` places it in.
  Status Rehome();
  Status RehomeGroup(const GroupState& group, size_t instance);
  // Deletes (rocks_graph_delete.cc). One cell delete (end empty) or range
  // delete [begin, end) in one group's column family of one instance.
  struct DeleteOp {
    size_t instance = 0;
    std::string group;
    std::string begin;
    std::string end;
  };
  // The cell deletes removing `elements` whole. REQUIRES: shard_mu_ held.
  Status CollectElementDeletes(std::span<const Element> elements, std::vector<DeleteOp>* ops) const;
  // Applies `ops` whole: one batch if they touch one instance, else behind
  // quarry.delete_pending. REQUIRES: shard_mu_ held exclusively (or Open).
  Status ApplyDeletes(const std::vector<DeleteOp>& ops);
  // Flushes the column families that range deletes touch (why: the .cc).
  struct InstanceColumnFamily {
    size_t instance = 0;
    rocksdb::ColumnFamilyHandle* cf = nullptr;
  };
  Status FlushForRangeDeletes(const std::vector<InstanceColumnFamily>& ranged);
  // Writes one delete batch per instance, atomically as the .cc's header says.
  Status WriteDeletes(std::vector<rocksdb::WriteBatch>* batches,
                      const std::vector<std::string>& flat);
  // Re-applies a delete a crash interrupted (Open).
  Status FinishPendingDelete(const std::map<std::string, std::string>& meta);
  // AddElements' work; *result is only meaningful on success.
  Status WriteElements(std::span<const Element> elements, const AddElementsOptions& options,
                       AddElementsResult* result);
  // Checks one element for writing; InvalidArgument naming index and group
  // if it is invalid (rocks_graph_write.cc).
  Status CheckElement(size_t index, const Element& element, bool validate) const;

  std::string dir_;
  std::string secondary_root_;  // branch service: non-empty for a read-only secondary.
  std::shared_ptr<const Schema> schema_;
  std::shared_ptr<const ScanTemplate> no_view_template_;
  std::shared_ptr<const KeyPackage> package_;
  RocksProperties properties_;
  std::map<std::string, GroupState, std::less<>> groups_;
  std::vector<std::unique_ptr<RocksInstance>> dbs_;  // dbs_[0]: the graph dir.
  std::unique_ptr<DistinctIdAllocator> ids_;
  std::unique_ptr<tbb::task_arena> arena_;  // Null when scans are serial.
  // After dbs_: destroyed before the instances its stacks read (and cleared
  // first by the destructor).
  mutable TaskStackCache stack_cache_;
  mutable std::shared_mutex shard_mu_;
  std::vector<std::string> split_points_;  // Guarded by shard_mu_.
  ShardMap shards_;                        // Guarded by shard_mu_.
  int64_t created_time_ms_ = 0;
  std::function<Status(size_t)> delete_fault_for_testing_;
  // hotkeys2 (issue 18): AddElements' group commit; null when
  // quarry.write.coalesce=false or read-only. Last member: destroyed (and
  // its writer thread joined) before everything it writes to.
  std::unique_ptr<WriteCoalescer<Cell>> coalescer_;
};

}  // namespace quarry::internal
