// Reads: GetElements, GetAllElements, GetAdjacentIds and the Accumulo set and
// range operations, on the user's data auths.
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>

#include "graph-core/json_fields.h"
#include "iterators/aggregate.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

using ValueSet = std::unordered_set<Value, ValueHash>;

std::vector<std::string> GroupNames(const std::vector<const SchemaElementDefinition*>& defs) {
  std::vector<std::string> names;
  names.reserve(defs.size());
  for (const SchemaElementDefinition* d : defs) names.push_back(d->group());
  return names;
}

// The view as the store should run it: Gaffer's defaults and globals applied.
Result<View> ExpandView(const View& view, const Operation& op, const ExecContext& ctx) {
  std::shared_ptr<const Schema> schema = ctx.graph->schema();
  Result<View> expanded =
      view.Expanded(GroupNames(schema->entity_groups()), GroupNames(schema->edge_groups()));
  if (!expanded.ok()) return expanded.status().WithContext(json_fields::Join(op.path, "view"));
  return expanded;
}

Result<QueryOptions> MakeQueryOptions(const Operation& op, const ExecContext& ctx) {
  QueryOptions q;
  if (op.view.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(q.view, ExpandView(*op.view, op, ctx));
    q.view_expanded = true;  // The store does not expand it again.
  }
  q.include_incoming_outgoing = op.include_incoming_outgoing;
  q.directed_type = op.directed_type;
  q.seed_matching_equal = op.seed_matching_equal;
  q.auths = ctx.auths;
  return q;
}

Result<std::vector<ElementId>> CollectSeeds(std::unique_ptr<ItemStream> stream, const Operation& op,
                                            const ExecContext& ctx) {
  std::vector<ElementId> seeds;
  for (; stream->Valid(); stream->Next()) {
    if (seeds.size() >= ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(OpName(op) + ": more than " +
                                    std::to_string(ctx.limits.max_materialised_items) + " seeds");
    }
    QUARRY_ASSIGN_OR_RETURN(ElementId id, ItemToSeed(stream->item(), OpName(op)));
    seeds.push_back(std::move(id));
  }
  QUARRY_RETURN_IF_ERROR(stream->status());
  return seeds;
}

// The vertices of entity seeds; InvalidArgument naming `field` for an edge seed.
Result<ValueSet> EntityVertices(const std::vector<ElementId>& seeds, const Operation& op,
                                std::string_view field) {
  ValueSet vertices;
  for (const ElementId& id : seeds) {
    const auto* e = std::get_if<EntitySeed>(&id);
    if (e == nullptr) {
      return InvalidArgumentError(json_fields::Join(op.path, field) + ": " + OpName(op) +
                                  " takes entity ids, got " + DebugString(id));
    }
    vertices.insert(e->vertex);
  }
  return vertices;
}

// What a store read borrows, kept alive as long as the stream reading it.
struct ReadState {
  std::shared_ptr<Graph> graph;
  std::vector<ElementId> seeds;
  std::vector<std::pair<ElementId, ElementId>> ranges;
  QueryOptions options;
};

Result<StepOutput> GetElementsStream(std::vector<ElementId> seeds, QueryOptions options,
                                     const ExecContext& ctx) {
  if (seeds.empty()) return StepOutput::Stream(MakeVectorStream({}));
  auto state = std::make_shared<ReadState>();
  state->graph = ctx.graph;
  state->seeds = std::move(seeds);
  state->options = std::move(options);
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementIterator> it,
                          state->graph->GetElements(state->seeds, state->options));
  return StepOutput::Stream(MakeElementStream(std::move(it), std::move(state)));
}

Result<StepOutput> RunGetElements(const Operation& op, StepOutput input, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<ElementId> seeds,
                          CollectSeeds(AsStream(std::move(input)), op, ctx));
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
  return GetElementsStream(std::move(seeds), std::move(options), ctx);
}

// Entity groups are dropped from the view; entity filters are refused.
Result<View> AdjacentIdsView(const Operation& op, const ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(View expanded, ExpandView(op.view.value_or(View()), op, ctx));
  for (const auto& [group, def] : expanded.entities()) {
    if (!def.pre_aggregation_filter.empty() || !def.post_aggregation_filter.empty() ||
        !def.post_transform_filter.empty() || def.has_transform()) {
      return InvalidArgumentError(json_fields::Join(op.path, "view.entities." + group) +
                                  ": GetAdjacentIds does not allow entity filters");
    }
  }
  View edges_only;
  for (const auto& [group, def] : expanded.edges()) edges_only.SetEdge(group, def);
  return edges_only;
}

