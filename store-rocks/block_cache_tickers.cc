#include "store-rocks/block_cache_tickers.h"

#include <functional>
#include <map>
#include <thread>

namespace quarry {

BlockCacheTickers::BlockCacheTickers() {
  // Tickers only: below this level RocksDB reads no clock for timers.
  set_stats_level(rocksdb::StatsLevel::kExceptHistogramOrTimers);
}

bool BlockCacheTickers::Counts(uint32_t ticker) {
  return ticker == rocksdb::BLOCK_CACHE_HIT || ticker == rocksdb::BLOCK_CACHE_MISS;
}

size_t BlockCacheTickers::SlotOfThisThread() {
  thread_local const size_t slot =
      std::hash<std::thread::id>()(std::this_thread::get_id()) % kSlots;
  return slot;
}

std::atomic<uint64_t>& BlockCacheTickers::Counter(Slot& slot, uint32_t ticker) const {
  return ticker == rocksdb::BLOCK_CACHE_HIT ? slot.hits : slot.misses;
}

uint64_t BlockCacheTickers::Sum(uint32_t ticker) const {
  uint64_t sum = 0;
  for (Slot& slot : slots_) sum += Counter(slot, ticker).load(std::memory_order_relaxed);
  return sum;
}

void BlockCacheTickers::Zero(uint32_t ticker) {
  for (Slot& slot : slots_) Counter(slot, ticker).store(0, std::memory_order_relaxed);
}

void BlockCacheTickers::recordTick(uint32_t ticker, uint64_t count) {
  if (!Counts(ticker)) return;
  Counter(slots_[SlotOfThisThread()], ticker).fetch_add(count, std::memory_order_relaxed);
}

uint64_t BlockCacheTickers::getTickerCount(uint32_t ticker) const {
  return Counts(ticker) ? Sum(ticker) : 0;
}

void BlockCacheTickers::setTickerCount(uint32_t ticker, uint64_t count) {
  if (!Counts(ticker)) return;
  Zero(ticker);
  Counter(slots_[0], ticker).store(count, std::memory_order_relaxed);
}

uint64_t BlockCacheTickers::getAndResetTickerCount(uint32_t ticker) {
  if (!Counts(ticker)) return 0;
  uint64_t sum = 0;
  for (Slot& slot : slots_) sum += Counter(slot, ticker).exchange(0, std::memory_order_relaxed);
  return sum;
}

void BlockCacheTickers::histogramData(uint32_t /*type*/, rocksdb::HistogramData* data) const {
  *data = rocksdb::HistogramData();
}

rocksdb::Status BlockCacheTickers::Reset() {
  Zero(rocksdb::BLOCK_CACHE_HIT);
  Zero(rocksdb::BLOCK_CACHE_MISS);
  return rocksdb::Status::OK();
}

bool BlockCacheTickers::getTickerMap(std::map<std::string, uint64_t>* map) const {
  for (const auto& [ticker, name] : rocksdb::TickersNameMap) {
    if (Counts(ticker)) (*map)[name] = Sum(ticker);
  }
  return true;
}

std::string BlockCacheTickers::ToString() const {
  return "rocksdb.block.cache.hit COUNT : " + std::to_string(Sum(rocksdb::BLOCK_CACHE_HIT)) +
         "\nrocksdb.block.cache.miss COUNT : " + std::to_string(Sum(rocksdb::BLOCK_CACHE_MISS)) +
         "\n";
}

}  // namespace quarry
