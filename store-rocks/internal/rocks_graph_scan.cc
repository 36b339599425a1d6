// RocksGraph: GetElements, GetAllElements, GetElementsInRanges
// (gaffer-compat.md §9). Each seed batch's ranges are cut at the shard
// boundaries (store-rocks/internal/shard_map.h); one scan stack
// (iterators/scan_stack.h) runs per (seed batch, group column family, shard)
// over a RocksKvIterator on the shard's instance, and the streams are emitted
// in that order — the order of one serial scan, since no shard boundary cuts
// a row. When the ranges touch several shards (or seed batches) and
// quarry.scan.threads > 1, the streams run in parallel with a bounded
// prefetch (parallel_element_iterator.h); otherwise one after the other.
// Every stream reads one snapshot per instance, all taken together at the
// call. Only the column families of the view's groups are read (locality
// groups). The scan template (the expanded view, aggregations and element
// tests) is prepared once per call and shared by its streams; the one for
// queries without a view is prepared once, when the graph opens, and the
// stacks built from it are kept between queries (task_stack_cache.h).
#include <rocksdb/snapshot.h>

#include "iterators/concat_element_iterator.h"
#include "iterators/read_ahead_kv_iterator.h"
#include "iterators/scan_stack.h"
#include "iterators/view_validation.h"
#include "store-rocks/internal/parallel_element_iterator.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/rocks_kv_iterator.h"

