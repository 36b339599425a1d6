// Map and Reduce (Gaffer's MapHandler and ReduceHandler).
//
// Map applies its functions in turn to the whole input object: a chain's
// stream is materialised (bounded by the materialisation limit) into one
// iterable, as Gaffer's functions see an Iterable. A list result streams on;
// a single object is one value (what Gaffer's REST API writes); null is
// nothing. Reduce folds the input's values with a BinaryOperator from the
// identity (koryphe's operators skip nulls, so a null identity takes the
// first value).
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

FnObject ItemToObject(const Item& item) {
  if (const auto* j = std::get_if<Json>(&item)) return FnObjectFromJson(*j);
  return FnObject::Of(item);
}

StepOutput ObjectToOutput(FnObject object) {
  if (object.is_list) {
    std::vector<Item> items;
    items.reserve(object.list.size());
    for (const FnObject& o : object.list) items.push_back(FnObjectToItem(o));
    return StepOutput::Stream(MakeVectorStream(std::move(items)));
  }
  if (object.is_null()) return StepOutput::None();
  return StepOutput::Value(ItemToJson(*object.item));
}

Result<StepOutput> RunMap(const Operation& op, StepOutput input, ExecContext& ctx) {
  const MapJoinFields& f = *op.map_join;
  FnObject object;
  if (f.map_input.has_value()) {
    object = FnObjectFromJson(*f.map_input);
  } else if (input.kind == StepOutput::Kind::kJson) {
    object = FnObjectFromJson(input.json);
  } else if (input.kind == StepOutput::Kind::kStream) {
    QUARRY_ASSIGN_OR_RETURN(
        std::vector<FnObject> items,
        CollectObjects(std::move(input), ctx.limits.max_materialised_items, OpName(op)));
    object = FnObject::List(std::move(items));
  }
  if (object.is_null()) {  // MapHandler: "Input cannot be null".
    return InvalidArgumentError(json_fields::Join(op.path, "input") + ": Input cannot be null");
  }
  Result<FnObject> out = ApplyAll(f.functions, std::move(object));
  if (!out.ok()) return out.status().WithContext(OpName(op));
  return ObjectToOutput(std::move(out).value());
}

Result<Value> ItemToValue(const Item& item, const std::string& what) {
  if (const auto* v = std::get_if<Value>(&item)) return *v;
  if (const auto* j = std::get_if<Json>(&item)) return ValueFromJson(*j, what);
  return InvalidArgumentError(what + ": cannot reduce " + ItemToJson(item).dump() +
                              ": the aggregate function takes values, not elements or ids");
}

Result<StepOutput> RunReduce(const Operation& op, StepOutput input) {
  const MapJoinFields& f = *op.map_join;
  std::string name = OpName(op);
  if (input.kind == StepOutput::Kind::kNone) {  // ReduceHandler: "Input cannot be null".
    return InvalidArgumentError(json_fields::Join(op.path, "input") + ": Input cannot be null");
  }
  Value state;
  if (f.identity.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(state,
                            ValueFromJson(*f.identity, json_fields::Join(op.path, "identity")));
  }
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  for (; in->Valid(); in->Next()) {
    QUARRY_ASSIGN_OR_RETURN(Value v, ItemToValue(in->item(), name + " input"));
    Status s = f.aggregate_function->Apply(&state, v);
    if (!s.ok()) return s.WithContext(name + ": aggregateFunction");
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  if (state.is_null()) return StepOutput::None();
  return StepOutput::Value(ValueToJson(state));
}

}  // namespace

Result<std::vector<FnObject>> CollectObjects(StepOutput input, size_t max_items,
                                             std::string_view what) {
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  std::vector<FnObject> out;
  for (; in->Valid(); in->Next()) {
    if (out.size() >= max_items) {
      return ResourceExhaustedError(std::string(what) + ": input has more than " +
                                    std::to_string(max_items) +
                                    " items, the materialisation limit");
    }
    out.push_back(ItemToObject(in->item()));
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  return out;
}

Result<StepOutput> RunMapOrReduce(const Operation& op, StepOutput input, ExecContext& ctx) {
  if (op.map_join == nullptr) return InternalError("fields not parsed for " + OpName(op));
  if (op.kind == OperationKind::kMap) return RunMap(op, std::move(input), ctx);
  return RunReduce(op, std::move(input));
}

}  // namespace quarry::operations_internal
