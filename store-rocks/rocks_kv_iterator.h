// RocksKvIterator: the base of the scan stack, a KvIterator
// (iterators/kv_iterator.h) over one group's column family at one snapshot.
//
// Each Seek(range) reads through a RocksDB iterator with iterate_upper_bound
// set from the range's end, so RocksDB stops reading at the end of the range,
// and with prefix_same_as_start when the whole range lies under one row
// prefix (store-rocks/prefix_extractor.h), so prefix Bloom filters skip the
// files that hold nothing under its vertex; otherwise with total_order_seek.
// With a snapshot, a Seek to a range of the same kind as the last (prefix or
// not, bounded or not) reuses the last RocksDB iterator under the new bound;
// with a pool too (store-rocks/iterator_pool.h), the first Seek takes an
// iterator an earlier scan left at the same sequence number, and the
// destructor leaves its iterator there.
//
// Keys are returned exactly as stored: keys of non-aggregated groups end with
// their insert id (keypackages/key_format.h), so every column family yields
// strictly increasing keys, as the KvIterator contract requires, and range
// bounds compare whole stored keys.
//
// Thread safety: one thread at a time. REQUIRES: the DB, column family and
// snapshot outlive the iterator.
#pragma once

#include <rocksdb/db.h>

#include <memory>
#include <string>
#include <string_view>

#include "iterators/kv_iterator.h"
#include "store-rocks/hot_key_options.h"  // hotkeys (issue 18)
#include "store-rocks/iterator_pool.h"

namespace quarry {

struct RocksScanOptions {
  const rocksdb::Snapshot* snapshot = nullptr;  // Null: the latest state at each Seek.
  bool fill_cache = true;
  bool use_prefix_bloom = true;  // False: always total_order_seek.
  // Iterators kept between scans of the instance, or null. Used only with a
  // snapshot and fill_cache. REQUIRES: outlives the iterator.
  RocksIteratorPool* pool = nullptr;
  // Keeps `snapshot` alive; a pooled iterator holds it while it is kept.
  std::shared_ptr<const void> snapshot_owner;
};

class RocksKvIterator : public KvIterator {
 public:
  RocksKvIterator(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, RocksScanOptions options);
  // hotkeys (issue 18): a scan that met many merge operands or shadowed
  // memtable versions turns on write-time folding and asks for a flush
  // (store-rocks/hot_key_options.h).
  ~RocksKvIterator() override;

  // Ends the scan as the destructor would (the hot-key judgement; the RocksDB
  // iterator left in the pool if a later scan can use it) and lets go of the
  // snapshot, leaving an iterator that reads nothing until Rebind. For a
  // scan stack kept for the next query (store-rocks/internal/task_stack_cache.h).
  // REQUIRES: as the destructor (on the thread that last read, or after it).
  void FinishScan();
  // Reads `snapshot` (kept alive by `owner`) from the next Seek on.
  // REQUIRES: FinishScan was called since the last Seek.
  void Rebind(const rocksdb::Snapshot* snapshot, std::shared_ptr<const void> owner);

  void Seek(const KeyRange& range) override;
  bool Valid() const override { return valid_; }
  void Next() override;
  std::string_view key() const override { return key_; }
  std::string_view value() const override;
  Status status() const override { return status_; }

  // hotkeys (issue 18): a thread that reads this iterator ahead
  // (iterators/read_ahead_kv_iterator.h) brackets each stretch of reading
  // with these, on that thread, so that what it meets is judged too.
  void StartReaderWatch() { reader_watch_.Start(); }
  void FinishReaderWatch() { reader_watch_.Finish(db_, cf_, /*own_seeks=*/0); }

 private:
  // Positions on the first cell at or after the RocksDB iterator's position
  // that lies in range_ (skipping an exclusive start).
  void Settle();
  // A new RocksDB iterator for `range` with those read options.
  std::unique_ptr<PooledRocksIterator> Open(const KeyRange& range, bool prefix_seek);
  // Points it_->upper_slice (which it_->it reads at each seek) past range.end.
  void SetUpperBound(const KeyRange& range);
  bool Pooling() const;
  // Leaves it_ in the pool if a later scan could use it.
  void GiveBack();

  rocksdb::DB* db_;
  rocksdb::ColumnFamilyHandle* cf_;
  RocksScanOptions options_;
  std::unique_ptr<PooledRocksIterator> it_;  // Null before the first Seek.
  KeyRange range_;
  std::string_view key_;
  bool valid_ = false;
  Status status_;
  // hotkeys (issue 18): raised by the merge operator while this scan's
  // RocksDB call folds a hot key (NoteScanMerge); read at destruction.
  bool hot_key_met_ = false;
  HotKeyWatch hot_key_watch_;  // hotkeys (issue 18): from the first Seek.
  uint64_t own_seeks_ = 0;
  HotKeyWatch reader_watch_;
};

}  // namespace quarry
