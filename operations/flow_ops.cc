// Flow control and variables: If, While, ForEach, SetVariable, GetVariable,
// GetVariables (Gaffer's IfHandler, WhileHandler, ForEachHandler and the
// variable handlers over the request's Context).
//
// A nested operation gets the step's input only if it has none of its own
// (Gaffer's OperationHandlerUtil.updateOperationInput); RunOperation already
// lets an explicit input win. If and While hold their input in memory because
// they read it twice (condition, then operation); ForEach collects one result
// per input item. All of it is bounded by the materialisation limit.
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"
#include "operations/internal/flow_predicate.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

size_t MaxItems(const ExecContext& ctx) { return ctx.limits.max_materialised_items; }

Result<bool> TestConditional(const Operation& op, const Conditional& c, const StoredVariable& held,
                             ExecContext& ctx) {
  return TestConditionalAt(json_fields::Join(op.path, "conditional"), c, held, ctx);
}

}  // namespace

Result<bool> TestConditionalAt(const std::string& path, const Conditional& c,
                               const StoredVariable& held, ExecContext& ctx) {
  if (c.transform == nullptr) {
    return TestHeld(c.predicate, held, json_fields::Join(path, "predicate"));
  }
  QUARRY_ASSIGN_OR_RETURN(StepOutput out, RunOperation(*c.transform, Replay(held), ctx));
  QUARRY_ASSIGN_OR_RETURN(StoredVariable transformed,
                          Hold(std::move(out), MaxItems(ctx), OpName(*c.transform)));
  return TestHeld(c.predicate, transformed, json_fields::Join(path, "predicate"));
}

