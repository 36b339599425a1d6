#include "store-rocks/hot_key_options.h"

#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace quarry {

Result<int> ParseMaxSuccessiveMerges(std::string_view value) {
  if (value == kAdaptiveValue) return kAdaptiveMaxSuccessiveMerges;
  int n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < 0 ||
      n > 1'000'000) {
    return InvalidArgumentError(std::string(kMaxSuccessiveMergesKey) +
                                ": expected an integer in [0, 1000000] or 'adaptive', got '" +
                                std::string(value) + "'");
  }
  return n;
}

namespace {

// Set once any graph asks for HotKeyWatch: until then a scan starts no watch
// (PerfContext counting costs every read; bench/RESULTS.md, "Hot keys").
std::atomic<bool> any_adaptive_graph{false};

struct Registry {
  std::mutex mu;
  std::map<const rocksdb::DB*, int> adaptive_bound;
  // DBs whose scans judge themselves by HotKeyWatch (the property "adaptive").
  std::set<const rocksdb::DB*> watching;
  // Per (DB, column family id): when a hot scan last acted, and whether
  // folding was turned on.
  std::map<std::pair<const rocksdb::DB*, uint32_t>, std::chrono::steady_clock::time_point>
      last_action;
  std::set<std::pair<const rocksdb::DB*, uint32_t>> folding_on;
};

Registry& TheRegistry() {
  static Registry* registry = new Registry();  // Never destroyed: used at exit.
  return *registry;
}

// The property's parsed value; nullopt when absent or invalid.
std::optional<int> ExplicitBound(const StoreProperties& p) {
  auto it = p.raw.find(std::string(kMaxSuccessiveMergesKey));
  if (it == p.raw.end()) return std::nullopt;
  Result<int> n = ParseMaxSuccessiveMerges(it->second);
  if (!n.ok()) return std::nullopt;
  return *n;
}

// True if `cf`'s live SST data and memtables are estimated under
// kSmallHotColumnFamilyBytes.
bool HoldsLittleData(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf) {
  uint64_t live = 0, memtables = 0;
  if (!db->GetIntProperty(cf, rocksdb::DB::Properties::kEstimateLiveDataSize, &live) ||
      !db->GetIntProperty(cf, rocksdb::DB::Properties::kCurSizeAllMemTables, &memtables)) {
    return false;
  }
  return live + memtables < kSmallHotColumnFamilyBytes;
}

void ShrinkMemtables(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf) {
  // The arena block must shrink with the memtable (one in one call): a new
  // memtable whose first block is larger than the memtable itself is full
  // at once, which Debian's RocksDB asserts against.
  db->SetOptions(cf,
                 {{"arena_block_size", std::to_string(kHotWriteBufferBytes / 8)},
                  {"write_buffer_size", std::to_string(kHotWriteBufferBytes)},
                  {"level0_file_num_compaction_trigger", std::to_string(kHotL0CompactionTrigger)}})
      .PermitUncheckedError();
}

}  // namespace

int MaxSuccessiveMerges(const StoreProperties& p) {
  return std::max(ExplicitBound(p).value_or(0), 0);
}

int AdaptiveMaxSuccessiveMerges(const StoreProperties& p) {
  const std::optional<int> bound = ExplicitBound(p);
  return !bound.has_value() || *bound == kAdaptiveMaxSuccessiveMerges ? kDefaultMaxSuccessiveMerges
                                                                      : 0;
}

bool WatchesShadowedVersions(const StoreProperties& p) {
  return ExplicitBound(p) == kAdaptiveMaxSuccessiveMerges;
}

thread_local bool* t_scan_hot_key_flag = nullptr;

void RegisterAdaptiveFolding(const rocksdb::DB* db, int bound, bool watch_versions) {
  if (bound > 0 && watch_versions) any_adaptive_graph.store(true, std::memory_order_relaxed);
  Registry& r = TheRegistry();
  std::lock_guard lock(r.mu);
  r.adaptive_bound[db] = bound;
  if (bound > 0 && watch_versions) {
    r.watching.insert(db);
  } else {
    r.watching.erase(db);
  }
  // A DB at a reused address starts afresh.
  std::erase_if(r.folding_on, [db](const auto& key) { return key.first == db; });
  std::erase_if(r.last_action, [db](const auto& entry) { return entry.first.first == db; });
}

bool AdaptsToHotKeys(const rocksdb::DB* db) {
  Registry& r = TheRegistry();
  std::lock_guard lock(r.mu);
  auto it = r.adaptive_bound.find(db);
  return it != r.adaptive_bound.end() && it->second > 0;
}

void HotKeyWatch::Start() {
  if (!any_adaptive_graph.load(std::memory_order_relaxed)) return;
  if (rocksdb::GetPerfLevel() < rocksdb::PerfLevel::kEnableCount) {
    rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  }
  const rocksdb::PerfContext* perf = rocksdb::get_perf_context();
  memtable_seeks_at_start_ = perf->seek_on_memtable_count;
  merge_operands_at_start_ = perf->internal_merge_count;
  started_ = true;
}

void HotKeyWatch::Finish(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, uint64_t own_seeks) {
  if (!started_) return;
  started_ = false;
  const rocksdb::PerfContext* perf = rocksdb::get_perf_context();
  // Fewer than at Start: the counters were reset (or the scan moved
  // threads); nothing to judge.
  if (perf->seek_on_memtable_count < memtable_seeks_at_start_ ||
      perf->internal_merge_count < merge_operands_at_start_) {
    return;
  }
  const uint64_t seeks = perf->seek_on_memtable_count - memtable_seeks_at_start_;
  const uint64_t operands = perf->internal_merge_count - merge_operands_at_start_;
  if (seeks < 2 * own_seeks + kHotReseeks && operands < kHotOperands) return;
  {
    // Another graph in the process turned watching on; this one did not ask.
    Registry& r = TheRegistry();
    std::lock_guard lock(r.mu);
    if (r.watching.count(db) == 0) return;
  }
  OnHotScan(db, cf);
}

bool OnHotScan(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf) {
  Registry& r = TheRegistry();
  const auto key = std::make_pair(static_cast<const rocksdb::DB*>(db), cf->GetID());
  const auto now = std::chrono::steady_clock::now();
  int turn_on = 0;
  {
    std::lock_guard lock(r.mu);
    auto [it, inserted] = r.last_action.try_emplace(key, now);
    if (!inserted) {
      if (now - it->second < std::chrono::seconds(1)) return false;
      it->second = now;
    }
    auto bound = r.adaptive_bound.find(db);
    if (bound != r.adaptive_bound.end() && bound->second > 0 && r.folding_on.insert(key).second) {
      turn_on = bound->second;
    }
  }
  // Failures (e.g. the DB is closing) only leave reads slower.
  if (turn_on > 0) {
    db->SetOptions(cf, {{"max_successive_merges", std::to_string(turn_on)}}).PermitUncheckedError();
    if (HoldsLittleData(db, cf)) ShrinkMemtables(db, cf);
  }
  rocksdb::FlushOptions options;
  options.wait = false;
  options.allow_write_stall = true;
  db->Flush(options, cf).PermitUncheckedError();
  return true;
}

}  // namespace quarry
