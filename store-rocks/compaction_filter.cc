#include "store-rocks/compaction_filter.h"

#include <exception>
#include <string_view>

#include "iterators/validate.h"
#include "store-rocks/distinct_key.h"

namespace quarry {
namespace {

std::string_view View(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

}  // namespace

ValidationCompactionFilter::ValidationCompactionFilter(std::shared_ptr<const KeyPackage> package,
                                                       const SchemaElementDefinition* def,
                                                       bool with_distinct_suffix,
                                                       std::shared_ptr<ValidationCounters> counters)
    : package_(std::move(package)),
      def_(def),
      with_distinct_suffix_(with_distinct_suffix),
      has_validators_(HasValidators(*def)),
      counters_(std::move(counters)) {}

rocksdb::CompactionFilter::Decision ValidationCompactionFilter::FilterV2(
    int /*level*/, const rocksdb::Slice& key, ValueType value_type,
    const rocksdb::Slice& existing_value, std::string* /*new_value*/,
    std::string* /*skip_until*/) const {
  if (value_type != ValueType::kValue || !has_validators_) return Decision::kKeep;
  try {
    return Judge(key, existing_value);
  } catch (...) {
    counters_->errors.fetch_add(1, std::memory_order_relaxed);
    return Decision::kKeep;
  }
}

rocksdb::CompactionFilter::Decision ValidationCompactionFilter::Judge(
    const rocksdb::Slice& key, const rocksdb::Slice& value) const {
  std::string_view k = View(key);
  if (with_distinct_suffix_) {
    Result<std::string_view> stripped = StripDistinctSuffix(k);
    if (!stripped.ok()) {
      counters_->errors.fetch_add(1, std::memory_order_relaxed);
      return Decision::kKeep;
    }
    k = *stripped;
  }
  Result<bool> valid = ValidateStoredCell(*package_, k, View(value));
  if (!valid.ok()) {
    counters_->errors.fetch_add(1, std::memory_order_relaxed);
    return Decision::kKeep;
  }
  if (*valid) return Decision::kKeep;
  counters_->deleted.fetch_add(1, std::memory_order_relaxed);
  return Decision::kRemove;
}

ValidationCompactionFilterFactory::ValidationCompactionFilterFactory(
    std::shared_ptr<const KeyPackage> package, const SchemaElementDefinition* def,
    bool with_distinct_suffix, std::shared_ptr<ValidationCounters> counters)
    : package_(std::move(package)),
      def_(def),
      with_distinct_suffix_(with_distinct_suffix),
      counters_(std::move(counters)) {}

std::unique_ptr<rocksdb::CompactionFilter>
ValidationCompactionFilterFactory::CreateCompactionFilter(
    const rocksdb::CompactionFilter::Context& /*context*/) {
  return std::make_unique<ValidationCompactionFilter>(package_, def_, with_distinct_suffix_,
                                                      counters_);
}

}  // namespace quarry
