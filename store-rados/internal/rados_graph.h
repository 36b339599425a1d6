// RadosGraph: the Graph over a RADOS pool (store-rados/rados_graph.h). The
// pieces live in:
//   rados_graph_open.cc      Create / Open, read-only opens, schema changes
//                            (internal/schema_change.h)
//   rados_graph_write.cc     AddElements, BulkImport: encode, batch, send
//   rados_graph_scan.cc      GetElements, GetAllElements, GetElementsInRanges
//   rados_graph_metadata.cc  PutMetadata and friends, Stats
//   rados_graph_delete.cc    DeleteElements, DeleteAllElements
//   rados_graph_admin.cc     Compact (the age-off sweeper), PreviewValidation,
//                            split points
//   rados_graph_checkpoint.cc  Checkpoint (an export) and its restore
//   distinct_ids.cc          unique ids for non-aggregated keys
//
// Thread safety: as Graph. The schema, package, tablet map, group table and
// read-only flag are immutable after Open; librados' Rados and IoCtx are thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <rados/librados.hpp>
#include <set>
#include <shared_mutex>
#include <string>
#include <vector>

#include "iterators/scan_stack.h"
#include "store-rados/internal/distinct_ids.h"
#include "store-rados/rados_graph.h"
#include "store-rados/tablet_map.h"

namespace quarry::internal {

struct RadosGroup {
  const SchemaElementDefinition* def = nullptr;
  std::string prefix;     // esc(group) 00: the group's omap key prefix.
  bool distinct = false;  // Keys carry the distinct suffix (aggregate: false).
  // The sweeper's counts since open (GroupStats).
  struct SweepCounters {
    std::atomic<uint64_t> deleted{0};  // Cells removed as invalid.
    std::atomic<uint64_t> errors{0};   // Cells kept because they could not be judged.
  };
  std::shared_ptr<SweepCounters> counters = std::make_shared<SweepCounters>();
};

// One tablet's cells to delete: omap key -> the value read.
using TabletCells = std::map<std::string, std::string>;

// A connected client: librados handle and the pool's IoCtx.
struct RadosClient {
  librados::Rados rados;
  librados::IoCtx io;
  ~RadosClient();
};

// Connects to the cluster of `props` and opens its pool.
Result<std::shared_ptr<RadosClient>> ConnectRados(const RadosProperties& props);

// RestoreRadosCheckpoint (rados_graph_checkpoint.cc).
Status RestoreCheckpoint(const std::string& dir, const StoreProperties& properties);

class RadosGraph final : public Graph {
 public:
  static Result<std::unique_ptr<Graph>> Create(std::shared_ptr<const Schema> schema,
                                               const StoreProperties& properties);
  // read_only: OpenRadosGraphReadOnly's contract (store-rados/rados_graph.h).
  static Result<std::unique_ptr<Graph>> Open(const StoreProperties& properties,
                                             std::shared_ptr<const Schema> schema, bool read_only);

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

  // For the scan and tests.
  const TabletMap& tablets() const { return tablets_; }
  const RadosGroup* group(std::string_view name) const;
  librados::IoCtx& io() const { return client_->io; }
  const std::shared_ptr<const ScanTemplate>& no_view_template() const { return no_view_template_; }

 private:
  RadosGraph(std::shared_ptr<RadosClient> client, RadosProperties rados, StoreProperties properties,
             std::shared_ptr<const Schema> schema, uint32_t tablets);
  // Builds package_ (for values of `value_format`), groups_ and the scan
  // template (rados_graph_open.cc).
  Status Assemble(std::string_view package_name, uint32_t value_format);
  // FailedPrecondition naming the graph and `method` if opened read-only.
  Status CheckWritable(std::string_view method) const;
  // Checks one element (AddElements' checks, as store-rocks makes them).
  Status CheckElement(size_t index, const Element& element, bool validate) const;
  // Encodes the elements into per-tablet batch entries (rados_graph_write.cc).
  struct TabletEntries;
  Status Encode(std::span<const Element> elements, const AddElementsOptions& options,
                AddElementsResult* result, std::vector<TabletEntries>* out);
  // Sends every tablet's batches: tablets in parallel, each tablet's in order.
  Status SendBatches(std::vector<TabletEntries>* tablets);
  // Every cell of `elements`, per tablet (rados_graph_delete.cc).
  Status CollectElementDeletes(std::span<const Element> elements,
                               std::vector<TabletCells>* by_tablet) const;
  // Removes the cells, behind a write-ahead record when more than one
  // tablet is touched.
  Status ApplyDeletes(const std::vector<TabletCells>& by_tablet);
  // Finishes, with guarded deletes, the deletes a client did not (at Open).
  Status FinishPendingDeletes();
  // Keys per group (rados_graph_metadata.cc), recounted when older than
  // kKeyCountsMaxAge or when this process wrote since.
  Result<std::map<std::string, uint64_t>> KeyCounts() const;
  void NoteWrite() { writes_epoch_.fetch_add(1); }
  // The sweeper over one group's cells in one tablet (rados_graph_admin.cc).
  Status SweepTablet(uint32_t tablet, const RadosGroup& group);

  std::shared_ptr<RadosClient> client_;
  RadosProperties rados_;
  StoreProperties properties_;
  std::shared_ptr<const Schema> schema_;
  std::shared_ptr<const KeyPackage> package_;
  std::shared_ptr<const ScanTemplate> no_view_template_;
  TabletMap tablets_;
  std::map<std::string, RadosGroup, std::less<>> groups_;
  std::unique_ptr<DistinctIds> ids_;
  // Writes (shared) wait for deletes and checkpoints (exclusive) of this
  // process; other processes are not held off.
  mutable std::shared_mutex write_mu_;
  // KeyCounts' cache.
  static constexpr std::chrono::seconds kKeyCountsMaxAge{60};
  std::atomic<uint64_t> writes_epoch_{0};
  mutable std::mutex counts_mu_;
  mutable std::map<std::string, uint64_t> key_counts_;
  mutable std::chrono::steady_clock::time_point counted_at_;
  mutable uint64_t counts_epoch_ = 0;
  mutable bool counts_valid_ = false;
  int64_t created_time_ms_ = 0;
  bool read_only_ = false;
};

}  // namespace quarry::internal
