// Output operations: Count, CountGroups, Limit, DiscardOutput, the To*
// conversions and ToCsv.
#include <map>
#include <string>
#include <utility>

#include "graph-core/json_element.h"
#include "operations/generators/csv_generator.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

Result<StepOutput> RunCount(std::unique_ptr<ItemStream> in) {
  int64_t n = 0;
  for (; in->Valid(); in->Next()) ++n;
  QUARRY_RETURN_IF_ERROR(in->status());
  // A java.lang.Long, as CountHandler returns: a predicate on it in a later
  // If or While compares it as a Long. Written bare in the result.
  return StepOutput::Value(ValueToJson(Value::Int64(n)));
}

// Gaffer's CountGroupsHandler: counts elements per group; with a limit, the
// element after the limit stops counting and sets limitHit.
Result<StepOutput> RunCountGroups(const Operation& op, std::unique_ptr<ItemStream> in) {
  std::map<std::string, int64_t> entities;
  std::map<std::string, int64_t> edges;
  bool limit_hit = false;
  int64_t seen = 0;
  for (; in->Valid(); in->Next()) {
    if (op.count_groups_limit.has_value() && ++seen > *op.count_groups_limit) {
      limit_hit = true;
      break;
    }
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(in->item(), OpName(op)));
    ++(e.is_entity() ? entities : edges)[e.group()];
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  Json out = Json::object();
  out["entityGroups"] = Json::object();
  out["edgeGroups"] = Json::object();
  for (const auto& [g, n] : entities) out["entityGroups"][g] = n;
  for (const auto& [g, n] : edges) out["edgeGroups"][g] = n;
  out["limitHit"] = limit_hit;
  return StepOutput::Value(std::move(out));
}

void AddVertex(const Value& v, std::vector<Item>* out) { out->push_back(Item(v)); }

// gaffer-compat.md §7.3, for an edge (source, destination, matched vertex).
void EdgeToVertices(const Value& src, const Value& dst, std::optional<MatchedVertex> matched,
                    std::optional<EdgeVertices> ev, std::optional<UseMatchedVertex> use,
                    std::vector<Item>* out) {
  if (ev == EdgeVertices::kNone) return;
  bool use_equal = use == UseMatchedVertex::kEqual;
  bool use_opposite = use == UseMatchedVertex::kOpposite;
  if (matched.has_value() && (use_equal || use_opposite)) {
    bool source_matched = *matched == MatchedVertex::kSource;
    AddVertex(source_matched == use_equal ? src : dst, out);
    return;
  }
  if (ev.has_value()) {
    if (ev == EdgeVertices::kSource || ev == EdgeVertices::kBoth) AddVertex(src, out);
    if (ev == EdgeVertices::kDestination || ev == EdgeVertices::kBoth) AddVertex(dst, out);
    return;
  }
  if (use_equal) AddVertex(src, out);
  if (use_opposite) AddVertex(dst, out);
}

FlatMapFn ToVerticesFn(std::optional<EdgeVertices> ev, std::optional<UseMatchedVertex> use) {
  return [ev, use](const Item& item, std::vector<Item>* out) {
    if (const auto* e = std::get_if<Element>(&item)) {
      if (e->is_entity()) {
        AddVertex(e->vertex(), out);
      } else {
        EdgeToVertices(e->source(), e->destination(), e->matched_vertex(), ev, use, out);
      }
    } else if (const auto* id = std::get_if<ElementId>(&item)) {
      if (const auto* s = std::get_if<EntitySeed>(id)) {
        AddVertex(s->vertex, out);
      } else {
        const auto& es = std::get<EdgeSeed>(*id);
        EdgeToVertices(es.source, es.destination, es.matched_vertex, ev, use, out);
      }
    } else if (const auto* v = std::get_if<Value>(&item)) {
      AddVertex(*v, out);
    } else {
      return InvalidArgumentError("ToVertices: input item is not an element id: " +
                                  std::get<Json>(item).dump());
    }
    return Status::OK();
  };
}

// An EntitySeed whose vertex is `object` itself, as Gaffer's `new
// EntitySeed(object)` writes it: the vertex wrapped in its class name.
Json EntitySeedAround(std::string_view class_name, Json object) {
  Json vertex = Json::object();
  vertex[std::string(class_name)] = std::move(object);
  return Json{{"class", "uk.gov.gchq.gaffer.operation.data.EntitySeed"},
              {"vertex", std::move(vertex)}};
}

