// ValidateOperationChain (Gaffer's ValidateOperationChainHandler over the
// store's OperationChainValidator): checks a chain without running it and
// returns koryphe's ValidationResult, {"valid": bool, "errors": [...]}.
//
// The checks are the ones Quarry makes before running any chain: the chain
// parses (required fields, field types, known classes), its named operations
// and named views resolve, its flow limits hold, and every view it holds is
// valid for the graph's schema. Errors are listed in that order, each once.
#include <string>
#include <utility>

#include "iterators/view_validation.h"
#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

// Calls `visit` on `op` and every operation nested in it (chains, the
// operations of If/While/ForEach/Join, a conditional's transform).
void VisitAll(const Operation& op, const std::function<void(const Operation&)>& visit) {
  visit(op);
  for (const Operation& child : op.operations) VisitAll(child, visit);
  if (op.flow == nullptr) return;
  for (const auto* sub :
       {op.flow->then_op.get(), op.flow->otherwise_op.get(), op.flow->operation.get()}) {
    if (sub != nullptr) VisitAll(*sub, visit);
  }
  if (op.flow->conditional.has_value() && op.flow->conditional->transform != nullptr) {
    VisitAll(*op.flow->conditional->transform, visit);
  }
}

void AddError(const std::string& message, Json* errors) {
  for (const Json& e : *errors) {
    if (e == message) return;
  }
  errors->push_back(message);
}

// The errors of `chain_json`, in the order the checks find them.
Json ChainErrors(const Json& chain_json, const ExecContext& ctx) {
  Json errors = Json::array();
  Result<Operation> parsed = ParseOperation(chain_json, "operationChain");
  if (!parsed.ok()) {
    AddError(parsed.status().message(), &errors);
    return errors;
  }
  Operation chain = std::move(parsed).value();
  Status resolved = ResolveNamed(&chain, ctx);
  if (!resolved.ok()) {
    AddError(resolved.message(), &errors);
    return errors;
  }
  Status limits = CheckFlowLimits(chain, ctx.limits);
  if (!limits.ok()) AddError(limits.message(), &errors);
  std::shared_ptr<const Schema> schema = ctx.graph->schema();
  VisitAll(chain, [&](const Operation& op) {
    if (!op.view.has_value()) return;
    Result<View> expanded = ExpandViewForSchema(*op.view, *schema);
    Status valid = expanded.ok() ? ValidateViewForSchema(*expanded, *schema) : expanded.status();
    if (!valid.ok()) AddError(OpName(op) + ": " + valid.message(), &errors);
  });
  return errors;
}

}  // namespace

Result<StepOutput> RunValidateOperationChain(const Operation& op, ExecContext& ctx) {
  if (op.map_join == nullptr) return InternalError("fields not parsed for " + OpName(op));
  Json errors = ChainErrors(op.map_join->operation_chain, ctx);
  Json result = Json::object();
  result["valid"] = errors.empty();
  result["errors"] = std::move(errors);
  return StepOutput::Value(std::move(result));
}

}  // namespace quarry::operations_internal
