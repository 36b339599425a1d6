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
// Store property (store.properties): quarry.max.successive.merges, an integer
// in [0, 1000000]; 0 turns write-time folding off. Kept in
// StoreProperties::raw (StoreProperties::Parse validates it with
// ParseMaxSuccessiveMerges; ToPropertiesText keeps it).
//
// The memtable keeps every version of a key until it is flushed, folded or
// not: a scan that meets a key with more than a few shadowed versions makes
// RocksDB reseek past them (one skiplist seek per key, tens of microseconds
// in a large memtable). ReseekWatch bounds that cost: a scan that made RocksDB
// reseek many times asks for a flush of its column family (at most one
// request per column family per second), after which hot keys are one folded
// value in a small L0 file.
//
// Thread safety: stateless functions; a ReseekWatch is used by one thread at
// a time (it reads this thread's rocksdb::PerfContext); flush requests from
// many threads are serialised by a process-wide mutex.
#pragma once

#include <rocksdb/db.h>

#include <cstdint>
#include <string_view>

#include "graph-core/status.h"
#include "store-rocks/store_properties.h"

namespace quarry {

inline constexpr std::string_view kMaxSuccessiveMergesKey = "quarry.max.successive.merges";
// Measured in bench/RESULTS.md ("Hot keys").
inline constexpr int kDefaultMaxSuccessiveMerges = 16;

// The property's value; InvalidArgument naming the key and the bad value.
Result<int> ParseMaxSuccessiveMerges(std::string_view value);

// The bound `p` sets: its quarry.max.successive.merges, or the default when
// absent or (for properties not made by Parse) not a valid value.
int MaxSuccessiveMerges(const StoreProperties& p);

// Reseeks past shadowed memtable versions, beyond the scan's own seeks, at
// which a scan asks for a flush.
inline constexpr uint64_t kReseeksToFlush = 64;

// Counts the memtable seeks RocksDB makes on this thread between Start and
// Finish (rocksdb::PerfContext::seek_on_memtable_count; Start turns
// PerfContext counting on for the thread if it is off, and leaves it on).
class ReseekWatch {
 public:
  void Start();
  // `own_seeks`: the Seek calls the scan made itself. If RocksDB made at
  // least kReseeksToFlush more memtable seeks (counting two memtables per own
  // seek), requests a non-blocking flush of `cf` unless one was requested for
  // it in the last second. REQUIRES: Start was called on this thread.
  void Finish(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, uint64_t own_seeks);
  bool started() const { return started_; }

 private:
  bool started_ = false;
  uint64_t memtable_seeks_at_start_ = 0;
};

// Requests a non-blocking flush of `cf` unless one was requested in the last
// second; true if requested. Exposed for tests.
bool RequestHotMemtableFlush(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf);

}  // namespace quarry