Result<StepOutput> RunGetAdjacentIds(const Operation& op, StepOutput input, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<ElementId> seeds,
                          CollectSeeds(AsStream(std::move(input)), op, ctx));
  QUARRY_RETURN_IF_ERROR(EntityVertices(seeds, op, "input").status());
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(options.view, AdjacentIdsView(op, ctx));
  options.view_expanded = true;
  options.seed_matching_equal = false;  // Adjacency always follows edges.
  if (!options.view->has_edges()) return StepOutput::Stream(MakeVectorStream({}));
  QUARRY_ASSIGN_OR_RETURN(StepOutput edges, GetElementsStream(seeds, std::move(options), ctx));
  // One EntitySeed per edge row: the end that was not matched (Gaffer's
  // getAdjacentMatchedVertexValue: destination unless DESTINATION matched).
  return StepOutput::Stream(
      MakeFlatMapStream(std::move(edges.stream), [](const Item& item, std::vector<Item>* out) {
        const auto* e = std::get_if<Element>(&item);
        if (e == nullptr || !e->is_edge()) return Status::OK();
        bool dest_matched = e->matched_vertex() == MatchedVertex::kDestination;
        out->push_back(ElementId(EntitySeed{dest_matched ? e->source() : e->destination()}));
        return Status::OK();
      }));
}

// Entities of set A, and edges from A whose other end is in B.
Result<StepOutput> RunBetweenSets(const Operation& op, StepOutput input, ExecContext& ctx) {
  if (!op.input_b.has_value()) {
    return InvalidArgumentError(json_fields::Join(op.path, "inputB") + ": required");
  }
  QUARRY_ASSIGN_OR_RETURN(std::vector<ElementId> seeds_a,
                          CollectSeeds(AsStream(std::move(input)), op, ctx));
  QUARRY_ASSIGN_OR_RETURN(std::vector<ElementId> seeds_b,
                          CollectSeeds(MakeVectorStream(*op.input_b), op, ctx));
  QUARRY_ASSIGN_OR_RETURN(ValueSet a, EntityVertices(seeds_a, op, "input"));
  QUARRY_ASSIGN_OR_RETURN(ValueSet b, EntityVertices(seeds_b, op, "inputB"));
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(StepOutput found, GetElementsStream(seeds_a, std::move(options), ctx));
  auto keep = [a = std::move(a), b = std::move(b)](const Item& item, std::vector<Item>* out) {
    const Element& e = std::get<Element>(item);
    bool pass = e.is_entity();
    if (e.is_edge()) {
      if (e.matched_vertex() == MatchedVertex::kDestination) {
        pass = b.contains(e.source());
      } else if (e.matched_vertex() == MatchedVertex::kSource) {
        pass = b.contains(e.destination());
      } else {
        pass = (a.contains(e.source()) && b.contains(e.destination())) ||
               (a.contains(e.destination()) && b.contains(e.source()));
      }
    }
    if (pass) out->push_back(item);
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(std::move(found.stream), std::move(keep)));
}

// Entities of the set, and edges with both ends in it, each edge once.
Result<StepOutput> RunWithinSet(const Operation& op, StepOutput input, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<ElementId> seeds,
                          CollectSeeds(AsStream(std::move(input)), op, ctx));
  QUARRY_ASSIGN_OR_RETURN(ValueSet set, EntityVertices(seeds, op, "input"));
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(StepOutput found, GetElementsStream(seeds, std::move(options), ctx));
  bool incoming_only = op.include_incoming_outgoing == IncludeIncomingOutgoing::kIncoming;
  auto keep = [set = std::move(set), incoming_only](const Item& item, std::vector<Item>* out) {
    const Element& e = std::get<Element>(item);
    bool pass = e.is_entity();
    if (e.is_edge() && set.contains(e.source()) && set.contains(e.destination())) {
      // Both halves of the edge were found; keep the source-matched one,
      // unless only incoming directed rows can have been returned.
      bool dest_row = e.matched_vertex() == MatchedVertex::kDestination;
      pass = !dest_row || (incoming_only && e.directed());
    }
    if (pass) out->push_back(item);
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(std::move(found.stream), std::move(keep)));
}

Result<StepOutput> RunInRanges(const Operation& op, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
  if (op.ranges.empty()) return StepOutput::Stream(MakeVectorStream({}));
  auto state = std::make_shared<ReadState>();
  state->graph = ctx.graph;
  state->ranges = op.ranges;
  state->options = std::move(options);
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementIterator> it,
                          state->graph->GetElementsInRanges(state->ranges, state->options));
  return StepOutput::Stream(MakeElementStream(std::move(it), std::move(state)));
}

