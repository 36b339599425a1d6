// Validation (age-off) at compaction: the AccumuloStore's table "Validator"
// iterator (gaffer-compat.md §4.4) as a RocksDB CompactionFilter. Every whole
// value a compaction rewrites is decoded and checked with the group's schema
// validators WITHOUT IsA (iterators/validate.h, the same function the scan
// stack uses, so a scan hides exactly what compaction will delete). An
// invalid element is removed and counted.
//
// Never a guess: a cell that cannot be decoded or judged is KEPT (and counted
// in `errors`), never deleted (a cell judged by its key alone, below, has
// its value not decoded at all). Merge operands are kept as they are: a single
// operand is not the element (validation needs the merged value), so a key
// still made of operands is judged once a compaction has merged it into a
// value (Graph::Compact() therefore compacts twice when operands are stored).
//
// Validity decided by the key alone: when every validator reads only groupBy
// properties or the directed flag (no vertex/source/destination type
// validators, element-level selections of groupBy properties only), a cell's
// validity is a function of its column qualifier, its row's directed flag
// (the row section's last two bytes, keypackages/key_format.h) and the
// clock, so a filter judges each distinct (flag, qualifier) once (decoding
// one cell) and later cells with it without decoding them: one compaction
// judges with the clock at each one's first judgement.
//
// Install one factory per group column family that has validators
// (HasValidators), only when the store property
// gaffer.store.accumulo.enable.validator.iterator is true.
//
// Thread safety: RocksDB runs filters from several compaction threads at
// once; they read immutable state and update atomic counters.
#pragma once

#include <rocksdb/compaction_filter.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "keypackages/key_package.h"
#include "schema/schema.h"

namespace quarry {

inline constexpr char kValidationCompactionFilterName[] = "quarry.validate.v1";

// Counters shared by a group's filters and the Graph (Stats()).
struct ValidationCounters {
  std::atomic<uint64_t> deleted{0};  // Elements removed as invalid.
  std::atomic<uint64_t> errors{0};   // Cells kept because they could not be judged.
};

class ValidationCompactionFilter : public rocksdb::CompactionFilter {
 public:
  // REQUIRES: `def` belongs to package->schema(); `counters` not null.
  ValidationCompactionFilter(std::shared_ptr<const KeyPackage> package,
                             const SchemaElementDefinition* def, bool insert_ids,
                             std::shared_ptr<ValidationCounters> counters);

  const char* Name() const override { return kValidationCompactionFilterName; }
  Decision FilterV2(int level, const rocksdb::Slice& key, ValueType value_type,
                    const rocksdb::Slice& existing_value, std::string* new_value,
                    std::string* skip_until) const override;

 private:
  Decision Judge(const rocksdb::Slice& key, const rocksdb::Slice& value) const;
  Decision Record(bool valid) const;

  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };

  std::shared_ptr<const KeyPackage> package_;
  const SchemaElementDefinition* def_;
  bool insert_ids_;  // The group's keys carry insert ids (key_format.h).
  bool has_validators_;
  bool qualifier_decides_;  // See the header comment.
  std::shared_ptr<ValidationCounters> counters_;
  // This compaction's judgements by column qualifier (a filter serves one
  // compaction thread).
  mutable std::unordered_map<std::string, bool, Hash, std::equal_to<>> by_qualifier_;
  mutable std::string qualifier_key_;  // Scratch: flag bytes 00 qualifier.
};

// Whether `def`'s validators read only groupBy properties and the directed
// flag (see above).
bool QualifierDecidesValidity(const SchemaElementDefinition& def);

class ValidationCompactionFilterFactory : public rocksdb::CompactionFilterFactory {
 public:
  // As ValidationCompactionFilter's constructor.
  ValidationCompactionFilterFactory(std::shared_ptr<const KeyPackage> package,
                                    const SchemaElementDefinition* def, bool insert_ids,
                                    std::shared_ptr<ValidationCounters> counters);

  const char* Name() const override { return kValidationCompactionFilterName; }
  std::unique_ptr<rocksdb::CompactionFilter> CreateCompactionFilter(
      const rocksdb::CompactionFilter::Context& context) override;

 private:
  std::shared_ptr<const KeyPackage> package_;
  const SchemaElementDefinition* def_;
  bool insert_ids_;
  std::shared_ptr<ValidationCounters> counters_;
};

}  // namespace quarry
