#include "iterators/query_aggregation_iterator.h"

#include <algorithm>
#include <utility>

#include "iterators/internal/key_group.h"
#include "keypackages/key_format.h"
#include "schema/escaping.h"

namespace quarry {

Result<std::unique_ptr<QueryAggregationIterator>> QueryAggregationIterator::Create(
    std::unique_ptr<KvIterator> source, const KeyPackage& package,
    std::map<std::string, QueryAggregation, std::less<>> aggregations) {
  std::map<std::string, Merge, std::less<>> merges;
  for (auto& [group, aggregation] : aggregations) {
    if (!aggregation.required()) continue;
    const PropertyLayout* layout = package.LayoutFor(group);
    if (layout == nullptr) {
      return InvalidArgumentError("query aggregation for group '" + group +
                                  "', which the key-package does not know");
    }
    merges.emplace(group, Merge{std::move(aggregation), layout});
  }
  return std::unique_ptr<QueryAggregationIterator>(
      new QueryAggregationIterator(std::move(source), package, std::move(merges)));
}

QueryAggregationIterator::QueryAggregationIterator(std::unique_ptr<KvIterator> source,
                                                   const KeyPackage& package,
                                                   std::map<std::string, Merge, std::less<>> merges)
    : CombiningIterator(std::move(source)), package_(package), merges_(std::move(merges)) {}

Result<const QueryAggregationIterator::Merge*> QueryAggregationIterator::MergeFor(
    std::string_view key) const {
  if (merges_.empty()) return nullptr;
  std::string_view group;
  QUARRY_RETURN_IF_ERROR(iterators_internal::GroupOfKey(key, &scratch_, &group));
  auto it = merges_.find(group);
  return it == merges_.end() ? nullptr : &it->second;
}

bool QueryAggregationIterator::KeepsCellsApart(std::string_view key) const {
  Result<const Merge*> merge = MergeFor(key);
  return merge.ok() && *merge == nullptr;  // An undecodable key fails in GroupStart.
}

Status QueryAggregationIterator::GroupStart(std::string_view key, std::string* start) const {
  QUARRY_ASSIGN_OR_RETURN(const Merge* merge, MergeFor(key));
  size_t length = key.size();  // A pass-through cell is a group of its own.
  if (merge != nullptr) {
    size_t n = merge->aggregation.group_by_prefix();
    if (n == 0) {
      QUARRY_ASSIGN_OR_RETURN(length, RowAndGroupLength(key));
    } else {
      QUARRY_ASSIGN_OR_RETURN(length, iterators_internal::RowGroupAndQualifierPrefixLength(key, n));
    }
  }
  start->assign(key.substr(0, length));
  return Status::OK();
}

Status QueryAggregationIterator::DecodeCell(const PropertyLayout& layout, std::string_view key,
                                            std::string_view value, int64_t* timestamp,
                                            Properties* out) const {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  std::string unescaped;
  QUARRY_RETURN_IF_ERROR(Unescape(parts.column_qualifier, &unescaped));
  QUARRY_RETURN_IF_ERROR(layout.DecodeColumnQualifier(unescaped, out));
  unescaped.clear();
  QUARRY_RETURN_IF_ERROR(Unescape(parts.visibility, &unescaped));
  QUARRY_RETURN_IF_ERROR(layout.DecodeVisibility(unescaped, out));
  return layout.DecodeValue(value, timestamp, out);
}

Status QueryAggregationIterator::Reduce(std::string_view /*group_start*/, GroupCells* cells,
                                        std::string* value) {
  merged_ = false;
  if (!cells->Valid()) return Status::OK();  // The combiner reports read errors.
  QUARRY_ASSIGN_OR_RETURN(const Merge* merge, MergeFor(cells->key()));
  if (merge == nullptr) {
    value->assign(cells->value());
    return Status::OK();
  }
  return ReduceMerged(*merge, cells, value);
}

Status QueryAggregationIterator::ReduceMerged(const Merge& merge, GroupCells* cells,
                                              std::string* value) {
  first_key_.assign(cells->key());
  merged_properties_ = Properties();
  int64_t timestamp = 0;
  QUARRY_RETURN_IF_ERROR(
      DecodeCell(*merge.layout, cells->key(), cells->value(), &timestamp, &merged_properties_));
  for (cells->Next(); cells->Valid(); cells->Next()) {
    cell_properties_ = Properties();
    int64_t cell_timestamp = 0;
    QUARRY_RETURN_IF_ERROR(DecodeCell(*merge.layout, cells->key(), cells->value(), &cell_timestamp,
                                      &cell_properties_));
    timestamp = std::max(timestamp, cell_timestamp);
    QUARRY_RETURN_IF_ERROR(merge.aggregation.Fold(cell_properties_, &merged_properties_));
  }
  merged_ = true;
  return merge.layout->EncodeValue(merged_properties_, timestamp, value);
}

Status QueryAggregationIterator::OutputKey(std::string_view /*group_start*/,
                                           std::string_view /*value*/, std::string* key) {
  if (!merged_) return Status::OK();
  key->clear();
  return package_.RebuildKey(first_key_, merged_properties_, key);
}

}  // namespace quarry