// Gaffer's SummariseGroupOverRangesHandler with the Accumulo store's
// RowIDAggregator: the view names exactly one group; per range, every
// element of it the view lets through is folded into one with the group's
// full aggregator (groupBy properties included), and the result takes the
// identifiers of the last element read, in key order (the range's one
// column family, read shard after shard, is in key order). Quarry reads a
// range as one tablet, so there is one element per range, where Accumulo
// gives one per range per tablet.
Result<StepOutput> RunSummariseGroupOverRanges(const Operation& op, ExecContext& ctx) {
  const size_t groups = op.view ? op.view->entities().size() + op.view->edges().size() : 0;
  if (groups != 1) {
    return InvalidArgumentError(OpName(op) +
                                ": you may only set one group in your view for this operation");
  }
  const std::string& group = op.view->entities().empty() ? op.view->edges().front().first
                                                         : op.view->entities().front().first;
  std::shared_ptr<const Schema> schema = ctx.graph->schema();
  const SchemaElementDefinition* def = schema->Group(group);
  if (def == nullptr) {
    return InvalidArgumentError(OpName(op) + ": group '" + group + "' is not in the schema");
  }
  const std::vector<std::string> no_group_by;
  const std::vector<TupleBinaryOperator> full = def->QueryAggregator(&no_group_by, {});
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
  std::vector<Item> out;
  for (const auto& range : op.ranges) {
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementIterator> it,
                            ctx.graph->GetElementsInRanges({&range, 1}, options));
    std::optional<Element> state;
    for (; it->Valid(); it->Next()) {
      Element e = it->element();
      if (!state) {
        state = std::move(e);
        continue;
      }
      QUARRY_RETURN_IF_ERROR(AggregateProperties(full, group, e.properties(),
                                                 /*input_is_newer=*/true,
                                                 &state->mutable_properties()));
      e.mutable_properties() = std::move(state->mutable_properties());
      state = std::move(e);  // The last element's identifiers.
    }
    QUARRY_RETURN_IF_ERROR(it->status());
    if (state) out.push_back(Item(std::move(*state)));
  }
  return StepOutput::Stream(MakeVectorStream(std::move(out)));
}

// Gaffer's MapStore CountAllElementsDefaultViewHandler: every stored element
// the user may see (the visibility filter), whatever the operation's input
// and options: GetAllElements with no view and no directedType, counted.
Result<StepOutput> RunCountAllElementsDefaultView(ExecContext& ctx) {
  Operation all;
  all.kind = OperationKind::kGetAllElements;
  QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(all, ctx));
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementIterator> it, ctx.graph->GetAllElements(options));
  int64_t count = 0;
  for (; it->Valid(); it->Next()) ++count;
  QUARRY_RETURN_IF_ERROR(it->status());
  return StepOutput::Value(Json(count));
}

}  // namespace

Result<StepOutput> RunRead(const Operation& op, StepOutput input, ExecContext& ctx) {
  switch (op.kind) {
    case OperationKind::kGetElements:
      return RunGetElements(op, std::move(input), ctx);
    case OperationKind::kGetAllElements: {
      QUARRY_ASSIGN_OR_RETURN(QueryOptions options, MakeQueryOptions(op, ctx));
      auto state = std::make_shared<ReadState>();
      state->graph = ctx.graph;
      state->options = std::move(options);
      QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementIterator> it,
                              state->graph->GetAllElements(state->options));
      return StepOutput::Stream(MakeElementStream(std::move(it), std::move(state)));
    }
    case OperationKind::kGetAdjacentIds:
      return RunGetAdjacentIds(op, std::move(input), ctx);
    case OperationKind::kGetElementsBetweenSets:
    case OperationKind::kGetElementsBetweenSetsPairs:
      return RunBetweenSets(op, std::move(input), ctx);
    case OperationKind::kGetElementsWithinSet:
      return RunWithinSet(op, std::move(input), ctx);
    case OperationKind::kGetElementsInRanges:
      return RunInRanges(op, ctx);
    case OperationKind::kSummariseGroupOverRanges:
      return RunSummariseGroupOverRanges(op, ctx);
    case OperationKind::kCountAllElementsDefaultView:  // Branch restdone.
      return RunCountAllElementsDefaultView(ctx);
    default:
      return InternalError("RunRead: not a read operation: " + OpName(op));
  }
}

}  // namespace quarry::operations_internal
