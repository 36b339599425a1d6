// Hot keys (issue 18): how many merge operands a read may meet per key in a
// memtable. Aggregating ingest turns every write of an element into one
// RocksDB merge operand on its key; a key written thousands of times between
// flushes would make every read of it fold thousands of operands. With
// RocksDB's max_successive_merges = N, a write that finds N operands of its
// key at the head of the memtable reads the key (a Get: memtable operands
// folded onto the stored value), applies itself with a full merge and stores
// the result as a whole value, so a read meets at most N memtable operands
// of a key, and the compaction filter sees whole values of hot keys
// (validation, age-off). Flush folds what remains (PartialMergeMulti). The
// write pays one Get and one full merge per N merges of a key
// (bench/RESULTS.md, "Hot keys", measures and chooses N).
//
// Folding at write time costs every merge a memtable seek (RocksDB counts
// the key's operands first), which slows plain aggregating ingest by tens of
// percent (bench/RESULTS.md, "Hot keys"). So it is adaptive: a column family
// starts without it, and the first scan that shows a hot key turns it on for
// that column family (SetOptions, until the graph is closed) with the
// default bound. Two signals show a hot key:
//   * always: the merge operator folding one key from at least
//     kHotKeyOperands operands inside a scan's RocksDB call (the scan points
//     t_scan_hot_key_flag at its own flag around each call; NoteScanMerge).
//     It costs a scan two thread-local stores per cell;
//   * with the property "adaptive" only: a HotKeyWatch, which also counts
//     reseeks past shadowed memtable versions. Watching costs reads
//     (PerfContext counting slowed 1-hop reads by 20-40% in the quick bench),
//     so no scan watches until a graph asks for it.
//
// Store property (store.properties): quarry.max.successive.merges, an integer
// in [0, 1000000] or "adaptive". Absent: adaptive on the operand signal alone,
// bound kDefaultMaxSuccessiveMerges, so that a graph with default properties
// does not read slower with every write a hot key absorbs. 0: never folding.
// N > 0: folding on from open with bound N. "adaptive": both signals, bound
// kDefaultMaxSuccessiveMerges. Kept in StoreProperties::raw
// (RocksProperties::From validates it with ParseMaxSuccessiveMerges;
// ToPropertiesText keeps it).
//
// The memtable also keeps every version of a key until it is flushed, folded
// or not: a scan that meets a key with more than a few shadowed versions
// makes RocksDB reseek past them (one seek of the memtable and of every SST
// file and level per key). So a hot scan also asks for a flush of its
// column family (at most one request per column family per second), after
// which hot keys are one value in a small L0 file. And when folding turns on
// for a column family that holds little data (kSmallHotColumnFamilyBytes),
// its memtables shrink to kHotWriteBufferBytes and two L0 files trigger a
// compaction: a memtable then holds a few versions of each hot key at most
// before it is flushed, and a read meets few files. Under 4 writers on 200
// hot edges this halved a loaded full read's CPU and raised the write rate
// by half (bench/RESULTS.md, "Hot keys", session 15). A large column family
// keeps its memtables: flushing it every 256 KiB would multiply its
// compaction work.
//
// Thread safety: stateless functions; a HotKeyWatch is used by one thread at
// a time (it reads this thread's rocksdb::PerfContext); the process-wide
// registry of bounds and flush requests is mutex-guarded.
#pragma once

#include <rocksdb/db.h>

#include <cstdint>
#include <string_view>

#include "graph-core/status.h"
#include "store/store_properties.h"

namespace quarry {

inline constexpr std::string_view kMaxSuccessiveMergesKey = "quarry.max.successive.merges";
// Measured in bench/RESULTS.md ("Hot keys").
inline constexpr int kDefaultMaxSuccessiveMerges = 4;
inline constexpr std::string_view kAdaptiveValue = "adaptive";
// What ParseMaxSuccessiveMerges returns for kAdaptiveValue.
inline constexpr int kAdaptiveMaxSuccessiveMerges = -1;

// The property's value; InvalidArgument naming the key and the bad value.
Result<int> ParseMaxSuccessiveMerges(std::string_view value);

// The bound folding starts with at open: the explicit value, else 0 (off
// until a hot scan; an invalid value, possible only for properties not made
// by Parse, counts as absent).
int MaxSuccessiveMerges(const StoreProperties& p);
// The bound a hot scan turns on: kDefaultMaxSuccessiveMerges when the
// property is absent or "adaptive", else 0 (an explicit number is never
// changed).
int AdaptiveMaxSuccessiveMerges(const StoreProperties& p);
// True if scans of the graph run a HotKeyWatch: the property is "adaptive".
bool WatchesShadowedVersions(const StoreProperties& p);
// Records `db`'s adaptive bound and whether its scans watch
// (RocksInstance::Open calls it; a DB never registered has neither).
void RegisterAdaptiveFolding(const rocksdb::DB* db, int bound, bool watch_versions);

// True if `db` was registered with an adaptive bound above 0 (the
// property absent or "adaptive"): a scan that met a hot key acts on it.
bool AdaptsToHotKeys(const rocksdb::DB* db);

// A read that folds one key from at least this many merge operands shows a
// hot key (the signal every graph has; see above). A key read between
// flushes after fewer writes is left alone.
inline constexpr size_t kHotKeyOperands = 16;

// The flag of the scan whose RocksDB call is running on this thread, or
// null. Set and cleared around each call by the scan (RocksKvIterator).
extern thread_local bool* t_scan_hot_key_flag;

// For the merge operator, which RocksDB runs inside a scan's call (and in
// flushes and compactions, where no flag is set): a fold of `operands`.
inline void NoteScanMerge(size_t operands) {
  if (operands >= kHotKeyOperands && t_scan_hot_key_flag != nullptr) *t_scan_hot_key_flag = true;
}

// A scan is hot when RocksDB, beyond the scan's own seeks, reseeked past
// shadowed memtable versions this many times, or fed the merge operator
// this many operands.
inline constexpr uint64_t kHotReseeks = 64;
inline constexpr uint64_t kHotOperands = 256;

// A hot column family's memtable size and L0 compaction trigger, when its
// live data and memtables are under kSmallHotColumnFamilyBytes (above).
inline constexpr uint64_t kHotWriteBufferBytes = 256 << 10;
inline constexpr int kHotL0CompactionTrigger = 2;
inline constexpr uint64_t kSmallHotColumnFamilyBytes = 64ull << 20;

// Counts the memtable seeks and merge operands RocksDB handles on this
// thread between Start and Finish (rocksdb::PerfContext; Start turns
// PerfContext counting on for the thread if it is off, and leaves it on).
class HotKeyWatch {
 public:
  void Start();
  // `own_seeks`: the Seek calls the scan made itself (two memtables counted
  // per own seek). If the scan was hot, calls OnHotScan(db, cf).
  // REQUIRES: Start was called on this thread.
  void Finish(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, uint64_t own_seeks);
  bool started() const { return started_; }

 private:
  bool started_ = false;
  uint64_t memtable_seeks_at_start_ = 0;
  uint64_t merge_operands_at_start_ = 0;
};

// A hot scan of `cf`: unless done for it in the last second, turns on
// folding at write time with `db`'s adaptive bound (once) and requests a
// non-blocking flush. True if it acted. Exposed for tests.
bool OnHotScan(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf);

}  // namespace quarry