namespace quarry::internal {
namespace {

// Gaffer's accumulo.entriesForBatchScanner default (§9.6): ranges are merged
// within a batch of this many seeds, not across batches.
constexpr size_t kSeedsPerBatch = 50000;

// Parallel scans: elements each stream reads ahead, and streams in flight
// per scan thread.
constexpr size_t kParallelChunk = 256;
constexpr size_t kStreamsPerThread = 2;

// What one scan reads: per batch of ranges, every planned group in turn.
struct ScanInputs {
  const KeyPackage* package = nullptr;
  std::shared_ptr<const ScanTemplate> stack;  // The view's, expanded.
  std::vector<const GroupState*> groups;      // The expanded view's groups.
  std::vector<std::vector<KeyRange>> batches;
  ScanOptions scan;
  size_t read_ahead_cells = 0;  // 0: no read-ahead thread (quarry.scan.readahead.cells).
};

Result<std::shared_ptr<const ScanTemplate>> TemplateFor(const RocksGraph& graph,
                                                        const QueryOptions& options) {
  const bool validate = graph.rocks_properties().validator_enabled;
  if (options.view.has_value() && options.view_expanded) {
    return ScanTemplate::CreateExpanded(*graph.schema(), *options.view, validate);
  }
  if (options.view.has_value())
    return ScanTemplate::Create(*graph.schema(), *options.view, validate);
  return graph.no_view_template();
}

// Expands (unless QueryOptions::view_expanded) and validates the view (every group when absent) and
// selects the column families of its groups, into *in.
Status PlanScan(const RocksGraph& graph, const QueryOptions& options, ScanKind kind,
                ScanInputs* in) {
  in->package = &graph.key_package();
  QUARRY_ASSIGN_OR_RETURN(in->stack, TemplateFor(graph, options));
  const View& expanded = in->stack->view();
  in->groups.reserve(expanded.entities().size() + expanded.edges().size());
  for (const auto* groups : {&expanded.entities(), &expanded.edges()}) {
    for (const auto& [name, definition] : *groups) {
      const GroupState* state = graph.group(name);
      if (state == nullptr) return InvalidArgumentError("view group '" + name + "' is not stored");
      in->groups.push_back(state);
    }
  }
  in->scan.kind = kind;
  in->scan.seed_options.include_entities = expanded.has_entities();
  in->scan.seed_options.include_edges = expanded.has_edges();
  in->scan.seed_options.include_incoming_outgoing = options.include_incoming_outgoing;
  in->scan.seed_options.directed_type = options.directed_type;
  in->scan.seed_options.seed_matching_equal = options.seed_matching_equal;
  in->scan.auths = options.auths;
  in->scan.validate = graph.rocks_properties().validator_enabled;
  in->scan.matched_vertex = false;
  // The arena exists when quarry.scan.threads allows more than one thread
  // (asking EffectiveScanThreads here would read /sys on every query).
  if (graph.scan_arena() != nullptr) {
    in->read_ahead_cells = static_cast<size_t>(graph.rocks_properties().scan_readahead_cells);
  }
  return Status::OK();
}

// The part of one seed batch that lies in one shard.
struct ScanPiece {
  size_t shard = 0;
  SharedRanges ranges;  // Merged once; every group's stack over it reads this list.
};

// One stream: a group's stack over a piece.
struct ScanTask {
  const GroupState* group = nullptr;
  size_t piece = 0;
};

// Everything a scan's streams share, in one allocation: what to read, the
// snapshots it is read at, and the tasks.
struct ScanPlan {
  ScanInputs in;
  RocksGraph::Snapshots snapshots;
  ShardMap shards;
  std::vector<ScanPiece> pieces;
  std::vector<ScanTask> tasks;  // In output order: batch, group, shard.
};

// Cuts plan->in.batches into pieces at the shard boundaries and lists the
// tasks.
void PlanTasks(ScanPlan* plan) {
  const size_t groups = plan->in.groups.size();
  if (plan->shards.shards() == 1) {
    plan->pieces.reserve(plan->in.batches.size());
    plan->tasks.reserve(plan->in.batches.size() * groups);
  }
  for (std::vector<KeyRange>& batch : plan->in.batches) {
    size_t first = plan->pieces.size();
    if (plan->shards.shards() == 1) {
      plan->pieces.push_back({0, MergedRanges(std::move(batch))});
    } else {
      std::vector<std::vector<KeyRange>> cut = plan->shards.Cut(batch);
      for (size_t s = 0; s < cut.size(); ++s) {
        if (!cut[s].empty()) plan->pieces.push_back({s, MergedRanges(std::move(cut[s]))});
      }
    }
    for (const GroupState* group : plan->in.groups) {
      for (size_t p = first; p < plan->pieces.size(); ++p) plan->tasks.push_back({group, p});
    }
  }
  plan->in.batches.clear();
}

// `rocks` under a thread that reads its long ranges ahead, when `cells` > 0;
// *read_ahead is set to that layer (else null).
std::unique_ptr<KvIterator> WithReadAhead(std::unique_ptr<RocksKvIterator> rocks, size_t cells,
                                          ReadAheadKvIterator** read_ahead) {
  *read_ahead = nullptr;
  if (cells == 0) return rocks;
  ReadAheadKvOptions options;
  options.direct_cells = cells;
  RocksKvIterator* reader = rocks.get();  // Owned by the read-ahead, which outlives its thread.
  options.on_reading_start = [reader] { reader->StartReaderWatch(); };
  options.on_reading_stop = [reader] { reader->FinishReaderWatch(); };
  auto layer = std::make_unique<ReadAheadKvIterator>(std::move(rocks), std::move(options));
  *read_ahead = layer.get();
  return layer;
}

// What `task`'s stack is built for (TaskStackCache's key).
TaskStackKey KeyOfTask(const ScanPlan& plan, const ScanTask& task, bool read_ahead) {
  TaskStackKey key;
  key.stack = plan.in.stack.get();
  key.group = task.group;
  key.instance = plan.shards.InstanceOfShard(plan.pieces[task.piece].shard);
  key.read_ahead_cells = read_ahead ? plan.in.read_ahead_cells : 0;
  key.scan = plan.in.scan;
  key.scan.source_group = task.group->def->group();  // One column family per group.
  return key;
}

// A new stack for `key` over `task`'s piece, on its shard's instance.
Result<std::unique_ptr<TaskStack>> NewTaskStack(const RocksGraph& graph, const ScanPlan& plan,
                                                const ScanTask& task, TaskStackKey key) {
  const RocksGraph::Snapshots& snapshots = plan.snapshots;
  const size_t instance = key.instance;
  auto stack = std::make_unique<TaskStack>();
  stack->key = std::move(key);
  RocksScanOptions rocks;
  rocks.snapshot = snapshots[instance];
  rocks.snapshot_owner = snapshots.owner(instance);
  rocks.pool = graph.instance(instance).iterator_pool();
  auto source = std::make_unique<RocksKvIterator>(snapshots.db(instance), task.group->cfs[instance],
                                                  std::move(rocks));
  stack->rocks = source.get();
  std::unique_ptr<KvIterator> below =
      WithReadAhead(std::move(source), stack->key.read_ahead_cells, &stack->read_ahead);
  QUARRY_ASSIGN_OR_RETURN(stack->scan,
                          plan.in.stack->Build(*plan.in.package, stack->key.scan, std::move(below),
                                               plan.pieces[task.piece].ranges, &stack->ranges));
  return stack;
}

// One task's stack over its piece, on its shard's instance; read ahead on a
// thread of its own when `read_ahead` (a scan whose tasks run one after the
// other: in a parallel scan every core is already busy). A stack of the
// no-view template comes from (and goes back to) the graph's stack cache,
// rebound to this plan's snapshot and ranges.
Result<std::unique_ptr<ElementIterator>> BuildTaskScan(const RocksGraph& graph,
                                                       const ScanPlan& plan, const ScanTask& task,
                                                       bool read_ahead) {
  TaskStackKey key = KeyOfTask(plan, task, read_ahead);
  const bool keepable = key.stack == graph.no_view_template().get();
  if (keepable) {
    if (std::unique_ptr<TaskStack> kept = graph.stack_cache()->Take(key)) {
      kept->rocks->Rebind(plan.snapshots[key.instance], plan.snapshots.owner(key.instance));
      kept->ranges->ResetRanges(plan.pieces[task.piece].ranges);
      kept->scan->Seek(KeyRange::All());
      return StreamOfKeptStack(std::move(kept), graph.stack_cache());
    }
  }
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<TaskStack> stack,
                          NewTaskStack(graph, plan, task, std::move(key)));
  if (keepable) return StreamOfKeptStack(std::move(stack), graph.stack_cache());
  return std::unique_ptr<ElementIterator>(std::move(stack->scan));
}

// Streams the scan of plan->in over snapshots taken now. The stream reads
// the package and group states by pointer: it must not outlive the graph.
std::unique_ptr<ElementIterator> StreamScan(const RocksGraph& graph,
                                            std::shared_ptr<ScanPlan> plan) {
  plan->shards = graph.TakeSnapshots(&plan->snapshots);
  PlanTasks(plan.get());
  size_t count = plan->tasks.size();
  tbb::task_arena* arena = graph.scan_arena();
  // A scan touching one shard of one batch (a few seeds) stays serial: the
  // hand-off would cost more than it saves.
  const bool parallel = arena != nullptr && count > 1 && plan->pieces.size() > 1;
  const ScanPlan* tasks = plan.get();  // Kept alive by the stream (keep_alive).
  auto make = [&graph, tasks, parallel](size_t index) {
    return BuildTaskScan(graph, *tasks, tasks->tasks[index], /*read_ahead=*/!parallel);
  };
  if (parallel) {
    size_t window = kStreamsPerThread * static_cast<size_t>(arena->max_concurrency());
    return std::make_unique<ParallelElementIterator>(count, std::move(make), std::move(plan), arena,
                                                     window, kParallelChunk);
  }
  return std::make_unique<ConcatElementIterator>(count, std::move(make), std::move(plan));
}

}  // namespace

