// GetWalks (Gaffer's GetWalksHandler): run each hop on the vertices the
// previous hop reached, remember the edges per (from, to) pair and the
// entities per vertex, then enumerate the walks from each input seed.
//
// Memory: each hop's results are bounded by resultsLimit (more is an error,
// as Gaffer's LimitedIterable with truncate false); the walks themselves are
// produced one at a time by a depth-first cursor, never all at once.
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"
#include "operations/internal/walk_graph.h"

namespace quarry::operations_internal {
namespace {

constexpr std::string_view kHopDefinition =
    "A hop is a GetElements operation that selects at least 1 edge group.";

// Gaffer counts a GetElements as a hop if its view (the schema's groups when
// none is given) selects an edge group; chains are searched recursively, and
// a While counts its operation's hops maxRepeats times (once when
// `with_repeats` is false, as GetWalks.validate() counts a chain's hops).
int CountHops(const Operation& op, const Schema& schema, bool with_repeats = true) {
  if (op.kind == OperationKind::kOperationChain) {
    int hops = 0;
    for (const Operation& child : op.operations) hops += CountHops(child, schema, with_repeats);
    return hops;
  }
  if (op.kind == OperationKind::kWhile) {
    if (op.flow == nullptr || op.flow->operation == nullptr) return 0;
    int per_repeat = CountHops(*op.flow->operation, schema, with_repeats);
    return with_repeats ? static_cast<int>(op.flow->max_repeats) * per_repeat : per_repeat;
  }
  if (op.kind != OperationKind::kGetElements) return 0;
  if (!op.view.has_value()) return schema.edge_groups().empty() ? 0 : 1;
  bool edges = op.view->has_edges() || (op.view->all_edges() && !schema.edge_groups().empty()) ||
               (!op.view->global_edges().empty() && !schema.edge_groups().empty());
  return edges ? 1 : 0;
}

// GetWalks.validate(): at least one hop; each chain non-empty, its first
// operation seeded by the walk (no input of its own), exactly one hop per
// chain except that the last may fetch entities only.
Result<int> ValidateHops(const Operation& op, const Schema& schema) {
  int total = 0;
  for (const Operation& hop : op.operations) total += CountHops(hop, schema);
  if (total < 1) {
    return InvalidArgumentError(OpName(op) + ": no hops were provided. " +
                                std::string(kHopDefinition));
  }
  for (size_t i = 0; i < op.operations.size(); ++i) {
    const Operation& chain = op.operations[i];
    std::string at = OpName(op) + ": operation chain " + std::to_string(i);
    if (chain.operations.empty()) return InvalidArgumentError(at + " contains no operations");
    const Operation& first = chain.operations[0];
    if (first.input.has_value()) {
      return InvalidArgumentError(at + ": the input for operations must be null (" + OpName(first) +
                                  " has an input)");
    }
    if (first.kind == OperationKind::kGetAllElements ||
        first.kind == OperationKind::kGetElementsInRanges ||
        first.kind == OperationKind::kSummariseGroupOverRanges) {
      return InvalidArgumentError(at + ": the first operation, " + OpName(first) +
                                  ", cannot accept the input seeds");
    }
    int hops = CountHops(chain, schema, /*with_repeats=*/false);
    if (hops < 1 && i + 1 < op.operations.size()) {
      return InvalidArgumentError(
          at +
          " does not contain a hop. All operations must contain a single hop; the only "
          "exception is the last operation, which is allowed to just fetch Entities. " +
          std::string(kHopDefinition));
    }
    if (hops > 1) return InvalidArgumentError(at + " contains multiple hops");
  }
  return total;
}

// The walk's seeds: entity ids, at most resultsLimit of them.
Result<std::vector<Value>> WalkSeeds(const Operation& op, StepOutput input, uint64_t limit) {
  std::unique_ptr<ItemStream> stream = AsStream(std::move(input));
  std::vector<Value> seeds;
  for (; stream->Valid(); stream->Next()) {
    QUARRY_ASSIGN_OR_RETURN(ElementId id, ItemToSeed(stream->item(), OpName(op)));
    const auto* entity = std::get_if<EntitySeed>(&id);
    if (entity == nullptr) {
      return InvalidArgumentError(json_fields::Join(op.path, "input") + ": " + OpName(op) +
                                  " takes entity ids, got " + DebugString(id));
    }
    if (seeds.size() >= limit) {
      return ResourceExhaustedError(OpName(op) + ": Limit of " + std::to_string(limit) +
                                    " exceeded (more input seeds than resultsLimit)");
    }
    seeds.push_back(entity->vertex);
  }
  QUARRY_RETURN_IF_ERROR(stream->status());
  return seeds;
}

// Runs one hop (`hop`, a chain or an operation) on `seeds` and records what
// it returned. Returns the vertices reached (each once, in the order first
// reached).
Result<std::vector<Value>> RunHop(const Operation& walk, const Operation& hop, size_t index,
                                  const std::vector<Value>& seeds, bool record_edges,
                                  WalkGraph* graph, ExecContext& ctx) {
  std::vector<Item> seed_items;
  seed_items.reserve(seeds.size());
  for (const Value& v : seeds) seed_items.push_back(ElementId(EntitySeed{v}));
  QUARRY_ASSIGN_OR_RETURN(
      StepOutput out,
      RunOperation(hop, StepOutput::Stream(MakeVectorStream(std::move(seed_items))), ctx));
  std::unique_ptr<ItemStream> results = AsStream(std::move(out));
  HopResults& recorded = graph->AddHop(record_edges);
  std::vector<Value> next;
  std::unordered_set<Value, ValueHash> seen;
  uint64_t count = 0;
  for (; results->Valid(); results->Next()) {
    if (++count > static_cast<uint64_t>(walk.results_limit)) {
      return ResourceExhaustedError(OpName(walk) + ": Limit of " +
                                    std::to_string(walk.results_limit) + " exceeded (hop " +
                                    std::to_string(index) + " returned more elements)");
    }
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(results->item(), OpName(walk)));
    if (e.is_edge()) {
      const Value& to = WalkGraph::AdjacentVertex(e);
      if (seen.insert(to).second) next.push_back(to);
    }
    recorded.Add(std::move(e));
  }
  QUARRY_RETURN_IF_ERROR(results->status());
  return next;
}

// Gaffer's isWhileOperation: a hop chain holding exactly one While.
const Operation* WhileHop(const Operation& chain) {
  if (chain.kind == OperationKind::kWhile) return &chain;
  if (chain.kind == OperationKind::kOperationChain && chain.operations.size() == 1 &&
      chain.operations[0].kind == OperationKind::kWhile) {
    return &chain.operations[0];
  }
  return nullptr;
}

// GetWalksHandler.executeWhileOperation: the While's operation is a hop of
// its own, repeated up to maxRepeats times while the condition (default
// true) or the conditional holds for the current seeds (their vertices, as
// Gaffer's UnwrapEntityId makes them).
Result<std::vector<Value>> RunWhileHop(const Operation& walk, const Operation& loop, size_t index,
                                       std::vector<Value> frontier, WalkGraph* graph,
                                       ExecContext& ctx) {
  const FlowFields& f = *loop.flow;
  if (f.operation == nullptr) return frontier;
  for (int64_t repeat = 0; repeat < f.max_repeats; ++repeat) {
    bool satisfied = f.condition.value_or(true);
    if (f.conditional.has_value()) {
      StoredVariable held;
      held.kind = StepOutput::Kind::kStream;
      for (const Value& v : frontier) held.items.push_back(Item(v));
      QUARRY_ASSIGN_OR_RETURN(
          satisfied, TestConditionalAt(json_fields::Join(loop.path, "conditional"), *f.conditional,
                                       held, ctx));
    }
    if (!satisfied) break;
    bool record_edges = graph->edge_hops() < static_cast<size_t>(graph->hops());
    QUARRY_ASSIGN_OR_RETURN(frontier,
                            RunHop(walk, *f.operation, index, frontier, record_edges, graph, ctx));
  }
  return frontier;
}

// GetWalksHandler.applyConditionalFiltering: only the walks for which the
// conditional holds (tested on each walk, or on what its transform makes of
// it). Gaffer collects them into a list; so does this, within the
// materialisation limit.
Result<StepOutput> FilterWalks(const Operation& op, std::unique_ptr<ItemStream> walks,
                               ExecContext& ctx) {
  const Conditional& c = *op.flow->conditional;
  std::vector<Item> kept;
  for (; walks->Valid(); walks->Next()) {
    StoredVariable held;
    held.kind = StepOutput::Kind::kJson;
    held.json = ItemToJson(walks->item());
    QUARRY_ASSIGN_OR_RETURN(
        bool passed, TestConditionalAt(json_fields::Join(op.path, "conditional"), c, held, ctx));
    if (!passed) continue;
    if (kept.size() >= ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(OpName(op) + ": more than " +
                                    std::to_string(ctx.limits.max_materialised_items) +
                                    " walks pass the conditional");
    }
    kept.push_back(Item(std::move(held.json)));
  }
  QUARRY_RETURN_IF_ERROR(walks->status());
  return StepOutput::Stream(MakeVectorStream(std::move(kept)));
}

Result<StepOutput> RunGetWalksImpl(const Operation& op, StepOutput input, ExecContext& ctx) {
  if (static_cast<uint64_t>(op.results_limit) > ctx.limits.max_materialised_items) {
    return InvalidArgumentError(
        json_fields::Join(op.path, "resultsLimit") + ": " + std::to_string(op.results_limit) +
        " is over this server's limit of " + std::to_string(ctx.limits.max_materialised_items));
  }
  QUARRY_ASSIGN_OR_RETURN(int hops, ValidateHops(op, *ctx.graph->schema()));
  QUARRY_ASSIGN_OR_RETURN(std::vector<Value> seeds,
                          WalkSeeds(op, std::move(input), op.results_limit));
  auto graph = std::make_shared<WalkGraph>(hops);
  std::vector<Value> frontier = seeds;
  for (size_t i = 0; i < op.operations.size(); ++i) {
    if (const Operation* loop = WhileHop(op.operations[i])) {
      QUARRY_ASSIGN_OR_RETURN(frontier,
                              RunWhileHop(op, *loop, i, std::move(frontier), graph.get(), ctx));
      continue;
    }
    bool record_edges = graph->edge_hops() < static_cast<size_t>(hops);
    QUARRY_ASSIGN_OR_RETURN(
        frontier, RunHop(op, op.operations[i], i, frontier, record_edges, graph.get(), ctx));
  }
  std::unique_ptr<ItemStream> walks =
      MakeWalkStream(std::move(graph), std::move(seeds), op.include_partial);
  if (op.flow == nullptr || !op.flow->conditional.has_value() ||
      op.flow->conditional->predicate.is_null()) {
    return StepOutput::Stream(std::move(walks));
  }
  return FilterWalks(op, std::move(walks), ctx);
}

}  // namespace

Result<StepOutput> RunGetWalks(const Operation& op, StepOutput input, ExecContext& ctx) {
  return RunGetWalksImpl(op, std::move(input), ctx);
}

}  // namespace quarry::operations_internal