namespace {

// IfHandler: "condition" wins; else the conditional's predicate; neither
// means false. No operation for the branch taken passes the input through.
Result<StepOutput> RunIf(const Operation& op, StepOutput input, ExecContext& ctx) {
  const FlowFields& f = *op.flow;
  bool needs_test =
      !f.condition.has_value() && f.conditional.has_value() && !f.conditional->predicate.is_null();
  if (!needs_test) {
    bool take_then = f.condition.value_or(false);
    const Operation* next = take_then ? f.then_op.get() : f.otherwise_op.get();
    if (next == nullptr) return input;
    return RunOperation(*next, std::move(input), ctx);
  }
  QUARRY_ASSIGN_OR_RETURN(StoredVariable held, Hold(std::move(input), MaxItems(ctx), OpName(op)));
  QUARRY_ASSIGN_OR_RETURN(bool passed, TestConditional(op, *f.conditional, held, ctx));
  const Operation* next = passed ? f.then_op.get() : f.otherwise_op.get();
  if (next == nullptr) return Replay(held);
  return RunOperation(*next, Replay(held), ctx);
}

// WhileHandler: up to maxRepeats times, while the condition (default true)
// or the conditional holds, the operation's output becomes the next input.
Result<StepOutput> RunWhile(const Operation& op, StepOutput input, ExecContext& ctx) {
  const FlowFields& f = *op.flow;
  QUARRY_RETURN_IF_ERROR(CheckFlowLimits(op, ctx.limits));
  QUARRY_ASSIGN_OR_RETURN(StoredVariable held, Hold(std::move(input), MaxItems(ctx), OpName(op)));
  for (int64_t repeat = 0; repeat < f.max_repeats; ++repeat) {
    bool satisfied = f.condition.value_or(true);
    if (f.conditional.has_value()) {
      QUARRY_ASSIGN_OR_RETURN(satisfied, TestConditional(op, *f.conditional, held, ctx));
    }
    if (!satisfied || f.operation == nullptr) break;
    QUARRY_ASSIGN_OR_RETURN(StepOutput out, RunOperation(*f.operation, Replay(held), ctx));
    QUARRY_ASSIGN_OR_RETURN(held, Hold(std::move(out), MaxItems(ctx), OpName(op)));
  }
  return Replay(held);
}

// What ForEach hands its operation for one item: Gaffer sets the item itself
// as the operation's input, so an iterable item (a list or set value, or a
// JSON array) is read item by item (Count counts its items) and any other
// item is one object.
StepOutput ForEachInput(const Item& item) {
  if (const auto* v = std::get_if<Value>(&item)) {
    if (v->type() == ValueType::kList || v->type() == ValueType::kTreeSet ||
        v->type() == ValueType::kHashSet) {
      std::vector<Item> items(v->AsItems().begin(), v->AsItems().end());
      return StepOutput::Stream(MakeVectorStream(std::move(items)));
    }
  } else if (const auto* j = std::get_if<Json>(&item); j != nullptr && j->is_array()) {
    std::vector<Item> items;
    for (const Json& member : *j) items.push_back(ParseItemOrJson(member));
    return StepOutput::Stream(MakeVectorStream(std::move(items)));
  }
  return StepOutput::Value(ItemToJson(item));
}

// ForEachHandler: the operation runs once per input item, with that item
// (one object, not a list) as its input; the results form a list, one entry
// per item (null for an operation without output).
Result<StepOutput> RunForEach(const Operation& op, StepOutput input, ExecContext& ctx) {
  const FlowFields& f = *op.flow;
  if (f.operation == nullptr) {
    return InvalidArgumentError(json_fields::Join(op.path, "operation") + ": required");
  }
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  std::vector<Item> results;
  size_t total = 0;
  for (; in->Valid(); in->Next()) {
    QUARRY_ASSIGN_OR_RETURN(StepOutput out,
                            RunOperation(*f.operation, ForEachInput(in->item()), ctx));
    QUARRY_ASSIGN_OR_RETURN(StoredVariable held, Hold(std::move(out), MaxItems(ctx), OpName(op)));
    total += 1 + held.items.size();
    if (total > MaxItems(ctx)) {
      return ResourceExhaustedError(OpName(op) + ": results hold more than " +
                                    std::to_string(MaxItems(ctx)) + " items");
    }
    results.push_back(Item(HeldToJson(held)));
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  return StepOutput::Stream(MakeVectorStream(std::move(results)));
}

Result<StepOutput> RunSetVariable(const Operation& op, StepOutput input, ExecContext& ctx) {
  if (input.kind == StepOutput::Kind::kNone) {
    // Gaffer: "Variable input value cannot be null".
    return InvalidArgumentError(json_fields::Join(op.path, "input") +
                                ": a variable's value cannot be null");
  }
  QUARRY_ASSIGN_OR_RETURN(StoredVariable held, Hold(std::move(input), MaxItems(ctx), OpName(op)));
  ctx.variables[op.variable_name] = std::move(held);
  return StepOutput::None();
}

Result<StepOutput> RunGetVariable(const Operation& op, const ExecContext& ctx) {
  auto it = ctx.variables.find(op.variable_name);
  if (it == ctx.variables.end()) return StepOutput::None();  // Gaffer: null.
  return Replay(it->second);
}

// A map of name -> value (null for an unset variable).
Result<StepOutput> RunGetVariables(const Operation& op, const ExecContext& ctx) {
  Json out = Json::object();
  for (const std::string& name : op.variable_names) {
    auto it = ctx.variables.find(name);
    out[name] = it == ctx.variables.end() ? Json(nullptr) : HeldToJson(it->second);
  }
  return StepOutput::Value(std::move(out));
}

}  // namespace

Result<StepOutput> RunFlow(const Operation& op, StepOutput input, ExecContext& ctx) {
  switch (op.kind) {
    case OperationKind::kIf:
      return RunIf(op, std::move(input), ctx);
    case OperationKind::kWhile:
      return RunWhile(op, std::move(input), ctx);
    case OperationKind::kForEach:
      return RunForEach(op, std::move(input), ctx);
    case OperationKind::kSetVariable:
      return RunSetVariable(op, std::move(input), ctx);
    case OperationKind::kGetVariable:
      return RunGetVariable(op, ctx);
    case OperationKind::kGetVariables:
      return RunGetVariables(op, ctx);
    default:
      return InternalError("RunFlow: not a flow operation: " + OpName(op));
  }
}

Status CheckFlowLimits(const Operation& op, const ExecutorLimits& limits) {
  if (op.kind == OperationKind::kWhile && op.flow != nullptr &&
      op.flow->max_repeats > limits.max_while_repeats) {
    return InvalidArgumentError(json_fields::Join(op.path, "maxRepeats") +
                                ": max repeats of the While operation is too large: " +
                                std::to_string(op.flow->max_repeats) + " > " +
                                std::to_string(limits.max_while_repeats));
  }
  for (const Operation& child : op.operations)
    QUARRY_RETURN_IF_ERROR(CheckFlowLimits(child, limits));
  if (op.flow == nullptr) return Status::OK();
  for (const auto* sub :
       {op.flow->then_op.get(), op.flow->otherwise_op.get(), op.flow->operation.get()}) {
    if (sub != nullptr) QUARRY_RETURN_IF_ERROR(CheckFlowLimits(*sub, limits));
  }
  if (op.flow->conditional.has_value() && op.flow->conditional->transform != nullptr) {
    QUARRY_RETURN_IF_ERROR(CheckFlowLimits(*op.flow->conditional->transform, limits));
  }
  return Status::OK();
}

}  // namespace quarry::operations_internal
