// The scan stack builder: from a View, the user's authorizations, the
// key-package and the scan kind, assembles the iterator stack Gaffer's
// AccumuloStore runs (gaffer-compat.md §4.4, §8.4; design.md "Scan path")
// over a source KvIterator and yields elements.
//
// Layers, bottom to top:
//   source (RocksDB: ingest aggregation already applied by the merge operator)
//   MultiRangeIterator       the scan's key ranges (seeds merged per batch)
//   RowGroupFilter           only the view's groups; the key-package's
//                            RowFilter for the scan kind (entity/edge rows,
//                            direction, directedness, GetAllElements' one row
//                            per element)
//   VisibilityFilter         the user's authorizations
//   ElementFilterIterator    schema validation (age-off; can be disabled) and
//                            the view's pre-aggregation filter, on one decode
//   QueryAggregationIterator query-time groupBy aggregation, only for groups
//                            where §9.8 requires it (absent otherwise)
//   ElementFilterIterator    the view's post-aggregation filter (absent if no
//                            group has one)
//   ScanElementIterator      decode, transform, post-transform filter,
//                            properties / excludeProperties
// The filters below the aggregation each judge one cell on its own, so their
// relative order does not change the result; the cheap key-only tests run
// first. Accumulo too applies visibility before the table's Validator.
// A cell the user cannot see never reaches the aggregation.
//
// What depends only on the schema and the view (the expanded view, the
// query aggregations, the element tests) is prepared once in a ScanTemplate,
// which any number of stacks share: one per group column family and shard,
// and across queries with the same view.
//
// Thread safety: the builders are pure functions and ScanTemplate is
// immutable (share it freely); the iterators they return are used by one
// thread at a time.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "graph-core/view.h"
#include "iterators/aggregate.h"
#include "iterators/element_filter_iterator.h"
#include "iterators/kv_iterator.h"
#include "iterators/multi_range_iterator.h"
#include "iterators/scan_element_iterator.h"
#include "iterators/visibility.h"
#include "keypackages/key_package.h"

namespace quarry {

struct ScanOptions {
  ScanKind kind = ScanKind::kSeeded;
  // The operation's seed options; selects the RowFilter (KeyPackage::FilterFor).
  // Callers set include_entities / include_edges from the view
  // (view.has_entities() / has_edges()) as they did for the ranges.
  SeedOptions seed_options;
  // The user's data authorizations.
  Authorizations auths;
  // Run the schema validators at scan time (Gaffer's
  // gaffer.store.accumulo.enable.validator.iterator, default true).
  bool validate = true;
  // Set matchedVertex on results: the store sets it for seeded and range
  // scans (as Gaffer's documented results show, EdgeSeed-only input
  // included) and clears it for GetAllElements.
  bool matched_vertex = true;
  // Distinct visibility expressions the visibility filter remembers; > 0.
  size_t visibility_cache_capacity = 1000;
  // The one group whose cells the source holds (a store's column family per
  // group), or empty when the source may hold cells of any group. When the
  // view has that group, the stack leaves out the layers it makes needless:
  // the row filter's per-cell group test, and the visibility filter if the
  // group has no visibility property (its keys' visibility is always empty,
  // and decoding rejects one that is not).
  std::string source_group;
};

// A scan stack's schema- and view-dependent parts, prepared once.
class ScanTemplate {
 public:
  // Expands `view` for `schema` and validates it: InvalidArgument naming the
  // group and field. `validate`: run the schema validators
  // (ScanOptions::validate). The template keeps pointers into `schema`,
  // which must outlive it.
  static Result<std::shared_ptr<const ScanTemplate>> Create(const Schema& schema, const View& view,
                                                            bool validate);
  // As Create for a view already expanded (ExpandViewForSchema): only
  // validates it.
  static Result<std::shared_ptr<const ScanTemplate>> CreateExpanded(const Schema& schema,
                                                                    View expanded, bool validate);

  // The expanded view.
  const View& view() const { return view_; }

  // BuildKvStack: the key/value part of the stack (everything below
  // ScanElementIterator) over `source`, restricted to `merged` (MergedRanges);
  // not positioned until Seek. Build: the whole stack, as BuildScan below,
  // with the template's view, over `ranges` (any order, may overlap).
  // options.validate is ignored (the template's applies). `package` is over
  // the template's schema and must outlive the result; the template need not
  // (stacks share or copy what they use). InvalidArgument for a null `source`.
  Result<std::unique_ptr<KvIterator>> BuildKvStack(
      const KeyPackage& package, const ScanOptions& options, std::unique_ptr<KvIterator> source,
      SharedRanges merged, MultiRangeIterator** ranges_layer = nullptr) const;
  Result<std::unique_ptr<ScanElementIterator>> Build(const KeyPackage& package,
                                                     const ScanOptions& options,
                                                     std::unique_ptr<KvIterator> source,
                                                     std::vector<KeyRange> ranges) const;
  // As Build, over ranges merged once (MergedRanges) that the stacks of
  // several column families or groups may share. REQUIRES: merged != nullptr.
  // `*ranges_layer`, when asked for, is set to the stack's MultiRangeIterator
  // (owned by the result), whose ResetRanges lets the stack serve other seeds.
  Result<std::unique_ptr<ScanElementIterator>> Build(
      const KeyPackage& package, const ScanOptions& options, std::unique_ptr<KvIterator> source,
      SharedRanges merged, MultiRangeIterator** ranges_layer = nullptr) const;

 private:
  ScanTemplate() = default;

  View view_;
  std::set<std::string, std::less<>> groups_;
  // Query aggregations the view requires (§9.8); empty for none.
  std::map<std::string, QueryAggregation, std::less<>> aggregations_;
  // Element tests before and after aggregation; null when nothing to test.
  std::shared_ptr<const ElementFilterPlan> pre_aggregation_;
  std::shared_ptr<const ElementFilterPlan> post_aggregation_;
  // The groups whose element stage (transform, post-transform filter,
  // property selection) does anything.
  std::map<std::string, ViewElementDefinition, std::less<>> element_stages_;
};

// The whole stack: expands `view` for the package's schema, validates it
// (InvalidArgument naming the group and field, before anything is read),
// builds the stack and seeks it over KeyRange::All(), so the result is
// positioned on its first element (ElementIterator's contract). Errors met
// while reading are the iterator's status().
Result<std::unique_ptr<ScanElementIterator>> BuildScan(const KeyPackage& package, const View& view,
                                                       const ScanOptions& options,
                                                       std::unique_ptr<KvIterator> source,
                                                       std::vector<KeyRange> ranges);

}  // namespace quarry
