// Resolution before a chain runs (Gaffer's NamedOperationResolver and
// NamedViewResolver hooks): each NamedOperation is replaced by its stored
// chain with the call's parameters and input, recursively, and each view
// naming stored views by the merged view. Nothing runs if any fails.
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"
#include "operations/internal/named_params.h"
#include "operations/internal/named_store.h"

namespace quarry::operations_internal {
namespace {

std::string Trail(const std::vector<std::string>& stack, const std::string& next) {
  std::string out;
  for (const std::string& name : stack) out += name + " -> ";
  return out + next;
}

Status ResolveOperations(Operation* op, const ExecContext& ctx, std::vector<std::string>* stack);

// Refuses a call that would loop or nest too deeply.
Status CheckNesting(const Operation& call, const std::string& name,
                    const std::vector<std::string>& stack, const ExecContext& ctx) {
  for (const std::string& outer : stack) {
    if (outer == name) {
      return InvalidArgumentError(
          OpName(call) + ": named operations call each other in a loop: " + Trail(stack, name));
    }
  }
  int limit = ctx.limits.named_operation_depth_limit;
  if (static_cast<int>(stack.size()) >= limit) {
    return InvalidArgumentError(OpName(call) +
                                ": NamedOperation Resolver hit nested depth limit of " +
                                std::to_string(limit) + " (" + Trail(stack, name) + ")");
  }
  return Status::OK();
}

// The NamedOperation `call` replaced by its chain, itself resolved.
Result<Operation> Expand(const Operation& call, const ExecContext& ctx,
                         std::vector<std::string>* stack) {
  QUARRY_ASSIGN_OR_RETURN(
      std::optional<std::string> name,
      json_fields::OptionalString(call.named_request, "operationName", call.path));
  if (!name.has_value() || name->empty()) {
    return InvalidArgumentError(json_fields::Join(call.path, "operationName") + ": required");
  }
  QUARRY_RETURN_IF_ERROR(CheckNesting(call, *name, *stack, ctx));
  QUARRY_ASSIGN_OR_RETURN(Json json, NamedOperationChainJson(call, *name, ctx));
  Result<Operation> parsed = ParseOperation(json, call.path);
  if (!parsed.ok()) return parsed.status().WithContext("named operation '" + *name + "'");
  Operation chain;
  if (parsed->kind == OperationKind::kOperationChain) {
    chain = std::move(parsed).value();
  } else {
    chain.operations.push_back(std::move(parsed).value());
  }
  chain.path = call.path;
  chain.input = call.input;  // Gaffer's updateOperationInput: the call's input feeds the chain.
  stack->push_back(*name);
  Status nested = ResolveOperations(&chain, ctx, stack);
  stack->pop_back();
  QUARRY_RETURN_IF_ERROR(nested);
  return chain;
}

// Calls `visit` on each operation nested in If / While / ForEach (then,
// otherwise, operation, the conditional's transform). They are shared
// pointers to const (flow_fields.h), so each is copied before it is changed.
Status VisitFlowOperations(Operation* op, const std::function<Status(Operation*)>& visit) {
  if (op->flow == nullptr) return Status::OK();
  auto flow = std::make_shared<FlowFields>(*op->flow);
  std::vector<std::shared_ptr<const Operation>*> nested = {&flow->then_op, &flow->otherwise_op,
                                                           &flow->operation};
  if (flow->conditional.has_value()) nested.push_back(&flow->conditional->transform);
  for (std::shared_ptr<const Operation>* slot : nested) {
    if (*slot == nullptr) continue;
    auto copy = std::make_shared<Operation>(**slot);
    QUARRY_RETURN_IF_ERROR(visit(copy.get()));
    *slot = std::move(copy);
  }
  op->flow = std::move(flow);
  return Status::OK();
}

// Expands `op` in place if it is a NamedOperation call, else what it holds.
Status ResolveOne(Operation* op, const ExecContext& ctx, std::vector<std::string>* stack) {
  if (op->kind == OperationKind::kNamedOperation) {
    QUARRY_ASSIGN_OR_RETURN(*op, Expand(*op, ctx, stack));
    return Status::OK();
  }
  return ResolveOperations(op, ctx, stack);
}

Status ResolveOperations(Operation* op, const ExecContext& ctx, std::vector<std::string>* stack) {
  for (Operation& child : op->operations) QUARRY_RETURN_IF_ERROR(ResolveOne(&child, ctx, stack));
  return VisitFlowOperations(op, [&](Operation* nested) { return ResolveOne(nested, ctx, stack); });
}

Status ResolveViews(Operation* op, const ExecContext& ctx) {
  if (!op->named_view.is_null()) {
    QUARRY_ASSIGN_OR_RETURN(
        op->view, ResolveNamedView(op->named_view, json_fields::Join(op->path, "view"), ctx));
    op->named_view = Json();
  }
  for (Operation& child : op->operations) QUARRY_RETURN_IF_ERROR(ResolveViews(&child, ctx));
  return VisitFlowOperations(op, [&](Operation* nested) { return ResolveViews(nested, ctx); });
}

}  // namespace

// The stored chain of `name` as the user may read it, parameters substituted.
Result<Json> NamedOperationChainJson(const Operation& call, const std::string& name,
                                     const ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<Json> detail,
                          GetNamedDetail(*ctx.graph, NamedKind::kOperation, name));
  if (!detail.has_value()) {
    return NotFoundError(OpName(call) + ": No named operation with the name " + name + " exists");
  }
  if (!CanReadNamedOperation(*detail, ctx)) {
    return PermissionDeniedError(OpName(call) + ": User: " + ctx.user.user_id +
                                 " does not have read access to " + name);
  }
  const Json* text = json_fields::Find(*detail, "operations");
  if (text == nullptr || !text->is_string()) {
    return DataLossError("named operation '" + name + "': stored detail has no operations");
  }
  const Json* details = json_fields::Find(*detail, "parameters");
  const Json* supplied = json_fields::Find(call.named_request, "parameters");
  QUARRY_ASSIGN_OR_RETURN(
      std::string filled,
      SubstituteParameters(text->get<std::string>(), details != nullptr ? *details : Json(),
                           supplied != nullptr ? *supplied : Json(),
                           ParameterRules::kNamedOperation, OpName(call)));
  Json json = Json::parse(filled, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) {
    return InvalidArgumentError(OpName(call) + ": named operation '" + name +
                                "' is not valid JSON once its parameters are substituted");
  }
  return json;
}