// Gaffer's ToEntitySeedsHandler: an EntitySeed passes through and anything
// else becomes the vertex of a new EntitySeed, so an element or an EdgeSeed
// is wrapped whole (gaffer-doc's ToEntitySeeds example after GetElements),
// not reduced to its vertex. The wrapped element's matchedVertex is left
// out, as the doc example shows it.
Status ToEntitySeed(const Item& item, std::vector<Item>* out) {
  if (const auto* v = std::get_if<Value>(&item)) {
    out->push_back(ElementId(EntitySeed{*v}));
  } else if (const auto* id = std::get_if<ElementId>(&item);
             id != nullptr && std::holds_alternative<EntitySeed>(*id)) {
    out->push_back(item);
  } else if (id != nullptr) {
    out->push_back(
        Item(EntitySeedAround("uk.gov.gchq.gaffer.operation.data.EdgeSeed", ElementIdToJson(*id))));
  } else if (const auto* e = std::get_if<Element>(&item)) {
    Json element = ElementToJson(*e);
    element.erase("matchedVertex");
    const std::string class_name = element.value("class", "");
    out->push_back(Item(EntitySeedAround(class_name, std::move(element))));
  } else {
    return InvalidArgumentError("ToEntitySeeds: input item is not a vertex: " +
                                ItemToJson(item).dump());
  }
  return Status::OK();
}

Result<StepOutput> RunToCsv(const Operation& op, std::unique_ptr<ItemStream> in,
                            const ExecContext& ctx) {
  CsvGeneratorSpec spec = op.csv;
  AddSchemaPropertyFields(*ctx.graph->schema(), &spec);
  std::vector<Item> header;
  if (op.include_header) header.push_back(Item(Value::String(CsvHeader(spec))));
  FlatMapFn fn = [csv = std::move(spec)](const Item& item, std::vector<Item>* out) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, "ToCsv"));
    out->push_back(Item(Value::String(CsvLine(e, csv))));
    return Status::OK();
  };
  return StepOutput::Stream(
      MakePrefixedStream(std::move(header), MakeFlatMapStream(std::move(in), std::move(fn))));
}

// Gaffer's ToSingletonList: the whole input as one item.
Result<StepOutput> RunToSingletonList(StepOutput input, const ExecContext& ctx) {
  if (input.kind == StepOutput::Kind::kNone) return StepOutput::Stream(MakeVectorStream({}));
  if (input.kind == StepOutput::Kind::kJson) {
    // One object (a ForEach item, a Count): an element, seed or value is
    // passed on as one, so a ToVertices or GetElements after it can read it.
    std::vector<Item> one;
    one.push_back(ParseItemOrJson(std::move(input.json)));
    return StepOutput::Stream(MakeVectorStream(std::move(one)));
  }
  QUARRY_ASSIGN_OR_RETURN(
      std::vector<Item> items,
      Collect(*input.stream, ctx.limits.max_materialised_items, "ToSingletonList"));
  Json list = Json::array();
  for (const Item& item : items) list.push_back(ItemToJson(item));
  std::vector<Item> one;
  one.push_back(Item(std::move(list)));
  return StepOutput::Stream(MakeVectorStream(std::move(one)));
}

// Gaffer's ToArrayHandler: an empty input gives null, not an empty array.
Result<StepOutput> RunToArray(std::unique_ptr<ItemStream> in) {
  if (!in->Valid()) {
    QUARRY_RETURN_IF_ERROR(in->status());
    return StepOutput::None();
  }
  return StepOutput::Stream(std::move(in));
}

}  // namespace

Result<StepOutput> RunOutput(const Operation& op, StepOutput input, ExecContext& ctx) {
  switch (op.kind) {
    case OperationKind::kCount:
      return RunCount(AsStream(std::move(input)));
    case OperationKind::kCountGroups:
      return RunCountGroups(op, AsStream(std::move(input)));
    case OperationKind::kLimit:
      return StepOutput::Stream(MakeLimitStream(AsStream(std::move(input)),
                                                static_cast<uint64_t>(op.result_limit),
                                                /*fail_if_more=*/!op.truncate));
    case OperationKind::kDiscardOutput:
      return StepOutput::None();
    case OperationKind::kToSet:
      return StepOutput::Stream(
          MakeDistinctStream(AsStream(std::move(input)), ctx.limits.max_materialised_items));
    case OperationKind::kToList:
    case OperationKind::kToStream:
      return StepOutput::Stream(AsStream(std::move(input)));
    case OperationKind::kToArray:
      return RunToArray(AsStream(std::move(input)));
    case OperationKind::kToSingletonList:
      return RunToSingletonList(std::move(input), ctx);
    case OperationKind::kToVertices:
      return StepOutput::Stream(MakeFlatMapStream(
          AsStream(std::move(input)), ToVerticesFn(op.edge_vertices, op.use_matched_vertex)));
    case OperationKind::kToEntitySeeds:
      return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), &ToEntitySeed));
    case OperationKind::kToCsv:
      return RunToCsv(op, AsStream(std::move(input)), ctx);
    default:
      return InternalError("RunOutput: not an output operation: " + OpName(op));
  }
}

}  // namespace quarry::operations_internal
