#include "store-rocks/hot_key_options.h"

#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>

#include <chrono>
#include <charconv>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace quarry {

Result<int> ParseMaxSuccessiveMerges(std::string_view value) {
  int n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < 0 ||
      n > 1'000'000) {
    return InvalidArgumentError(std::string(kMaxSuccessiveMergesKey) +
                                ": expected an integer in [0, 1000000], got '" +
                                std::string(value) + "'");
  }
  return n;
}

int MaxSuccessiveMerges(const StoreProperties& p) {
  auto it = p.raw.find(std::string(kMaxSuccessiveMergesKey));
  if (it == p.raw.end()) return kDefaultMaxSuccessiveMerges;
  Result<int> n = ParseMaxSuccessiveMerges(it->second);
  return n.ok() ? *n : kDefaultMaxSuccessiveMerges;
}

void ReseekWatch::Start() {
  if (rocksdb::GetPerfLevel() < rocksdb::PerfLevel::kEnableCount) {
    rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  }
  memtable_seeks_at_start_ = rocksdb::get_perf_context()->seek_on_memtable_count;
  started_ = true;
}

void ReseekWatch::Finish(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, uint64_t own_seeks) {
  if (!started_) return;
  started_ = false;
  const uint64_t now = rocksdb::get_perf_context()->seek_on_memtable_count;
  // Fewer than at Start: the counters were reset (or the scan moved
  // threads); nothing to judge.
  if (now < memtable_seeks_at_start_) return;
  const uint64_t seeks = now - memtable_seeks_at_start_;
  if (seeks >= 2 * own_seeks + kReseeksToFlush) RequestHotMemtableFlush(db, cf);
}

bool RequestHotMemtableFlush(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf) {
  // Last request per (DB, column family id), process-wide: a reopened DB at
  // a reused address waits at most one interval.
  static std::mutex mu;
  static std::map<std::pair<const rocksdb::DB*, uint32_t>, std::chrono::steady_clock::time_point>
      last_request;
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mu);
    auto [it, inserted] = last_request.try_emplace({db, cf->GetID()}, now);
    if (!inserted) {
      if (now - it->second < std::chrono::seconds(1)) return false;
      it->second = now;
    }
  }
  rocksdb::FlushOptions options;
  options.wait = false;
  options.allow_write_stall = true;
  // A failed request (e.g. the DB is closing) only leaves reads slower.
  return db->Flush(options, cf).ok();
}

}  // namespace quarry