Result<std::unique_ptr<ElementIterator>> RocksGraph::GetElements(
    std::span<const ElementId> seeds, const QueryOptions& options) const {
  auto plan = std::make_shared<ScanPlan>();
  ScanInputs& in = plan->in;
  QUARRY_RETURN_IF_ERROR(PlanScan(*this, options, ScanKind::kSeeded, &in));
  // Gaffer's documented results carry the matched end for every seeded row,
  // EdgeSeeds included (gaffer-doc operations guide, "related to edge").
  in.scan.matched_vertex = true;
  if (in.groups.empty()) seeds = {};
  // Ranges are built (and checked) up front, one list per batch; the scan
  // stack merges each list (MultiRangeIterator).
  in.batches.reserve((seeds.size() + kSeedsPerBatch - 1) / kSeedsPerBatch);
  for (size_t i = 0; i < seeds.size(); ++i) {
    if (i % kSeedsPerBatch == 0) in.batches.emplace_back();
    QUARRY_RETURN_IF_ERROR(package_->RangesFor(seeds[i], in.scan.seed_options, &in.batches.back()));
  }
  return StreamScan(*this, std::move(plan));
}

Result<std::unique_ptr<ElementIterator>> RocksGraph::GetAllElements(
    const QueryOptions& options) const {
  auto plan = std::make_shared<ScanPlan>();
  QUARRY_RETURN_IF_ERROR(PlanScan(*this, options, ScanKind::kAllElements, &plan->in));
  plan->in.batches.push_back({KeyRange::All()});
  return StreamScan(*this, std::move(plan));
}

Result<std::unique_ptr<ElementIterator>> RocksGraph::GetElementsInRanges(
    std::span<const std::pair<ElementId, ElementId>> pairs, const QueryOptions& options) const {
  auto plan = std::make_shared<ScanPlan>();
  ScanInputs& in = plan->in;
  QUARRY_RETURN_IF_ERROR(PlanScan(*this, options, ScanKind::kRanges, &in));
  // Each row of a range is matched at its first vertex, as for a seed.
  in.scan.matched_vertex = true;
  if (in.groups.empty()) pairs = {};
  std::vector<KeyRange> ranges;
  for (const auto& [a, b] : pairs) {
    QUARRY_RETURN_IF_ERROR(package_->RangesBetween(a, b, in.scan.seed_options, &ranges));
  }
  if (!ranges.empty()) in.batches.push_back(std::move(ranges));
  return StreamScan(*this, std::move(plan));
}

}  // namespace quarry::internal
