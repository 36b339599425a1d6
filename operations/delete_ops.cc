// Deletes and the graph's creation time: DeleteElements, DeleteAllData and
// GetGraphCreatedTime (Gaffer 2.3's operations and store handlers).
//
// DeleteElements (DeleteElementsHandler): the input elements, validated
// against the schema unless "validate" is false (an invalid element fails
// the request, or with skipInvalidElements is dropped), are removed whole
// from the store (Graph::DeleteElements: every visibility, both rows of an
// edge, every insert); the result is Gaffer's count of the elements handed
// to the store, stored or not. Any user may run it, as any user may add.
// The input is gathered first (up to the materialisation limit) and deleted
// in one store call, so the delete is applied whole or not at all.
//
// DeleteAllData: every element removed, the graph kept open and empty
// (Accumulo's handler drops the table; named operations, views and jobs,
// which Gaffer keeps in caches rather than the table, stay). Needs the admin
// operation auth. No result.
//
// GetGraphCreatedTime (GetGraphCreatedTimeHandler): {graphId: created time},
// the time written as Java's LocalDateTime.toString() in UTC
// ("2026-11-24T02:57:00.123"; seconds and milliseconds only when non-zero).
// The graph id is the graph directory's name, as the server reports it.
#include <ctime>
#include <filesystem>

#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"
#include "operations/operation_authoriser.h"

namespace quarry::operations_internal {
namespace {

// Checks `e` as Gaffer's ValidatedElements does (schema validation with
// IsA). InvalidArgument naming the element and group if it fails.
Status ValidateForDelete(std::string_view what, size_t index, const Element& e,
                         const Schema& schema) {
  const std::string where =
      std::string(what) + ": element " + std::to_string(index) + " (group '" + e.group() + "')";
  const SchemaElementDefinition* def = schema.Group(e.group());
  if (def == nullptr || def->kind() != e.kind()) {
    return InvalidArgumentError(where + ": no " + (e.is_entity() ? "entity" : "edge") +
                                " group of that name in the schema");
  }
  Status s = def->Validate(e, /*include_is_a=*/true);
  if (!s.ok()) return InvalidArgumentError(where + ": " + s.message());
  return Status::OK();
}

// Removes from `elements` the invalid ones (counted in *skipped) when
// skipping, else fails on the first; then deletes the rest whole.
Status DeleteValidElements(Graph& graph, std::string_view what, std::vector<Element>* elements,
                           bool validate, bool skip_invalid, uint64_t* skipped) {
  if (validate) {
    const Schema& schema = *graph.schema();
    size_t kept = 0;
    for (size_t i = 0; i < elements->size(); ++i) {
      Status valid = ValidateForDelete(what, i, (*elements)[i], schema);
      if (!valid.ok() && skip_invalid) {
        ++*skipped;
        continue;
      }
      QUARRY_RETURN_IF_ERROR(valid);
      if (kept != i) (*elements)[kept] = std::move((*elements)[i]);
      ++kept;
    }
    elements->resize(kept);
  }
  return graph.DeleteElements(*elements).WithContext(what);
}

Result<StepOutput> RunDeleteElements(const Operation& op, StepOutput input, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(
      std::vector<Item> items,
      Collect(*AsStream(std::move(input)), ctx.limits.max_materialised_items, OpName(op)));
  std::vector<Element> elements;
  elements.reserve(items.size());
  for (const Item& item : items) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, OpName(op)));
    elements.push_back(std::move(e));
  }
  uint64_t skipped = 0;
  QUARRY_RETURN_IF_ERROR(DeleteValidElements(*ctx.graph, OpName(op), &elements, op.validate,
                                             op.skip_invalid_elements, &skipped));
  return StepOutput::Value(Json(static_cast<int64_t>(elements.size())));
}

// Java's LocalDateTime.toString() of `ms` (since the epoch) in UTC.
std::string JavaLocalDateTime(int64_t ms) {
  int64_t seconds = ms / 1000, millis = ms % 1000;
  if (millis < 0) {
    millis += 1000;
    --seconds;
  }
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[40];
  int n = std::snprintf(buffer, sizeof(buffer), "%04d-%02d-%02dT%02d:%02d", tm.tm_year + 1900,
                        tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min);
  if (tm.tm_sec != 0 || millis != 0) {
    n += std::snprintf(buffer + n, sizeof(buffer) - n, ":%02d", tm.tm_sec);
  }
  if (millis != 0) std::snprintf(buffer + n, sizeof(buffer) - n, ".%03d", static_cast<int>(millis));
  return buffer;
}

// The graph directory's name ("dir/" names "dir"), as `quarry serve` names
// the graph.
std::string GraphId(const std::string& path) {
  std::filesystem::path normal = std::filesystem::path(path).lexically_normal();
  std::string id = normal.filename().string();
  return id.empty() ? normal.parent_path().filename().string() : id;
}

Result<StepOutput> RunGetGraphCreatedTime(ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(GraphStats stats, ctx.graph->Stats());
  Json out = Json::object();
  out[GraphId(stats.path)] = JavaLocalDateTime(ctx.graph->created_time_ms());
  return StepOutput::Value(std::move(out));
}

}  // namespace

Result<StepOutput> RunDelete(const Operation& op, StepOutput input, ExecContext& ctx) {
  switch (op.kind) {
    case OperationKind::kDeleteElements:
      return RunDeleteElements(op, std::move(input), ctx);
    case OperationKind::kDeleteAllData:
      QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
      QUARRY_RETURN_IF_ERROR(ctx.graph->DeleteAllElements().WithContext(OpName(op)));
      return StepOutput::None();
    case OperationKind::kGetGraphCreatedTime:
      return RunGetGraphCreatedTime(ctx);
    default:
      return InternalError("RunDelete: not a delete operation: " + OpName(op));
  }
}

}  // namespace quarry::operations_internal

namespace quarry {

Status Executor::DeleteElements(const User& user, std::span<const Element> elements,
                                const AddElementsOptions& options,
                                AddElementsResult* result) const {
  // Not restricted by data auths (Gaffer's DeleteElements); only by the
  // operation authoriser (branch tls).
  if (limits_.authoriser != nullptr) {
    QUARRY_RETURN_IF_ERROR(limits_.authoriser->AuthoriseKind(OperationKind::kDeleteElements,
                                                             user.user_id, user.op_auths));
  }
  if (limits_.scorer != nullptr && limits_.scorer->limits_chains()) {
    QUARRY_RETURN_IF_ERROR(limits_.scorer->CheckLimitKind(OperationKind::kDeleteElements,
                                                          user.user_id, user.op_auths));
  }
  std::vector<Element> kept(elements.begin(), elements.end());
  AddElementsResult local;
  if (result == nullptr) result = &local;
  *result = AddElementsResult();
  Status s =
      operations_internal::DeleteValidElements(*graph_, "DeleteElements", &kept, options.validate,
                                               options.skip_invalid_elements, &result->skipped);
  if (!s.ok()) {
    *result = AddElementsResult();
    return s;
  }
  result->added = kept.size();
  return Status::OK();
}

}  // namespace quarry
