// RocksGraph: the Graph (store-rocks/graph.h) over one RocksInstance.
//
// Per schema group it keeps the column family, whether keys carry the
// distinct suffix (aggregate: false), the merge operator (aggregated groups)
// and the validation counters (compaction filter). The pieces live in:
//   rocks_graph_open.cc   Create / Open, metadata, plug-ins per group
//   rocks_graph_write.cc  AddElements, DeleteElements
//   rocks_graph_scan.cc   GetElements, GetAllElements, GetElementsInRanges
//   rocks_graph_admin.cc  Compact, PreviewValidation, Stats, Checkpoint, shards
//   rocks_graph_bulk.cc   BulkImport
//
// Thread safety: as Graph; the schema, package and group table are
// immutable after Open, RocksDB is thread-safe, split points are guarded.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "store-rocks/compaction_filter.h"
#include "store-rocks/graph.h"
#include "store-rocks/internal/distinct_id_allocator.h"
#include "store-rocks/merge_operator.h"
#include "store-rocks/rocks_instance.h"

namespace quarry::internal {

struct GroupState {
  const SchemaElementDefinition* def = nullptr;
  rocksdb::ColumnFamilyHandle* cf = nullptr;                 // Owned by the RocksInstance.
  bool distinct = false;                                     // Keys carry the distinct suffix.
  std::shared_ptr<AggregatingMergeOperator> merge_operator;  // Null if !def->aggregate().
  std::shared_ptr<ValidationCounters> counters;
};

class RocksGraph final : public Graph {
 public:
  static Result<std::unique_ptr<Graph>> Create(const std::string& dir,
                                               std::shared_ptr<const Schema> schema,
                                               const StoreProperties& properties);
  static Result<std::unique_ptr<Graph>> Open(const std::string& dir,
                                             std::shared_ptr<const Schema> schema,
                                             const StoreProperties* properties);
  ~RocksGraph() override;

  std::shared_ptr<const Schema> schema() const override { return schema_; }
  const KeyPackage& key_package() const override { return *package_; }
  const StoreProperties& properties() const override { return properties_; }

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

  // For tests and tools: the RocksDB instance and a group's state.
  RocksInstance& instance() const { return *db_; }
  const GroupState* group(std::string_view name) const;

 private:
  RocksGraph() = default;

  // Builds package_, groups_ plug-ins and opens db_ (rocks_graph_open.cc).
  static Result<std::unique_ptr<RocksGraph>> Assemble(const std::string& dir,
                                                      std::shared_ptr<const Schema> schema,
                                                      const StoreProperties& properties,
                                                      bool create);
  Status WriteInitialMetadata();

  struct Cell {
    const GroupState* group;
    KeyValue kv;
  };
  Status WriteCells(std::vector<Cell>* cells);
  // Validates and encodes `elements` (as AddElements) into `cells`.
  Status EncodeElements(std::span<const Element> elements, const AddElementsOptions& options,
                        AddElementsResult* result, std::vector<Cell>* cells) const;
  // BulkImport's pieces (rocks_graph_bulk.cc): one group's sorted key/values
  // (aggregated with the stored values), and the SST file holding them.
  Status SortedCellsForGroup(const GroupState& group, std::vector<KeyValue> kvs,
                             std::vector<KeyValue>* out);
  Status WriteSstFile(const GroupState& group, const std::vector<KeyValue>& kvs,
                      const std::string& path) const;
  // AddElements' work; *result is only meaningful on success.
  Status WriteElements(std::span<const Element> elements, const AddElementsOptions& options,
                       AddElementsResult* result);
  // Checks one element for writing; InvalidArgument naming index and group
  // if it is invalid (rocks_graph_write.cc).
  Status CheckElement(size_t index, const Element& element, bool validate) const;

  std::string dir_;
  std::shared_ptr<const Schema> schema_;
  std::shared_ptr<const KeyPackage> package_;
  StoreProperties properties_;
  std::map<std::string, GroupState, std::less<>> groups_;
  std::unique_ptr<RocksInstance> db_;
  std::unique_ptr<DistinctIdAllocator> ids_;
  mutable std::mutex split_mu_;
  std::vector<std::string> split_points_;  // Guarded by split_mu_.
};

}  // namespace quarry::internal
