// GetWalks, named operation and named view fields. Named operation and view
// requests keep their JSON object (Operation::named_request) because what
// they hold (a chain with ${param} placeholders, a view with parameters) can
// only be checked once the stored definitions are known.
#include "operations/internal/walk_named_parser.h"

#include <utility>

#include "graph-core/json_fields.h"
#include "operations/generators/element_object_generators.h"
#include "operations/internal/flow_parser.h"
#include "operations/internal/input_parser.h"
#include "operations/internal/view_merge.h"

namespace quarry::operations_internal {
namespace {

constexpr std::string_view kNamedViewClass =
    "uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView";

// A hop is an operation or a chain; a lone operation is wrapped in a chain
// (Gaffer's OperationChain.wrap).
Result<Operation> ParseHop(const Json& json, const std::string& path) {
  QUARRY_ASSIGN_OR_RETURN(Operation hop, ParseOperation(json, path));
  if (hop.kind == OperationKind::kOperationChain) return hop;
  Operation chain;
  chain.path = path;
  chain.operations.push_back(std::move(hop));
  return chain;
}

Status ReadWalkFields(const Json& obj, const std::string& path, Operation* op) {
  const Json* in = json_fields::Find(obj, "input");
  if (in != nullptr) {
    QUARRY_ASSIGN_OR_RETURN(op->input, ParseSeedList(*in, json_fields::Join(path, "input")));
  }
  if (const Json* ops = json_fields::Find(obj, "operations")) {
    std::string opath = json_fields::Join(path, "operations");
    if (!ops->is_array()) return InvalidArgumentError(opath + ": expected an array");
    for (size_t i = 0; i < ops->size(); ++i) {
      QUARRY_ASSIGN_OR_RETURN(Operation hop,
                              ParseHop((*ops)[i], opath + "[" + std::to_string(i) + "]"));
      op->operations.push_back(std::move(hop));
    }
  }
  QUARRY_ASSIGN_OR_RETURN(op->include_partial,
                          json_fields::BoolOr(obj, "includePartial", path, false));
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> limit,
                          json_fields::OptionalInt64(obj, "resultsLimit", path));
  if (limit.has_value()) {
    if (*limit < 0) {
      return InvalidArgumentError(json_fields::Join(path, "resultsLimit") +
                                  ": must not be negative");
    }
    op->results_limit = *limit;
  }
  // Each walk is kept only if the conditional holds for it (FlowFields holds
  // it as it does for If and While).
  QUARRY_ASSIGN_OR_RETURN(std::optional<Conditional> conditional,
                          ReadOptionalConditional(obj, path));
  if (conditional.has_value()) {
    auto flow = std::make_shared<FlowFields>();
    flow->conditional = std::move(conditional);
    op->flow = std::move(flow);
  }
  return Status::OK();
}

// Named operation and view requests: an object, kept for the runners.
Status KeepRequest(const Json& obj, const std::string& path, Operation* op) {
  op->named_request = obj;
  if (op->kind == OperationKind::kNamedOperation) {
    const Json* in = json_fields::Find(obj, "input");
    if (in != nullptr) {
      QUARRY_ASSIGN_OR_RETURN(op->input, ParseItemList(*in, json_fields::Join(path, "input")));
    }
  }
  return Status::OK();
}

// ToMap: elementGenerator {"class": "MapGenerator", "fields": {...},
// "constants": {...}}, and the input.
Status ReadToMapFields(const Json& obj, const std::string& path, Operation* op) {
  const Json* gen = json_fields::Find(obj, "elementGenerator");
  std::string gpath = json_fields::Join(path, "elementGenerator");
  if (gen == nullptr) return InvalidArgumentError(gpath + ": required");
  if (!gen->is_object()) return InvalidArgumentError(gpath + ": expected a MapGenerator object");
  QUARRY_ASSIGN_OR_RETURN(op->csv, ParseMapGeneratorSpec(*gen, gpath));
  if (const Json* in = json_fields::Find(obj, "input")) {
    QUARRY_ASSIGN_OR_RETURN(op->input, ParseItemList(*in, json_fields::Join(path, "input")));
  }
  return Status::OK();
}

}  // namespace

bool ReadWalkAndNamedFields(const Json& obj, const std::string& path, Operation* op,
                            Status* status) {
  switch (op->kind) {
    case OperationKind::kGetWalks:
      *status = ReadWalkFields(obj, path, op);
      return true;
    case OperationKind::kToMap:
      *status = ReadToMapFields(obj, path, op);
      return true;
    case OperationKind::kAddNamedOperation:
    case OperationKind::kGetAllNamedOperations:
    case OperationKind::kDeleteNamedOperation:
    case OperationKind::kNamedOperation:
    case OperationKind::kAddNamedView:
    case OperationKind::kGetAllNamedViews:
    case OperationKind::kDeleteNamedView:
      *status = KeepRequest(obj, path, op);
      return true;
    default:
      return false;
  }
}

Status ReadViewFields(const Json& obj, const std::string& path, Operation* op) {
  const Json* view = json_fields::Find(obj, "view");
  const Json* views = json_fields::Find(obj, "views");
  std::string vpath = json_fields::Join(path, views != nullptr ? "views" : "view");
  Json merged;
  if (views != nullptr) {
    if (!views->is_array()) return InvalidArgumentError(vpath + ": expected an array of views");
    std::vector<const Json*> all;
    if (view != nullptr) all.push_back(view);
    for (const Json& v : *views) all.push_back(&v);
    QUARRY_ASSIGN_OR_RETURN(merged, MergeViewList(all, vpath));
    view = &merged;
  }
  if (view == nullptr) return Status::OK();
  if (IsNamedViewJson(*view)) {
    op->named_view = *view;
    return Status::OK();
  }
  QUARRY_ASSIGN_OR_RETURN(op->view, ParseView(*view, vpath));
  return Status::OK();
}

bool IsNamedViewJson(const Json& view) {
  if (!view.is_object()) return false;
  const Json* cls = json_fields::Find(view, "class");
  return cls != nullptr && cls->is_string() && IsClass(cls->get<std::string>(), kNamedViewClass);
}

}  // namespace quarry::operations_internal
