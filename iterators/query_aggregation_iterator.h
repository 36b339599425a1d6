// QueryAggregationIterator: query-time groupBy aggregation (gaffer-compat.md
// §9.8; Gaffer's CoreKeyGroupByCombiner, priority 36) as a CombiningIterator.
//
// For each group whose QueryAggregation is required(), consecutive cells with
// the same row, group and first group_by_prefix() column-qualifier fields
// (equal bytes) are merged: their properties (column qualifier, visibility
// and value decoded) are folded in key order with the query aggregator, the
// visibility property included, so cells of different visibilities combine
// with the visibility type's aggregator; the value's timestamp is the largest.
// The output key is rebuilt by KeyPackage::RebuildKey from the merged
// properties (same row and group, the merged groupBy values and visibility),
// which stays inside the merged cells' key interval. Cells of other groups
// pass through unchanged, one cell per group.
//
// Merging never crosses rows, so the two halves of an edge aggregate
// separately with identical results. Seek-safety is CombiningIterator's: a
// seek into the middle of a merge group still yields the whole aggregate.
//
// Thread safety: as KvIterator (one thread at a time).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "graph-core/element.h"
#include "iterators/aggregate.h"
#include "iterators/combining_iterator.h"
#include "keypackages/key_package.h"

namespace quarry {

class QueryAggregationIterator : public CombiningIterator {
 public:
  // `aggregations`: group -> its query aggregation; groups absent or not
  // required() pass through. `package` must outlive the iterator.
  // InvalidArgument if a listed group has no layout in the package.
  static Result<std::unique_ptr<QueryAggregationIterator>> Create(
      std::unique_ptr<KvIterator> source, const KeyPackage& package,
      std::map<std::string, QueryAggregation, std::less<>> aggregations);

 protected:
  Status GroupStart(std::string_view key, std::string* start) const override;
  Status Reduce(std::string_view group_start, GroupCells* cells, std::string* value) override;
  // Cells of groups this view does not aggregate (aggregate: false groups
  // included) pass through one by one, duplicates kept.
  bool KeepsCellsApart(std::string_view key) const override;
  Status OutputKey(std::string_view group_start, std::string_view value, std::string* key) override;

 private:
  struct Merge {
    QueryAggregation aggregation;
    const PropertyLayout* layout;
  };

  QueryAggregationIterator(std::unique_ptr<KvIterator> source, const KeyPackage& package,
                           std::map<std::string, Merge, std::less<>> merges);

  // The merge for the key's group, or nullptr if its cells pass through.
  Result<const Merge*> MergeFor(std::string_view key) const;
  // All properties of one cell: column qualifier, visibility and value.
  Status DecodeCell(const PropertyLayout& layout, std::string_view key, std::string_view value,
                    int64_t* timestamp, Properties* out) const;
  Status ReduceMerged(const Merge& merge, GroupCells* cells, std::string* value);

  const KeyPackage& package_;
  std::map<std::string, Merge, std::less<>> merges_;
  mutable std::string scratch_;
  // Of the group last reduced: whether it was merged, its first key and its
  // merged properties (for OutputKey).
  bool merged_ = false;
  std::string first_key_;
  Properties merged_properties_;
  Properties cell_properties_;
};

}  // namespace quarry
