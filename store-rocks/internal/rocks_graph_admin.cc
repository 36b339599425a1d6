// RocksGraph: Compact, PreviewValidation and Stats, over every instance.
#include <rocksdb/table_properties.h>

#include "iterators/validate.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"
#include "store-rocks/rocks_kv_iterator.h"
#include "store-rocks/rocks_store.h"

namespace quarry::internal {
namespace {

uint64_t IntProperty(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, const std::string& name) {
  uint64_t v = 0;
  return db->GetIntProperty(cf, name, &v) ? v : 0;
}

// How many cells of `group` fail `def`'s validators (no IsA).
Result<uint64_t> CountInvalid(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf,
                              const GroupState& group, const KeyPackage& package,
                              const SchemaElementDefinition& def,
                              const rocksdb::Snapshot* snapshot) {
  RocksScanOptions scan;
  scan.snapshot = snapshot;
  scan.fill_cache = false;
  RocksKvIterator it(db, cf, scan);
  uint64_t invalid = 0;
  for (it.Seek(KeyRange::All()); it.Valid(); it.Next()) {
    QUARRY_ASSIGN_OR_RETURN(Element e, package.Decode(it.key(), it.value()));
    QUARRY_ASSIGN_OR_RETURN(bool valid, ValidateElement(def, e));
    if (!valid) ++invalid;
  }
  QUARRY_RETURN_IF_ERROR(it.status());
  return invalid;
}

// Whether any table of `cf` holds merge operands. REQUIRES: memtables
// flushed.
Result<bool> HasMergeOperands(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf) {
  rocksdb::TablePropertiesCollection tables;
  QUARRY_RETURN_IF_ERROR(
      FromRocks(db->GetPropertiesOfAllTables(cf, &tables), "reading table properties"));
  for (const auto& [file, props] : tables) {
    if (props != nullptr && props->num_merge_operands > 0) return true;
  }
  return false;
}

}  // namespace

// One pass per column family, or two where a validation filter runs and
// merge operands are stored: the filter does not judge operands (nor the
// value a compaction merges them into), so the first pass folds them and
// the second judges the merged values.
Status RocksGraph::Compact() {
  rocksdb::CompactRangeOptions options;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  const bool filtering = properties_.validator_enabled;
  for (const auto& db : dbs_) {
    for (const auto& [name, state] : groups_) {
      rocksdb::ColumnFamilyHandle* cf = db->Group(name);
      const std::string what = "compacting group '" + name + "' in " + db->path();
      int passes = 1;
      if (filtering && state.merge_operator != nullptr && HasValidators(*state.def)) {
        QUARRY_RETURN_IF_ERROR(FromRocks(db->db()->Flush(rocksdb::FlushOptions(), cf), what));
        QUARRY_ASSIGN_OR_RETURN(bool operands, HasMergeOperands(db->db(), cf));
        if (operands) passes = 2;
      }
      for (int pass = 0; pass < passes; ++pass) {
        QUARRY_RETURN_IF_ERROR(
            FromRocks(db->db()->CompactRange(options, cf, nullptr, nullptr), what));
      }
    }
  }
  return Status::OK();
}

Result<std::map<std::string, uint64_t>> RocksGraph::PreviewValidation(
    std::shared_ptr<const Schema> proposed) const {
  if (proposed == nullptr) return InvalidArgumentError("PreviewValidation needs a schema");
  std::shared_lock<std::shared_mutex> lock(shard_mu_);  // No keys moving meanwhile.
  std::vector<std::unique_ptr<rocksdb::ManagedSnapshot>> snapshots;
  for (const auto& db : dbs_)
    snapshots.push_back(std::make_unique<rocksdb::ManagedSnapshot>(db->db()));
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
    for (size_t i = 0; i < dbs_.size(); ++i) {
      QUARRY_ASSIGN_OR_RETURN(uint64_t n, CountInvalid(dbs_[i]->db(), state.cfs[i], state,
                                                       *package_, *def, snapshots[i]->snapshot()));
      counts[name] += n;
    }
  }
  return counts;
}

Result<GraphStats> RocksGraph::Stats() const {
  GraphStats stats;
  stats.key_package = std::string(package_->Name());
  stats.path = dir_;
  stats.store = std::string(kRocksStoreName);
  // Every setting with its effective value: the rendering stored at open.
  QUARRY_ASSIGN_OR_RETURN(StoreProperties effective,
                          StoreProperties::Parse(properties_.ToPropertiesText(), "settings"));
  stats.settings = std::move(effective.raw);
  {
    std::shared_lock<std::shared_mutex> lock(shard_mu_);
    stats.split_points = split_points_;
  }
  for (const auto& [name, state] : groups_) {
    GroupStats& g = stats.groups[name];
    for (size_t i = 0; i < dbs_.size(); ++i) {
      rocksdb::DB* db = dbs_[i]->db();
      g.estimated_keys += IntProperty(db, state.cfs[i], "rocksdb.estimate-num-keys");
      g.live_bytes += IntProperty(db, state.cfs[i], "rocksdb.estimate-live-data-size") +
                      IntProperty(db, state.cfs[i], "rocksdb.cur-size-all-mem-tables");
    }
    g.deleted_by_validation = state.counters->deleted.load(std::memory_order_relaxed);
    g.validation_errors = state.counters->errors.load(std::memory_order_relaxed);
    if (state.merge_operator) g.merge_failures = state.merge_operator->failures();
  }
  return stats;
}

}  // namespace quarry::internal
