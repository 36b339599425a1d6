// AddNamedOperation, GetAllNamedOperations and DeleteNamedOperation
// (Gaffer's AddNamedOperationHandler, GetAllNamedOperationsHandler,
// DeleteNamedOperationHandler and NamedOperationCache). NamedOperation calls
// are resolved before a chain runs (named_resolver.cc).
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"
#include "operations/internal/named_params.h"
#include "operations/internal/named_store.h"

namespace quarry::operations_internal {
namespace {

// The chain as text: "operationChain" (an object, or text) or "operations"
// (text), as AddNamedOperation accepts them.
Result<std::string> ChainText(const Json& req, const std::string& path) {
  for (std::string_view field : {"operationChain", "operations"}) {
    const Json* chain = json_fields::Find(req, field);
    if (chain == nullptr) continue;
    if (chain->is_string()) return chain->get<std::string>();
    if (chain->is_object()) return chain->dump();
    return InvalidArgumentError(json_fields::Join(path, field) +
                                ": expected an operation chain object or its JSON text");
  }
  return InvalidArgumentError(json_fields::Join(path, "operationChain") +
                              ": required (Operation Chain must not be empty)");
}

// Gaffer's getOperationChainWithDefaultParams: each "${param}" replaced by
// its default (null when it has none), then parsed.
Result<Operation> ParseWithDefaults(const std::string& text, const Json& params,
                                    const std::string& path) {
  std::string filled = text;
  if (params.is_object()) {
    for (const auto& [param, detail] : params.items()) {
      std::string placeholder = "\"${" + param + "}\"";
      std::string value = detail.contains("defaultValue") ? detail["defaultValue"].dump() : "null";
      for (size_t p = filled.find(placeholder); p != std::string::npos;
           p = filled.find(placeholder, p + value.size())) {
        filled.replace(p, placeholder.size(), value);
      }
    }
  }
  Json chain = Json::parse(filled, nullptr, /*allow_exceptions=*/false);
  if (chain.is_discarded()) return InvalidArgumentError(path + ": malformed JSON");
  return ParseOperation(chain, path);
}

// Every declared parameter must appear in the chain, which must parse with
// the defaults filled in; nested named operations only where allowed.
Status ValidateChain(const std::string& name, const std::string& text, const Json& params,
                     const std::string& path, const ExecContext& ctx) {
  if (params.is_object()) {
    for (const auto& [param, detail] : params.items()) {
      if (text.find("${" + param + "}") == std::string::npos) {
        return InvalidArgumentError(path +
                                    ": Parameter specified in NamedOperation doesn't occur "
                                    "in OperationChain string for ${" +
                                    param + "}");
      }
    }
  }
  Result<Operation> parsed =
      ParseWithDefaults(text, params, json_fields::Join(path, "operationChain"));
  // A parameter without a default may leave a field invalid until supplied.
  if (!parsed.ok()) return params.is_object() ? Status::OK() : parsed.status();
  for (const Operation& op : parsed->operations) {
    if (op.kind != OperationKind::kNamedOperation) continue;
    if (!ctx.limits.nested_named_operations) {
      return InvalidArgumentError(path +
                                  ": NamedOperations can not be nested within "
                                  "NamedOperations");
    }
    const Json* nested = json_fields::Find(op.named_request, "operationName");
    if (nested != nullptr && *nested == name) {
      return InvalidArgumentError(path +
                                  ": Self referencing namedOperations would cause "
                                  "infinitive loop. operationName:" +
                                  name);
    }
  }
  return Status::OK();
}

// GetAllNamedOperationsHandler's AddInputType: the input field class of the
// chain's first operation, when it takes an input.
void AddInputType(Json* detail) {
  if (detail->contains("inputType")) return;
  const Json* text = json_fields::Find(*detail, "operations");
  if (text == nullptr || !text->is_string()) return;
  const Json* params = json_fields::Find(*detail, "parameters");
  Result<Operation> chain =
      ParseWithDefaults(text->get<std::string>(), params != nullptr ? *params : Json(), "");
  if (!chain.ok() || chain->operations.empty()) return;
  switch (chain->operations[0].kind) {
    case OperationKind::kGetAllElements:
    case OperationKind::kGetElementsInRanges:
    case OperationKind::kSummariseGroupOverRanges:
    case OperationKind::kAddElementsFromFile:
    case OperationKind::kGetSchema:
    case OperationKind::kGetAllNamedOperations:
    case OperationKind::kGetAllNamedViews:
    case OperationKind::kDeleteAllData:
    case OperationKind::kGetGraphCreatedTime:
    case OperationKind::kImportFromLocalFile:
      return;
    case OperationKind::kAddElements:
    case OperationKind::kDeleteElements:
      (*detail)["inputType"] = "uk.gov.gchq.gaffer.data.element.Element[]";
      return;
    default:
      (*detail)["inputType"] = "java.lang.Object[]";
  }
}

// NamedOperationDetail as Gaffer writes it (creatorId from the user).
Result<Json> BuildDetail(const Operation& op, const ExecContext& ctx) {
  const Json& req = op.named_request;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          json_fields::OptionalString(req, "operationName", op.path));
  if (!name.has_value() || name->empty()) {
    return InvalidArgumentError(json_fields::Join(op.path, "operationName") +
                                ": required (Operation Name must not be empty)");
  }
  for (std::string_view f : {"readAccessPredicate", "writeAccessPredicate"}) {
    if (json_fields::Find(req, f) != nullptr) {
      return UnimplementedError(json_fields::Join(op.path, f) +
                                ": access predicates are not supported; use readAccessRoles "
                                "and writeAccessRoles");
    }
  }
  QUARRY_ASSIGN_OR_RETURN(std::string text, ChainText(req, op.path));
  QUARRY_ASSIGN_OR_RETURN(Json params, ReadParameterDetails(req, op.path, /*named_view=*/false));
  QUARRY_RETURN_IF_ERROR(ValidateChain(*name, text, params, op.path, ctx));
  Json detail = Json::object();
  detail["operationName"] = *name;
  QUARRY_ASSIGN_OR_RETURN(auto labels, json_fields::OptionalStringList(req, "labels", op.path));
  if (labels.has_value()) detail["labels"] = *labels;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> desc,
                          json_fields::OptionalString(req, "description", op.path));
  if (desc.has_value()) detail["description"] = *desc;
  detail["creatorId"] = ctx.user.user_id;
  detail["operations"] = text;
  QUARRY_ASSIGN_OR_RETURN(auto readers,
                          json_fields::OptionalStringList(req, "readAccessRoles", op.path));
  if (readers.has_value()) detail["readAccessRoles"] = *readers;
  QUARRY_ASSIGN_OR_RETURN(auto writers,
                          json_fields::OptionalStringList(req, "writeAccessRoles", op.path));
  if (writers.has_value()) detail["writeAccessRoles"] = *writers;
  detail["parameters"] = params;
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> score,
                          json_fields::OptionalInt64(req, "score", op.path));
  if (score.has_value()) detail["score"] = *score;
  return detail;
}

