// Element functions over a chain's elements: Filter, Transform and Aggregate
// (Gaffer's impl.function operations) and Validate. Filter, Transform and
// Validate stream; Aggregate must see every element of a group before it can
// emit one, so it holds the aggregated elements (bounded by the executor's
// materialisation limit), as Gaffer's AggregateHandler does.
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

#include "graph-core/json_fields.h"
#include "iterators/aggregate.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

// The group's entry in a Filter/Transform/Aggregate map, or nullptr.
const GroupFunctions* FindGroup(const std::optional<GroupFunctionMap>& map,
                                std::string_view group) {
  if (!map.has_value()) return nullptr;
  for (const auto& [name, functions] : *map) {
    if (name == group) return &functions;
  }
  return nullptr;
}

// Gaffer's FunctionValidator: every group named must be a schema group of
// that kind.
Status CheckGroups(const Operation& op, const Schema& schema) {
  const ElementFunctionFields& f = *op.element_functions;
  for (ElementKind kind : {ElementKind::kEntity, ElementKind::kEdge}) {
    const auto& map = kind == ElementKind::kEntity ? f.entities : f.edges;
    if (!map.has_value()) continue;
    std::string_view field = kind == ElementKind::kEntity ? "entities" : "edges";
    for (const auto& [group, functions] : *map) {
      const SchemaElementDefinition* def = schema.Group(group);
      if (def == nullptr || def->kind() != kind) {
        return InvalidArgumentError(json_fields::Join(json_fields::Join(op.path, field), group) +
                                    ": " + (kind == ElementKind::kEntity ? "entity" : "edge") +
                                    " group '" + group + "' does not exist in the schema");
      }
    }
  }
  return Status::OK();
}

// Gaffer's handlers: with neither map given, every schema group is listed
// with nothing to do (so elements of unknown groups are dropped by Filter).
ElementFunctionFields WithDefaultGroups(const ElementFunctionFields& given, const Schema& schema) {
  ElementFunctionFields f = given;
  if (f.entities.has_value() || f.edges.has_value()) return f;
  f.entities.emplace();
  f.edges.emplace();
  for (const SchemaElementDefinition* d : schema.entity_groups()) {
    f.entities->emplace_back(d->group(), GroupFunctions());
  }
  for (const SchemaElementDefinition* d : schema.edge_groups()) {
    f.edges->emplace_back(d->group(), GroupFunctions());
  }
  return f;
}

// Gaffer's FilterStreamSupplier: an element passes if its kind's map lists
// its group and it passes globalElements, the kind's global filter and the
// group's filter.
bool PassesFilter(const ElementFunctionFields& f, const Element& e) {
  const GroupFunctions* group = FindGroup(e.is_edge() ? f.edges : f.entities, e.group());
  if (group == nullptr) return false;
  const ElementFilter& global = e.is_edge() ? f.global_edges : f.global_entities;
  return f.global_elements.Test(e) && global.Test(e) && group->filter.Test(e);
}

Result<StepOutput> RunFilter(const Operation& op, StepOutput input, const Schema& schema) {
  auto fields =
      std::make_shared<ElementFunctionFields>(WithDefaultGroups(*op.element_functions, schema));
  std::string name = OpName(op);
  FlatMapFn fn = [fields, name](const Item& item, std::vector<Item>* out) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, name));
    if (PassesFilter(*fields, e)) out->push_back(item);
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), std::move(fn)));
}

// Gaffer's TransformStreamSupplier: each element is transformed by its
// group's functions. Elements of a kind whose map is absent, or (where Gaffer
// would fail on a null transformer) of a group the map leaves out, pass
// unchanged.
Result<StepOutput> RunTransform(const Operation& op, StepOutput input, const Schema& schema) {
  auto fields =
      std::make_shared<ElementFunctionFields>(WithDefaultGroups(*op.element_functions, schema));
  std::string name = OpName(op);
  FlatMapFn fn = [fields, name](const Item& item, std::vector<Item>* out) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, name));
    const GroupFunctions* group =
        FindGroup(e.is_edge() ? fields->edges : fields->entities, e.group());
    if (group != nullptr) {
      for (const TupleFunction& f : group->functions) {
        Status s = f.Apply(&e);
        if (!s.ok()) return s.WithContext(name + ", group '" + e.group() + "'");
      }
    }
    out->push_back(Item(std::move(e)));
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), std::move(fn)));
}

// The aggregation key of `e`: its identifiers and the values of `group_by`
// (Gaffer's ToQueryElementKey; matchedVertex is not part of it).
Element AggregationKey(const Element& e, const std::vector<std::string>& group_by) {
  Properties props;
  for (const std::string& p : group_by) props.Set(p, e.properties().Get(p));
  if (e.is_entity()) return Element::Entity(e.group(), e.vertex(), std::move(props));
  return Element::Edge(e.group(), e.source(), e.destination(), e.directed(), std::move(props));
}

