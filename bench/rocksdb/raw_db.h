// RawDb: the raw RocksDB reference database, laid out and configured as a
// Quarry graph with default store properties (store-rocks/rocks_instance.cc):
// one column family per group ("g:Event", "g:Vertex"), an LRU block cache of
// --cache-mib with index and filter blocks cached, 16 MiB write buffers, LZ4, a
// 10-bit prefix Bloom filter on Quarry's row prefix (the same
// RowPrefixTransform), two background jobs, and the WAL written without sync
// (Quarry's default durability "log"). Only what makes it a graph store is
// missing: values are a bare 8-byte count summed by a uint64-add merge
// operator, and there is no RocksDB statistics object.
//
// Age-off: the Event column family carries AgeOffFilter, inactive until
// AgeOffState::active is set; it then drops every cell (value or merge
// operand) whose key's column qualifier is one of `drop_qualifiers` (the
// startDate is part of the key, so no value needs decoding).
//
// Thread safety: RocksDB's; AgeOffState is read by compaction threads.
#pragma once

#include <rocksdb/compaction_filter.h>
#include <rocksdb/db.h>
#include <rocksdb/merge_operator.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "graph-core/status.h"

namespace quarry::bench {

inline constexpr char kRocksSystem[] = "rocksdb";

// The 8-byte little-endian count stored as a value.
std::string EncodeCount(uint64_t count);
// 0 if `value` is not 8 bytes.
uint64_t DecodeCount(const rocksdb::Slice& value);

class UInt64AddOperator : public rocksdb::AssociativeMergeOperator {
 public:
  const char* Name() const override { return "bench.uint64add"; }
  bool Merge(const rocksdb::Slice& key, const rocksdb::Slice* existing_value,
             const rocksdb::Slice& value, std::string* new_value,
             rocksdb::Logger* logger) const override;
};

struct AgeOffState {
  std::atomic<bool> active{false};
  std::set<std::string, std::less<>> drop_qualifiers;  // Escaped; set before `active`.
  std::atomic<uint64_t> dropped{0};
};

class AgeOffFilter : public rocksdb::CompactionFilter {
 public:
  explicit AgeOffFilter(std::shared_ptr<AgeOffState> state) : state_(std::move(state)) {}
  const char* Name() const override { return "bench.age_off"; }
  Decision FilterV2(int level, const rocksdb::Slice& key, ValueType value_type,
                    const rocksdb::Slice& existing_value, std::string* new_value,
                    std::string* skip_until) const override;

 private:
  std::shared_ptr<AgeOffState> state_;
};

class RawDb {
 public:
  // Creates a database in `path` (which must not hold one).
  static Result<std::unique_ptr<RawDb>> Create(const std::string& path, uint64_t cache_bytes);
  // Opens the database an earlier Create made in `path` (--phase reads).
  static Result<std::unique_ptr<RawDb>> Open(const std::string& path, uint64_t cache_bytes);
  ~RawDb();

  rocksdb::DB* db() const { return db_.get(); }
  rocksdb::ColumnFamilyHandle* edges() const { return edges_; }
  rocksdb::ColumnFamilyHandle* entities() const { return entities_; }
  const rocksdb::WriteOptions& write_options() const { return write_options_; }
  AgeOffState& age_off() const { return *age_off_; }

 private:
  RawDb() = default;
  static Result<std::unique_ptr<RawDb>> OpenOrCreate(const std::string& path, uint64_t cache_bytes,
                                                     bool create);
  std::unique_ptr<rocksdb::DB> db_;
  rocksdb::ColumnFamilyHandle* edges_ = nullptr;     // Owned.
  rocksdb::ColumnFamilyHandle* entities_ = nullptr;  // Owned.
  rocksdb::ColumnFamilyHandle* default_ = nullptr;   // Owned.
  rocksdb::WriteOptions write_options_;
  std::shared_ptr<AgeOffState> age_off_;
};

// RocksDB status -> ours, prefixed with `context`.
Status FromRocksStatus(const rocksdb::Status& s, const std::string& context);

}  // namespace quarry::bench
