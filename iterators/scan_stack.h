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
// Thread safety: the builder is a pure function; the iterators it returns
// are used by one thread at a time.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "graph-core/view.h"
#include "iterators/kv_iterator.h"
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
  // Set matchedVertex on results: true for seeded scans whose input holds at
  // least one EntityId, false otherwise (gaffer-compat.md §9.7).
  bool matched_vertex = true;
  // Distinct visibility expressions the visibility filter remembers; > 0.
  size_t visibility_cache_capacity = 1000;
};

// The key/value part of the stack (everything below ScanElementIterator)
// over `source`, restricted to `ranges` (any order, may overlap). `view`
// must be expanded and valid (ExpandViewForSchema, ValidateViewForSchema);
// InvalidArgument otherwise. `package` must outlive the result. Not
// positioned until Seek.
Result<std::unique_ptr<KvIterator>> BuildScanKvStack(const KeyPackage& package, const View& view,
                                                     const ScanOptions& options,
                                                     std::unique_ptr<KvIterator> source,
                                                     std::vector<KeyRange> ranges);

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