Status ResolveNamed(Operation* root, const ExecContext& ctx) {
  std::vector<std::string> stack;
  if (root->kind == OperationKind::kNamedOperation) {
    QUARRY_ASSIGN_OR_RETURN(*root, Expand(*root, ctx, &stack));
  } else {
    QUARRY_RETURN_IF_ERROR(ResolveOperations(root, ctx, &stack));
  }
  return ResolveViews(root, ctx);
}

Result<StepOutput> RunNamed(const Operation& op, StepOutput input, ExecContext& ctx) {
  (void)input;
  switch (op.kind) {
    case OperationKind::kAddNamedOperation:
      QUARRY_RETURN_IF_ERROR(AddNamedOperation(op, ctx));
      return StepOutput::None();
    case OperationKind::kGetAllNamedOperations:
      return GetAllNamedOperations(ctx);
    case OperationKind::kDeleteNamedOperation:
      QUARRY_RETURN_IF_ERROR(DeleteNamedOperation(op, ctx));
      return StepOutput::None();
    case OperationKind::kAddNamedView:
      QUARRY_RETURN_IF_ERROR(AddNamedView(op, ctx));
      return StepOutput::None();
    case OperationKind::kGetAllNamedViews:
      return GetAllNamedViews(ctx);
    case OperationKind::kDeleteNamedView:
      QUARRY_RETURN_IF_ERROR(DeleteNamedView(op, ctx));
      return StepOutput::None();
    default:  // NamedOperation calls are replaced by ResolveNamed before anything runs.
      return InternalError(OpName(op) + ": named operation call was not resolved");
  }
}

}  // namespace quarry::operations_internal
