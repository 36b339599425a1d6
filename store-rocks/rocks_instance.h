// RocksInstance: one RocksDB database holding a graph's data (or, with
// several data directories, a share of its shards).
//
// Layout: the "default" column family holds metadata (schema JSON,
// key-package name, format version, split points); each schema group lives
// in its own column family "g:<group>" (Accumulo's locality groups), so a
// query for one group reads no other group's files.
//
// Per-group plug-ins (merge operator, compaction filter, prefix extractor)
// are supplied by the caller, keeping this file free of aggregation logic.
//
// Thread safety: after Open, all methods are safe to call concurrently
// (RocksDB's own guarantees); the object must outlive every iterator and
// snapshot taken from db().
#pragma once

#include <rocksdb/compaction_filter.h>
#include <rocksdb/db.h>
#include <rocksdb/merge_operator.h>
#include <rocksdb/slice_transform.h>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"
#include "store-rocks/iterator_pool.h"
#include "store-rocks/rocks_properties.h"

namespace quarry {

struct GroupPlugins {
  std::shared_ptr<rocksdb::MergeOperator> merge_operator;  // Null: no merges (aggregate false).
  std::shared_ptr<rocksdb::CompactionFilterFactory> compaction_filter_factory;  // May be null.
  std::shared_ptr<const rocksdb::SliceTransform> prefix_extractor;              // May be null.
};

// Corruption is reported, not skipped (issue 15): paranoid checks on open,
// and a WAL record that fails its checksum fails the open (naming the WAL)
// instead of RocksDB's default point-in-time recovery, which would drop it
// and every later acknowledged write in silence. A record cut short at the
// very end of the WAL (a crash mid-append, never acknowledged) is still
// tolerated. Reads verify block checksums (RocksDB's default).
void SetIntegrityOptions(rocksdb::DBOptions* options);

// The SST files in `path` that fail to open or to verify their block
// checksums, by file name. RocksDB blames its MANIFEST when an SST's
// properties block is damaged; this names the SST itself.
std::vector<std::string> DamagedSstFiles(const std::string& path);

// FromRocks for a failed open of the database at `path`: a Corruption also
// names the damaged SST files (DamagedSstFiles), if any.
Status FromRocksOpen(const rocksdb::Status& s, const std::string& path, std::string_view context);

// Converts a RocksDB status to ours (Corruption -> DataLoss, IOError -> IOError...).
Status FromRocks(const rocksdb::Status& s, std::string_view context);

class RocksInstance {
 public:
  // The column family name for `group`.
  static std::string ColumnFamilyName(std::string_view group);

  // Opens (or, with `create`, creates) the database at `path` with a column
  // family per entry of `groups` (created when missing). Column families on
  // disk that are not in `groups` are opened with default options and left
  // untouched (a group removed from the schema is refused earlier).
  // branch service (issue 19): with a `secondary_path`, opens a RocksDB
  // secondary instance instead (read-only, beside a process that has the
  // database open; its own files go to `secondary_path`), caught up with
  // the primary as of this call. REQUIRES: !create then.
  static Result<std::unique_ptr<RocksInstance>> Open(
      const std::string& path, const RocksProperties& properties,
      const std::map<std::string, GroupPlugins>& groups, bool create,
      const std::string& secondary_path = "");

  ~RocksInstance();
  RocksInstance(const RocksInstance&) = delete;
  RocksInstance& operator=(const RocksInstance&) = delete;

  rocksdb::DB* db() const { return db_.get(); }
  // nullptr if the group has no column family.
  rocksdb::ColumnFamilyHandle* Group(std::string_view group) const;
  rocksdb::ColumnFamilyHandle* metadata() const { return db_->DefaultColumnFamily(); }
  const rocksdb::WriteOptions& write_options() const { return write_options_; }
  const std::string& path() const { return path_; }
  // Iterators kept between scans (store-rocks/iterator_pool.h); emptied
  // whenever a flush or compaction completes, and before the database closes.
  RocksIteratorPool* iterator_pool() const { return iterator_pool_.get(); }

  // Metadata: NotFound when absent.
  Result<std::string> GetMeta(std::string_view key) const;
  Status PutMeta(std::string_view key, std::string_view value);

 private:
  RocksInstance() = default;

  std::string path_;
  std::unique_ptr<rocksdb::DB> db_;
  std::map<std::string, rocksdb::ColumnFamilyHandle*, std::less<>> handles_;  // Owned; by group.
  std::vector<rocksdb::ColumnFamilyHandle*> other_handles_;                   // Owned.
  rocksdb::WriteOptions write_options_;
  std::shared_ptr<RocksIteratorPool> iterator_pool_;
};

}  // namespace quarry
