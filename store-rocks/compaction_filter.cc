#include "store-rocks/compaction_filter.h"

#include <exception>
#include <string_view>

#include "iterators/validate.h"
#include "keypackages/key_format.h"

namespace quarry {
namespace {

std::string_view View(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

bool TypeHasValidators(const TypeDefinition* type) {
  return type != nullptr && !type->validate_functions.empty();
}

constexpr size_t kMaxQualifiers = 4096;  // Judgements a filter keeps.

}  // namespace

bool QualifierDecidesValidity(const SchemaElementDefinition& def) {
  if (TypeHasValidators(def.vertex_type()) || TypeHasValidators(def.source_type()) ||
      TypeHasValidators(def.destination_type())) {
    return false;
  }
  for (const TuplePredicate& p : def.validate_functions().predicates()) {
    for (const std::string& name : p.selection) {
      if (!def.IsGroupBy(name)) return false;
    }
  }
  for (const PropertyDefinition& p : def.properties()) {
    if (TypeHasValidators(p.type) && !def.IsGroupBy(p.name)) return false;
  }
  return true;
}

ValidationCompactionFilter::ValidationCompactionFilter(std::shared_ptr<const KeyPackage> package,
                                                       const SchemaElementDefinition* def,
                                                       bool insert_ids,
                                                       std::shared_ptr<ValidationCounters> counters)
    : package_(std::move(package)),
      def_(def),
      insert_ids_(insert_ids),
      has_validators_(HasValidators(*def)),
      qualifier_decides_(has_validators_ && QualifierDecidesValidity(*def)),
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
  // A key of such a group without its insert id is a key format 1 key that
  // Open has yet to rewrite (store-rocks/internal/key_format_migration.h):
  // its old suffix would be misread, so it is kept unjudged.
  if (insert_ids_ && !HasInsertId(k)) return Decision::kKeep;
  std::string_view qualifier;
  bool cacheable = false;
  if (qualifier_decides_) {
    Result<KeyParts> parts = SplitKey(k);
    if (parts.ok()) {
      // The row section ends `00 flag`: the directed flag (key_format.h).
      std::string_view row = parts->row_section;
      qualifier_key_.assign(row.substr(row.size() < 2 ? 0 : row.size() - 2));
      qualifier_key_ += '\0';
      qualifier_key_ += parts->column_qualifier;
      auto it = by_qualifier_.find(qualifier_key_);
      if (it != by_qualifier_.end()) return Record(it->second);
      qualifier = qualifier_key_;
      cacheable = by_qualifier_.size() < kMaxQualifiers;
    }
  }
  Result<bool> valid = ValidateStoredCell(*package_, k, View(value));
  if (!valid.ok()) {
    counters_->errors.fetch_add(1, std::memory_order_relaxed);
    return Decision::kKeep;
  }
  if (cacheable) by_qualifier_.emplace(std::string(qualifier), *valid);
  return Record(*valid);
}

rocksdb::CompactionFilter::Decision ValidationCompactionFilter::Record(bool valid) const {
  if (valid) return Decision::kKeep;
  counters_->deleted.fetch_add(1, std::memory_order_relaxed);
  return Decision::kRemove;
}

ValidationCompactionFilterFactory::ValidationCompactionFilterFactory(
    std::shared_ptr<const KeyPackage> package, const SchemaElementDefinition* def, bool insert_ids,
    std::shared_ptr<ValidationCounters> counters)
    : package_(std::move(package)),
      def_(def),
      insert_ids_(insert_ids),
      counters_(std::move(counters)) {}

std::unique_ptr<rocksdb::CompactionFilter>
ValidationCompactionFilterFactory::CreateCompactionFilter(
    const rocksdb::CompactionFilter::Context& /*context*/) {
  return std::make_unique<ValidationCompactionFilter>(package_, def_, insert_ids_, counters_);
}

}  // namespace quarry
