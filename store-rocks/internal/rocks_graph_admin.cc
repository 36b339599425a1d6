// RocksGraph: Compact, PreviewValidation, Stats, Checkpoint, split points.
#include <rocksdb/utilities/checkpoint.h>

#include <algorithm>
#include <filesystem>

#include "iterators/validate.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"
#include "store-rocks/rocks_kv_iterator.h"

namespace quarry::internal {
namespace {

uint64_t IntProperty(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, const std::string& name) {
  uint64_t v = 0;
  return db->GetIntProperty(cf, name, &v) ? v : 0;
}

// How many cells of `group` fail `def`'s validators (no IsA).
Result<uint64_t> CountInvalid(rocksdb::DB* db, const GroupState& group, const KeyPackage& package,
                              const SchemaElementDefinition& def,
                              const rocksdb::Snapshot* snapshot) {
  RocksScanOptions scan;
  scan.snapshot = snapshot;
  scan.with_distinct_suffix = group.distinct;
  scan.fill_cache = false;
  RocksKvIterator it(db, group.cf, scan);
  uint64_t invalid = 0;
  for (it.Seek(KeyRange::All()); it.Valid(); it.Next()) {
    QUARRY_ASSIGN_OR_RETURN(Element e, package.Decode(it.key(), it.value()));
    QUARRY_ASSIGN_OR_RETURN(bool valid, ValidateElement(def, e));
    if (!valid) ++invalid;
  }
  QUARRY_RETURN_IF_ERROR(it.status());
  return invalid;
}

}  // namespace

// Two passes per column family: the first folds merge operands into values
// (the compaction filter does not judge operands), the second lets the
// filter judge every merged value.
Status RocksGraph::Compact() {
  rocksdb::CompactRangeOptions options;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  for (const auto& [name, state] : groups_) {
    for (int pass = 0; pass < 2; ++pass) {
      QUARRY_RETURN_IF_ERROR(FromRocks(db_->db()->CompactRange(options, state.cf, nullptr, nullptr),
                                       "compacting group '" + name + "'"));
    }
  }
  return Status::OK();
}

Result<std::map<std::string, uint64_t>> RocksGraph::PreviewValidation(
    std::shared_ptr<const Schema> proposed) const {
  if (proposed == nullptr) return InvalidArgumentError("PreviewValidation needs a schema");
  rocksdb::ManagedSnapshot snapshot(db_->db());
  std::map<std::string, uint64_t> counts;
  for (const auto& [name, state] : groups_) {
    const SchemaElementDefinition* def = proposed->Group(name);
    if (def == nullptr || def->kind() != state.def->kind()) {
      return InvalidArgumentError("proposed schema lacks the " +
                                  std::string(state.def->is_entity() ? "entity" : "edge") +
                                  " group '" + name + "'");
    }
    counts[name] = 0;
    if (!HasValidators(*def)) continue;
    QUARRY_ASSIGN_OR_RETURN(counts[name],
                            CountInvalid(db_->db(), state, *package_, *def, snapshot.snapshot()));
  }
  return counts;
}

Result<GraphStats> RocksGraph::Stats() const {
  GraphStats stats;
  stats.key_package = std::string(package_->Name());
  stats.path = dir_;
  {
    std::lock_guard<std::mutex> lock(split_mu_);
    stats.split_points = split_points_;
  }
  for (const auto& [name, state] : groups_) {
    GroupStats& g = stats.groups[name];
    g.estimated_keys = IntProperty(db_->db(), state.cf, "rocksdb.estimate-num-keys");
    g.live_bytes = IntProperty(db_->db(), state.cf, "rocksdb.estimate-live-data-size") +
                   IntProperty(db_->db(), state.cf, "rocksdb.cur-size-all-mem-tables");
    g.deleted_by_validation = state.counters->deleted.load(std::memory_order_relaxed);
    g.validation_errors = state.counters->errors.load(std::memory_order_relaxed);
    if (state.merge_operator) g.merge_failures = state.merge_operator->failures();
  }
  return stats;
}

Status RocksGraph::Checkpoint(const std::string& dir) const {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec))
    return AlreadyExistsError("checkpoint target exists: " + dir);
  rocksdb::Checkpoint* raw = nullptr;
  QUARRY_RETURN_IF_ERROR(FromRocks(rocksdb::Checkpoint::Create(db_->db(), &raw), "checkpoint"));
  std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw);
  return FromRocks(checkpoint->CreateCheckpoint(dir), "creating checkpoint " + dir);
}

Status RocksGraph::SetSplitPoints(std::vector<std::string> split_points) {
  std::sort(split_points.begin(), split_points.end());
  split_points.erase(std::unique(split_points.begin(), split_points.end()), split_points.end());
  if (!split_points.empty() && split_points.front().empty()) {
    return InvalidArgumentError("split points: the empty key cannot be a split point");
  }
  std::lock_guard<std::mutex> lock(split_mu_);
  QUARRY_RETURN_IF_ERROR(db_->PutMeta(kMetaSplitPoints, EncodeSplitPoints(split_points)));
  split_points_ = std::move(split_points);
  return Status::OK();
}

Result<std::vector<std::string>> RocksGraph::SplitPointsFromSample(std::span<const Element> sample,
                                                                   int shards) const {
  if (shards < 1) return InvalidArgumentError("shards must be at least 1");
  std::vector<std::string> keys;
  std::vector<KeyValue> kvs;
  for (size_t i = 0; i < sample.size(); ++i) {
    kvs.clear();
    Status s = package_->Encode(sample[i], 0, &kvs);
    if (!s.ok())
      return InvalidArgumentError("sample element " + std::to_string(i) + ": " + s.message());
    for (KeyValue& kv : kvs) keys.push_back(std::move(kv.key));
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::string> points;
  for (int i = 1; i < shards && !keys.empty(); ++i) {
    const std::string& k = keys[keys.size() * i / shards];
    if (points.empty() || points.back() != k) points.push_back(k);
  }
  return points;
}

// Removes the split points strictly between `start` and `end` (an empty end
// is unbounded), making the shards between them one.
Status RocksGraph::MergeShards(const std::string& start, const std::string& end) {
  std::lock_guard<std::mutex> lock(split_mu_);
  std::vector<std::string> kept;
  for (const std::string& p : split_points_) {
    bool inside = p > start && (end.empty() || p < end);
    if (!inside) kept.push_back(p);
  }
  QUARRY_RETURN_IF_ERROR(db_->PutMeta(kMetaSplitPoints, EncodeSplitPoints(kept)));
  split_points_ = std::move(kept);
  return Status::OK();
}

}  // namespace quarry::internal
