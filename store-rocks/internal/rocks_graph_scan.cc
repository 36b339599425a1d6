// RocksGraph: GetElements, GetAllElements, GetElementsInRanges
// (gaffer-compat.md §9). One scan stack (iterators/scan_stack.h) per (seed
// batch, group column family) over a RocksKvIterator, streamed one after the
// other over one snapshot. Only the column families of the view's groups are
// read (locality groups).
#include <rocksdb/snapshot.h>

#include "iterators/scan_stack.h"
#include "iterators/view_validation.h"
#include "store-rocks/internal/concat_element_iterator.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/rocks_kv_iterator.h"

namespace quarry::internal {
namespace {

// Gaffer's accumulo.entriesForBatchScanner default (§9.6): ranges are merged
// within a batch of this many seeds, not across batches.
constexpr size_t kSeedsPerBatch = 50000;

// What one scan reads: per batch of ranges, every planned group in turn.
struct ScanInputs {
  rocksdb::DB* db = nullptr;
  const KeyPackage* package = nullptr;
  View view;                              // As given (BuildScan expands it).
  std::vector<const GroupState*> groups;  // The expanded view's groups.
  std::vector<std::vector<KeyRange>> batches;
  ScanOptions scan;
};

// Expands and validates the view (every group when absent) and selects the
// column families of its groups.
Result<ScanInputs> PlanScan(const RocksGraph& graph, const QueryOptions& options, ScanKind kind) {
  ScanInputs in;
  in.db = graph.instance().db();
  in.package = &graph.key_package();
  if (options.view.has_value()) in.view = *options.view;
  const Schema& schema = *graph.schema();
  QUARRY_ASSIGN_OR_RETURN(View expanded, ExpandViewForSchema(in.view, schema));
  QUARRY_RETURN_IF_ERROR(ValidateViewForSchema(expanded, schema));
  for (const auto* groups : {&expanded.entities(), &expanded.edges()}) {
    for (const auto& [name, definition] : *groups) {
      const GroupState* state = graph.group(name);
      if (state == nullptr) return InvalidArgumentError("view group '" + name + "' is not stored");
      in.groups.push_back(state);
    }
  }
  in.scan.kind = kind;
  in.scan.seed_options.include_entities = expanded.has_entities();
  in.scan.seed_options.include_edges = expanded.has_edges();
  in.scan.seed_options.include_incoming_outgoing = options.include_incoming_outgoing;
  in.scan.seed_options.directed_type = options.directed_type;
  in.scan.seed_options.seed_matching_equal = options.seed_matching_equal;
  in.scan.auths = options.auths;
  in.scan.validate = graph.properties().validator_enabled;
  in.scan.matched_vertex = false;
  return in;
}

// One group's stack over `ranges` at `snapshot`.
Result<std::unique_ptr<ElementIterator>> BuildGroupScan(const ScanInputs& in,
                                                        const GroupState& group,
                                                        const rocksdb::Snapshot* snapshot,
                                                        std::vector<KeyRange> ranges) {
  RocksScanOptions rocks;
  rocks.snapshot = snapshot;
  rocks.with_distinct_suffix = group.distinct;
  auto source = std::make_unique<RocksKvIterator>(in.db, group.cf, rocks);
  QUARRY_ASSIGN_OR_RETURN(
      auto scan, BuildScan(*in.package, in.view, in.scan, std::move(source), std::move(ranges)));
  return std::unique_ptr<ElementIterator>(std::move(scan));
}

// Streams the scan over one snapshot, taken now. The stream reads the
// package and group states by pointer: it must not outlive the graph.
std::unique_ptr<ElementIterator> StreamScan(ScanInputs in) {
  auto snapshot = std::make_shared<rocksdb::ManagedSnapshot>(in.db);
  size_t count = in.groups.size() * in.batches.size();
  auto shared = std::make_shared<const ScanInputs>(std::move(in));
  auto make = [shared, snapshot](size_t index) {
    const ScanInputs& s = *shared;
    return BuildGroupScan(s, *s.groups[index % s.groups.size()], snapshot->snapshot(),
                          s.batches[index / s.groups.size()]);
  };
  return std::make_unique<ConcatElementIterator>(count, std::move(make), snapshot);
}

}  // namespace

Result<std::unique_ptr<ElementIterator>> RocksGraph::GetElements(
    std::span<const ElementId> seeds, const QueryOptions& options) const {
  QUARRY_ASSIGN_OR_RETURN(ScanInputs in, PlanScan(*this, options, ScanKind::kSeeded));
  if (in.groups.empty()) seeds = {};
  // Ranges are built (and checked) up front, one list per batch; the scan
  // stack merges each list (MultiRangeIterator).
  for (size_t i = 0; i < seeds.size(); ++i) {
    if (i % kSeedsPerBatch == 0) in.batches.emplace_back();
    in.scan.matched_vertex |= std::holds_alternative<EntitySeed>(seeds[i]);
    QUARRY_RETURN_IF_ERROR(package_->RangesFor(seeds[i], in.scan.seed_options, &in.batches.back()));
  }
  return StreamScan(std::move(in));
}

Result<std::unique_ptr<ElementIterator>> RocksGraph::GetAllElements(
    const QueryOptions& options) const {
  QUARRY_ASSIGN_OR_RETURN(ScanInputs in, PlanScan(*this, options, ScanKind::kAllElements));
  in.batches.push_back({KeyRange::All()});
  return StreamScan(std::move(in));
}

Result<std::unique_ptr<ElementIterator>> RocksGraph::GetElementsInRanges(
    std::span<const std::pair<ElementId, ElementId>> pairs, const QueryOptions& options) const {
  QUARRY_ASSIGN_OR_RETURN(ScanInputs in, PlanScan(*this, options, ScanKind::kRanges));
  if (in.groups.empty()) pairs = {};
  std::vector<KeyRange> ranges;
  for (const auto& [a, b] : pairs) {
    QUARRY_RETURN_IF_ERROR(package_->RangesBetween(a, b, in.scan.seed_options, &ranges));
  }
  if (!ranges.empty()) in.batches.push_back(std::move(ranges));
  return StreamScan(std::move(in));
}

}  // namespace quarry::internal
