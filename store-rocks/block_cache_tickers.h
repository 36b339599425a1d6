// BlockCacheTickers: the rocksdb::Statistics of each RocksDB instance of a graph, for
// the metrics' block cache hit rate (store-rocks/engine_stats.h) and nothing
// else.
//
// Why not rocksdb::CreateDBStatistics(): RocksDB records a dozen tickers for
// every seek (block cache hits by kind and bytes, filter checks, the
// iterator's counts at destruction), each a per-core slot found with
// sched_getcpu and a locked add. A profile of one-seed GetElements put that
// at 3% of the query's time (bench/RESULTS.md, "Iterators kept across
// ranges and queries"), all of it for counters nothing reads. Here a ticker the metrics do
// not show costs one compare in a virtual call, and the two they do show one
// relaxed add on a slot of the calling thread's own.
//
// Thread safety: every method may be called from any thread at once, as
// RocksDB does. Counts are exact once the recording threads are quiet;
// while they run, a read may miss adds in flight.
#pragma once

#include <rocksdb/statistics.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace quarry {

class BlockCacheTickers final : public rocksdb::Statistics {
 public:
  BlockCacheTickers();

  // True for the tickers this object counts: BLOCK_CACHE_HIT, BLOCK_CACHE_MISS.
  static bool Counts(uint32_t ticker);

  const char* Name() const override { return "quarry.BlockCacheTickers"; }
  uint64_t getTickerCount(uint32_t ticker) const override;
  void recordTick(uint32_t ticker, uint64_t count) override;
  void setTickerCount(uint32_t ticker, uint64_t count) override;
  uint64_t getAndResetTickerCount(uint32_t ticker) override;
  // No histograms: RocksDB then skips the clock reads that feed them.
  void histogramData(uint32_t type, rocksdb::HistogramData* data) const override;
  bool HistEnabledForType(uint32_t /*type*/) const override { return false; }
  void recordInHistogram(uint32_t /*type*/, uint64_t /*time*/) override {}
  rocksdb::Status Reset() override;
  std::string ToString() const override;
  bool getTickerMap(std::map<std::string, uint64_t>* map) const override;

 private:
  static constexpr size_t kSlots = 16;  // Threads hash onto these.
  struct alignas(64) Slot {
    std::atomic<uint64_t> hits{0};
    std::atomic<uint64_t> misses{0};
  };
  static size_t SlotOfThisThread();
  std::atomic<uint64_t>& Counter(Slot& slot, uint32_t ticker) const;
  uint64_t Sum(uint32_t ticker) const;
  void Zero(uint32_t ticker);

  mutable std::array<Slot, kSlots> slots_;
};

}  // namespace quarry
