// AggregatingMergeOperator: ingest aggregation as a RocksDB MergeOperator,
// Quarry's counterpart of the AccumuloStore's "Aggregator" combiner
// (gaffer-compat.md §4.4): values of one key (one aggregation group: same
// row, group, groupBy values and visibility) are folded with the group's
// schema INGEST aggregator.
//
// One instance per aggregated group's column family. Values use the
// key-package's value format (keypackages/value_format.h); the fold is
// iterators/aggregate.h's MergeStoredValues with RocksDB's order (existing
// value, then operands oldest -> newest: OperandOrder::kOldestFirst), which
// gives Gaffer's newest-first result (First keeps the newest write, Last
// the oldest); the timestamp is the largest of the operands'.
//
// Errors: an operand that does not decode, or an aggregator that rejects a
// value, makes the merge fail (return false), which RocksDB reports as
// Corruption on the read or compaction that needed it; the reason is counted
// and kept (last_error()). Nothing is ever guessed, and no exception escapes
// (every callback catches everything).
//
// The name "quarry.aggregate.v1" is persisted by RocksDB in its OPTIONS file;
// bump the version if the merged value format changes.
//
// Thread safety: RocksDB calls the merge functions from many threads; they
// only read immutable state and update atomics / a mutex-guarded message.
#pragma once

#include <rocksdb/merge_operator.h>

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

#include "keypackages/key_package.h"
#include "keypackages/value_format.h"

namespace quarry {

inline constexpr char kAggregateMergeOperatorName[] = "quarry.aggregate.v1";

class AggregatingMergeOperator : public rocksdb::MergeOperator {
 public:
  // REQUIRES: `layout` belongs to `package` (package->LayoutFor(group)) and
  // the group aggregates. The package (and through it the schema) is kept
  // alive by this operator.
  AggregatingMergeOperator(std::shared_ptr<const KeyPackage> package, const PropertyLayout* layout);

  const char* Name() const override { return kAggregateMergeOperatorName; }

  bool FullMergeV2(const MergeOperationInput& merge_in,
                   MergeOperationOutput* merge_out) const override;
  bool PartialMergeMulti(const rocksdb::Slice& key, const std::deque<rocksdb::Slice>& operand_list,
                         std::string* new_value, rocksdb::Logger* logger) const override;
  // Merges that failed since construction, and the last reason.
  uint64_t failures() const { return failures_.load(std::memory_order_relaxed); }
  std::string last_error() const;
  // branch service (issue 19): values folded by successful merges since
  // construction (a full merge's base value counts), for the metrics.
  uint64_t operands_folded() const { return operands_folded_.load(std::memory_order_relaxed); }

 private:
  // Folds `values` (oldest first) into *out. False on any error (recorded).
  bool Fold(const rocksdb::Slice& key, std::span<const std::string_view> values, std::string* out,
            rocksdb::Logger* logger) const;
  // Counts the failure and keeps its message; never throws.
  void RecordFailure(const rocksdb::Slice& key, std::string_view reason,
                     rocksdb::Logger* logger) const noexcept;

  std::shared_ptr<const KeyPackage> package_;
  const PropertyLayout* layout_;
  mutable std::atomic<uint64_t> failures_{0};
  mutable std::atomic<uint64_t> operands_folded_{0};  // branch service (issue 19)
  mutable std::mutex mu_;
  mutable std::string last_error_;  // Guarded by mu_.
};

}  // namespace quarry
