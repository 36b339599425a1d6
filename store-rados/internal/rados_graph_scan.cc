// RadosGraph: GetElements, GetAllElements, GetElementsInRanges
// (gaffer-compat.md §9). Each seed batch's ranges go to the tablet that
// holds them (a range within one row prefix: one tablet; any other range:
// every tablet); one scan stack (iterators/scan_stack.h) runs per (seed
// batch, view group, tablet) over a RadosKvIterator, and the streams are
// emitted in that order, read by a few threads at once
// (internal/parallel_tablet_streams.h) so that their omap round trips
// overlap. The stack is store-rocks' (views, visibility,
// validation, query-time aggregation); only the source differs.
#include <map>

#include "iterators/concat_element_iterator.h"
#include "store-rados/internal/parallel_tablet_streams.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {
namespace {

// Gaffer's accumulo.entriesForBatchScanner default (§9.6), as store-rocks.
constexpr size_t kSeedsPerBatch = 50000;
// Streams read at once, streams started ahead of the consumer, and elements
// per handed-over chunk (parallel_tablet_streams.h's memory bound).
constexpr size_t kReadThreads = 8;
constexpr size_t kReadWindow = 16;
constexpr size_t kReadChunk = 256;

struct ScanTask {
  const RadosGroup* group = nullptr;
  uint32_t tablet = 0;
  size_t ranges = 0;  // Index into ScanPlan::ranges.
};

struct ScanPlan {
  const KeyPackage* package = nullptr;
  std::shared_ptr<const ScanTemplate> stack;
  std::vector<const RadosGroup*> groups;
  ScanOptions scan;
  std::vector<std::vector<KeyRange>> batches;  // Before PlanTasks.
  std::vector<std::vector<KeyRange>> ranges;   // One list per (batch, tablet).
  std::vector<ScanTask> tasks;
};

Result<ScanPlan> PlanScan(const RadosGraph& graph, const QueryOptions& options, ScanKind kind) {
  ScanPlan plan;
  plan.package = &graph.key_package();
  // Age-off is hidden at scan time: no compaction filter applies it here.
  const bool validate = true;
  if (options.view.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(plan.stack,
                            ScanTemplate::Create(*graph.schema(), *options.view, validate));
  } else {
    plan.stack = graph.no_view_template();
  }
  const View& expanded = plan.stack->view();
  for (const auto* groups : {&expanded.entities(), &expanded.edges()}) {
    for (const auto& [name, definition] : *groups) {
      const RadosGroup* group = graph.group(name);
      if (group == nullptr) return InvalidArgumentError("view group '" + name + "' is not stored");
      plan.groups.push_back(group);
    }
  }
  plan.scan.kind = kind;
  plan.scan.seed_options.include_entities = expanded.has_entities();
  plan.scan.seed_options.include_edges = expanded.has_edges();
  plan.scan.seed_options.include_incoming_outgoing = options.include_incoming_outgoing;
  plan.scan.seed_options.directed_type = options.directed_type;
  plan.scan.seed_options.seed_matching_equal = options.seed_matching_equal;
  plan.scan.auths = options.auths;
  plan.scan.validate = validate;
  plan.scan.matched_vertex = false;
  return plan;
}

void PlanTasks(const TabletMap& tablets, ScanPlan* plan) {
  for (std::vector<KeyRange>& batch : plan->batches) {
    std::map<uint32_t, std::vector<KeyRange>> by_tablet;
    for (KeyRange& range : batch) {
      int64_t tablet = tablets.TabletOfRange(range);
      if (tablet >= 0) {
        by_tablet[static_cast<uint32_t>(tablet)].push_back(std::move(range));
        continue;
      }
      for (uint32_t t = 0; t < tablets.tablets(); ++t) by_tablet[t].push_back(range);
    }
    size_t first = plan->ranges.size();
    std::vector<uint32_t> order;
    for (auto& [tablet, ranges] : by_tablet) {
      order.push_back(tablet);
      plan->ranges.push_back(std::move(ranges));
    }
    for (const RadosGroup* group : plan->groups) {
      for (size_t i = 0; i < order.size(); ++i) plan->tasks.push_back({group, order[i], first + i});
    }
  }
  plan->batches.clear();
}

std::unique_ptr<ElementIterator> StreamScan(const RadosGraph& graph, ScanPlan in) {
  PlanTasks(graph.tablets(), &in);
  auto plan = std::make_shared<const ScanPlan>(std::move(in));
  librados::IoCtx io = graph.io();
  const TabletMap* tablets = &graph.tablets();
  auto make = [plan, io, tablets](size_t index) -> Result<std::unique_ptr<ElementIterator>> {
    const ScanTask& task = plan->tasks[index];
    auto source = std::make_unique<RadosKvIterator>(io, tablets->TabletObject(task.tablet),
                                                    task.group->prefix);
    QUARRY_ASSIGN_OR_RETURN(auto scan,
                            plan->stack->Build(*plan->package, plan->scan, std::move(source),
                                               plan->ranges[task.ranges]));
    return std::unique_ptr<ElementIterator>(std::move(scan));
  };
  size_t count = plan->tasks.size();
  // Streams of one tablet (a single seed's) gain nothing from threads.
  bool one_tablet = true;
  for (const ScanTask& task : plan->tasks) one_tablet &= task.tablet == plan->tasks[0].tablet;
  if (one_tablet) return std::make_unique<ConcatElementIterator>(count, std::move(make), plan);
  return std::make_unique<ParallelTabletStreams>(count, std::move(make), plan, kReadThreads,
                                                 kReadWindow, kReadChunk);
}

}  // namespace

Result<std::unique_ptr<ElementIterator>> RadosGraph::GetElements(
    std::span<const ElementId> seeds, const QueryOptions& options) const {
  QUARRY_ASSIGN_OR_RETURN(ScanPlan plan, PlanScan(*this, options, ScanKind::kSeeded));
  plan.scan.matched_vertex = true;
  if (plan.groups.empty()) seeds = {};
  for (size_t i = 0; i < seeds.size(); ++i) {
    if (i % kSeedsPerBatch == 0) plan.batches.emplace_back();
    QUARRY_RETURN_IF_ERROR(
        package_->RangesFor(seeds[i], plan.scan.seed_options, &plan.batches.back()));
  }
  return StreamScan(*this, std::move(plan));
}

Result<std::unique_ptr<ElementIterator>> RadosGraph::GetAllElements(
    const QueryOptions& options) const {
  QUARRY_ASSIGN_OR_RETURN(ScanPlan plan, PlanScan(*this, options, ScanKind::kAllElements));
  plan.batches.push_back({KeyRange::All()});
  return StreamScan(*this, std::move(plan));
}

Result<std::unique_ptr<ElementIterator>> RadosGraph::GetElementsInRanges(
    std::span<const std::pair<ElementId, ElementId>> pairs, const QueryOptions& options) const {
  QUARRY_ASSIGN_OR_RETURN(ScanPlan plan, PlanScan(*this, options, ScanKind::kRanges));
  plan.scan.matched_vertex = true;
  if (plan.groups.empty()) pairs = {};
  std::vector<KeyRange> ranges;
  for (const auto& [a, b] : pairs) {
    QUARRY_RETURN_IF_ERROR(package_->RangesBetween(a, b, plan.scan.seed_options, &ranges));
  }
  if (!ranges.empty()) plan.batches.push_back(std::move(ranges));
  return StreamScan(*this, std::move(plan));
}

}  // namespace quarry::internal