struct GroupAggregation {
  std::vector<std::string> group_by;
  std::vector<TupleBinaryOperator> aggregator;
};

// The groupBy and query aggregator for `e`'s group, or nullptr if the group
// does not aggregate (unknown to the schema, or "aggregate": false).
const GroupAggregation* AggregationFor(const Element& e, const ElementFunctionFields& f,
                                       const Schema& schema,
                                       std::unordered_map<std::string, GroupAggregation>* cache) {
  auto it = cache->find(e.group());
  if (it != cache->end()) return &it->second;
  const SchemaElementDefinition* def = schema.Group(e.group());
  if (def == nullptr || def->kind() != e.kind() || !def->aggregate()) return nullptr;
  const GroupFunctions* given = FindGroup(e.is_edge() ? f.edges : f.entities, e.group());
  GroupAggregation agg;
  const std::vector<std::string>* view_group_by =
      given != nullptr && given->group_by.has_value() ? &*given->group_by : nullptr;
  agg.group_by = view_group_by != nullptr ? *view_group_by : def->group_by();
  agg.aggregator = def->QueryAggregator(
      view_group_by, given != nullptr ? given->aggregator : std::vector<TupleBinaryOperator>());
  return &cache->emplace(e.group(), std::move(agg)).first->second;
}

// Gaffer's AggregatorUtil.queryAggregate: elements of aggregating groups
// merged per key (in first-seen order, each folded into the first), then
// the elements of the other groups as they came.
Result<StepOutput> RunAggregate(const Operation& op, StepOutput input, const ExecContext& ctx,
                                const Schema& schema) {
  ElementFunctionFields fields = WithDefaultGroups(*op.element_functions, schema);
  std::unordered_map<std::string, GroupAggregation> cache;
  std::unordered_map<Element, size_t, ElementHash> index;
  std::vector<Item> aggregated;
  std::vector<Item> others;
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  for (; in->Valid(); in->Next()) {
    if (aggregated.size() + others.size() >= ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(OpName(op) + ": more than " +
                                    std::to_string(ctx.limits.max_materialised_items) +
                                    " aggregated elements");
    }
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(in->item(), OpName(op)));
    const GroupAggregation* agg = AggregationFor(e, fields, schema, &cache);
    if (agg == nullptr) {
      others.push_back(Item(std::move(e)));
      continue;
    }
    auto [it, inserted] = index.emplace(AggregationKey(e, agg->group_by), aggregated.size());
    if (inserted) {
      aggregated.push_back(Item(std::move(e)));
      continue;
    }
    Element& state = std::get<Element>(aggregated[it->second]);
    Status s = AggregateProperties(agg->aggregator, e.group(), e.properties(),
                                   /*input_is_newer=*/false, &state.mutable_properties());
    if (!s.ok()) return s.WithContext(OpName(op));
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  for (Item& item : others) aggregated.push_back(std::move(item));
  return StepOutput::Stream(MakeVectorStream(std::move(aggregated)));
}

// Gaffer's ValidatedElements: the schema's full validator, IsA included; an
// element of a group the schema lacks is invalid. Invalid elements are
// skipped with skipInvalidElements, else they end the stream with an error.
Result<StepOutput> RunValidate(const Operation& op, StepOutput input, const ExecContext& ctx) {
  std::shared_ptr<const Schema> schema = ctx.graph->schema();
  bool skip = op.skip_invalid_elements;
  std::string name = OpName(op);
  FlatMapFn fn = [schema, skip, name](const Item& item, std::vector<Item>* out) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, name));
    const SchemaElementDefinition* def = schema->Group(e.group());
    Status valid = def == nullptr || def->kind() != e.kind()
                       ? InvalidArgumentError("group '" + e.group() + "' is not in the schema")
                       : def->Validate(e, /*include_is_a=*/true);
    if (valid.ok()) {
      out->push_back(item);
    } else if (!skip) {
      return InvalidArgumentError(name + ": element " + e.DebugString() +
                                  " is not valid: " + valid.message());
    }
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), std::move(fn)));
}

}  // namespace

Result<StepOutput> RunElementFunction(const Operation& op, StepOutput input, ExecContext& ctx) {
  if (op.kind == OperationKind::kValidate) return RunValidate(op, std::move(input), ctx);
  if (op.element_functions == nullptr) {
    return InternalError("RunElementFunction: fields not parsed for " + OpName(op));
  }
  std::shared_ptr<const Schema> schema = ctx.graph->schema();
  QUARRY_RETURN_IF_ERROR(CheckGroups(op, *schema));
  switch (op.kind) {
    case OperationKind::kFilter:
      return RunFilter(op, std::move(input), *schema);
    case OperationKind::kTransform:
      return RunTransform(op, std::move(input), *schema);
    case OperationKind::kAggregate:
      return RunAggregate(op, std::move(input), ctx, *schema);
    default:
      return InternalError("RunElementFunction: not an element function: " + OpName(op));
  }
}

}  // namespace quarry::operations_internal