bool CanWriteNamed(const Json& detail, const ExecContext& ctx) {
  return HasAccess(ctx.user, Creator(detail), Roles(detail, "writeAccessRoles"),
                   ctx.limits.admin_auth);
}

}  // namespace

bool CanReadNamedOperation(const Json& detail, const ExecContext& ctx) {
  return HasAccess(ctx.user, Creator(detail), Roles(detail, "readAccessRoles"),
                   ctx.limits.admin_auth);
}

Status AddNamedOperation(const Operation& op, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(Json detail, BuildDetail(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(bool overwrite,
                          json_fields::BoolOr(op.named_request, "overwriteFlag", op.path, false));
  std::string name = detail["operationName"].get<std::string>();
  QUARRY_ASSIGN_OR_RETURN(std::optional<Json> existing,
                          GetNamedDetail(*ctx.graph, NamedKind::kOperation, name));
  if (existing.has_value()) {
    if (!overwrite) {
      return AlreadyExistsError(OpName(op) + ": named operation '" + name +
                                "' already exists; set overwriteFlag to replace it");
    }
    if (!CanWriteNamed(*existing, ctx)) {
      return PermissionDeniedError(OpName(op) + ": User " + ctx.user.user_id +
                                   " does not have permission to overwrite named operation '" +
                                   name + "'");
    }
  }
  return PutNamedDetail(*ctx.graph, NamedKind::kOperation, name, detail);
}

Result<StepOutput> GetAllNamedOperations(ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<Json> details,
                          ListNamedDetails(*ctx.graph, NamedKind::kOperation));
  std::vector<Item> visible;
  for (Json& detail : details) {
    if (!CanReadNamedOperation(detail, ctx)) continue;
    AddInputType(&detail);
    visible.push_back(Item(std::move(detail)));
  }
  return StepOutput::Stream(MakeVectorStream(std::move(visible)));
}

Status DeleteNamedOperation(const Operation& op, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          json_fields::OptionalString(op.named_request, "operationName", op.path));
  if (!name.has_value()) {
    return InvalidArgumentError(json_fields::Join(op.path, "operationName") + ": required");
  }
  QUARRY_ASSIGN_OR_RETURN(std::optional<Json> existing,
                          GetNamedDetail(*ctx.graph, NamedKind::kOperation, *name));
  if (!existing.has_value()) return Status::OK();  // Gaffer: nothing to delete is no error.
  if (!CanWriteNamed(*existing, ctx)) {
    return PermissionDeniedError(OpName(op) + ": User " + ctx.user.user_id +
                                 " does not have authority to delete named operation: " + *name);
  }
  return DeleteNamedDetail(*ctx.graph, NamedKind::kOperation, *name);
}

}  // namespace quarry::operations_internal
