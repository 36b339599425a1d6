// RocksIteratorPool: RocksDB iterators kept from one scan for the next scan
// that reads the same column family at the same sequence number.
//
// A one-seed GetElements reads each of its column families with one short
// range, so opening and closing a RocksDB iterator (building its merging
// iterator over the memtables and levels, then tearing it down) cost about a
// seventh of the query (bench/RESULTS.md, "Iterators kept across ranges and
// queries").
// An iterator reads one sequence number from fixed files, so while no write
// has moved the sequence number on, the next query's snapshot is the same
// state and the iterator can serve it under a new upper bound.
//
// What a kept iterator holds: its SuperVersion (memtables and files that a
// flush or compaction has since replaced) and its snapshot. So the
// pool is small, an entry is dropped as soon as a later snapshot shows it
// can never match again, and every entry is dropped when a flush or
// compaction of the instance completes (PoolClearingListener).
//
// Thread safety: Take, Give and Clear may be called from any thread at once.
// An iterator is used by one thread at a time: the one that took it.
#pragma once

#include <rocksdb/db.h>
#include <rocksdb/listener.h>
#include <rocksdb/snapshot.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace quarry {

// One RocksDB iterator with the storage its read options point at.
struct PooledRocksIterator {
  // Reads `upper_slice` as its iterate_upper_bound (when `bounded`) at every
  // seek: the slice's address must not change while `it` lives, so this
  // struct is only ever held by pointer.
  std::unique_ptr<rocksdb::Iterator> it;
  std::string upper;
  rocksdb::Slice upper_slice;
  bool prefix_seek = false;  // prefix_same_as_start, else total_order_seek.
  bool bounded = false;      // iterate_upper_bound set.
  rocksdb::ColumnFamilyHandle* cf = nullptr;
  rocksdb::SequenceNumber sequence = 0;  // Its snapshot's.
  // The pool's generation() just before the iterator was opened: an
  // iterator from before a flush or compaction reads the replaced memtables
  // and files, so Give drops it rather than serve later scans from them.
  uint64_t generation = 0;
  // Keeps that snapshot alive while the iterator is (its read options name it).
  std::shared_ptr<const void> snapshot_owner;
};

class RocksIteratorPool {
 public:
  // Idle iterators kept per instance; the oldest is dropped beyond this.
  static constexpr size_t kCapacity = 8;

  RocksIteratorPool() = default;
  RocksIteratorPool(const RocksIteratorPool&) = delete;
  RocksIteratorPool& operator=(const RocksIteratorPool&) = delete;

  // An idle iterator over `cf` at `sequence` with those read options, or
  // null. Drops the idle iterators older than `sequence`: snapshots only
  // move forward, so none of them could match again.
  std::unique_ptr<PooledRocksIterator> Take(rocksdb::ColumnFamilyHandle* cf,
                                            rocksdb::SequenceNumber sequence, bool prefix_seek,
                                            bool bounded);
  // Keeps `it` for a later Take, unless a Clear came after it was opened.
  // REQUIRES: it->it has no error status.
  void Give(std::unique_ptr<PooledRocksIterator> it);
  // Drops every idle iterator and, through the generation, every one in use
  // (a flush or compaction completed, or the instance is closing).
  void Clear();
  // A snapshot of `db` (this pool's instance) at its latest sequence number.
  // Reuses the one the last call returned while anything still holds it (a
  // query in flight, or a kept iterator's snapshot_owner) and no write has
  // moved the sequence number on; else takes a new one. Taking and releasing
  // a snapshot each lock the database's mutex, which cost one-seed queries
  // about 2% (bench/RESULTS.md, "Read passes, and a leaner one-seed
  // path"). Only a weak reference is kept, so the pool holds no snapshot
  // that nothing else holds.
  std::shared_ptr<rocksdb::ManagedSnapshot> LatestSnapshot(rocksdb::DB* db);
  // Advanced by each Clear.
  uint64_t generation() const { return generation_.load(std::memory_order_acquire); }
  size_t idle_for_testing();

 private:
  std::mutex mu_;
  std::vector<std::unique_ptr<PooledRocksIterator>> idle_;  // Oldest first.
  std::atomic<uint64_t> generation_{0};
  std::weak_ptr<rocksdb::ManagedSnapshot> last_snapshot_;  // Guarded by mu_.
};

// Clears `pool` whenever a flush or compaction of the database completes,
// so that no kept iterator holds replaced memtables or files for long.
std::shared_ptr<rocksdb::EventListener> NewPoolClearingListener(
    std::shared_ptr<RocksIteratorPool> pool);

}  // namespace quarry
