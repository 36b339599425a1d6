// AddNamedView, GetAllNamedViews and DeleteNamedView (Gaffer's
// AddNamedViewHandler, GetAllNamedViewsHandler, DeleteNamedViewHandler and
// NamedViewCache), and the resolution of a NamedView in an operation's view
// (Gaffer's NamedViewResolver). Named views are readable by everyone
// (Gaffer's default UnrestrictedAccessPredicate); writing needs the creator,
// an admin or one of writeAccessRoles.
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"
#include "operations/internal/named_params.h"
#include "operations/internal/named_store.h"
#include "operations/internal/view_merge.h"
#include "operations/internal/walk_named_parser.h"

namespace quarry::operations_internal {
namespace {

Result<std::string> RequireName(const Operation& op) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          json_fields::OptionalString(op.named_request, "name", op.path));
  if (!name.has_value() || name->empty()) {
    return InvalidArgumentError(json_fields::Join(op.path, "name") +
                                ": NamedView name must be set and not empty");
  }
  return *name;
}

// The view as text: an object, or its JSON text. A NamedView cannot be stored.
Result<std::string> ViewText(const Operation& op) {
  const Json* view = json_fields::Find(op.named_request, "view");
  std::string path = json_fields::Join(op.path, "view");
  if (view == nullptr) return InvalidArgumentError(path + ": required (View cannot be null)");
  Json parsed = *view;
  if (view->is_string()) parsed = Json::parse(view->get<std::string>(), nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    return InvalidArgumentError(path + ": expected a view object or its JSON text");
  }
  if (IsNamedViewJson(parsed)) {
    return InvalidArgumentError(path + ": NamedView can not be nested within NamedView");
  }
  return view->is_string() ? view->get<std::string>() : view->dump();
}

// Each declared parameter must occur in the view; the view with defaults
// filled in must be a valid view when every parameter has one.
Status ValidateView(const std::string& text, const Json& params, const std::string& path) {
  bool all_defaults = true;
  if (params.is_object()) {
    for (const auto& [param, detail] : params.items()) {
      if (text.find("${" + param + "}") == std::string::npos) {
        return InvalidArgumentError(path +
                                    ": Parameter specified in NamedView doesn't occur in "
                                    "View string for ${" +
                                    param + "}");
      }
      all_defaults = all_defaults && detail.contains("defaultValue");
    }
  }
  if (!all_defaults) return Status::OK();
  QUARRY_ASSIGN_OR_RETURN(
      std::string filled,
      SubstituteParameters(text, params, Json(), ParameterRules::kNamedView, path));
  Json view = Json::parse(filled, nullptr, false);
  return ParseView(view, json_fields::Join(path, "view")).status();
}

Result<Json> BuildDetail(const Operation& op, const ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::string name, RequireName(op));
  for (std::string_view f : {"readAccessPredicate", "writeAccessPredicate"}) {
    if (json_fields::Find(op.named_request, f) != nullptr) {
      return UnimplementedError(json_fields::Join(op.path, f) +
                                ": access predicates are not supported; use writeAccessRoles");
    }
  }
  QUARRY_ASSIGN_OR_RETURN(std::string text, ViewText(op));
  QUARRY_ASSIGN_OR_RETURN(Json params,
                          ReadParameterDetails(op.named_request, op.path, /*named_view=*/true));
  QUARRY_RETURN_IF_ERROR(ValidateView(text, params, op.path));
  Json detail = Json::object();
  detail["name"] = name;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> desc,
                          json_fields::OptionalString(op.named_request, "description", op.path));
  if (desc.has_value()) detail["description"] = *desc;
  detail["creatorId"] = ctx.user.user_id;
  QUARRY_ASSIGN_OR_RETURN(
      auto writers, json_fields::OptionalStringList(op.named_request, "writeAccessRoles", op.path));
  if (writers.has_value()) detail["writeAccessRoles"] = *writers;
  if (!params.is_null()) detail["parameters"] = params;
  detail["view"] = text;
  return detail;
}

bool CanWriteView(const Json& detail, const ExecContext& ctx) {
  return HasAccess(ctx.user, Creator(detail), Roles(detail, "writeAccessRoles"),
                   ctx.limits.admin_auth);
}

// The stored view `name` with `parameters` substituted, as view JSON.
Result<Json> StoredView(const std::string& name, const Json& parameters, const std::string& path,
                        const ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<Json> detail,
                          GetNamedDetail(*ctx.graph, NamedKind::kView, name));
  if (!detail.has_value()) {
    return NotFoundError(path + ": No NamedView with the name " + name + " exists");
  }
  const Json* text = json_fields::Find(*detail, "view");
  if (text == nullptr || !text->is_string()) {
    return DataLossError("named view '" + name + "': stored detail has no view");
  }
  const Json* details = json_fields::Find(*detail, "parameters");
  QUARRY_ASSIGN_OR_RETURN(
      std::string filled,
      SubstituteParameters(text->get<std::string>(), details != nullptr ? *details : Json(),
                           parameters, ParameterRules::kNamedView,
                           path + " (named view '" + name + "')"));
  Json view = Json::parse(filled, nullptr, false);
  if (view.is_discarded()) {
    return InvalidArgumentError(path + ": named view '" + name +
                                "' is not valid JSON once its parameters are substituted");
  }
  return view;
}

}  // namespace

Status AddNamedView(const Operation& op, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(Json detail, BuildDetail(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(bool overwrite,
                          json_fields::BoolOr(op.named_request, "overwriteFlag", op.path, false));
  std::string name = detail["name"].get<std::string>();
  QUARRY_ASSIGN_OR_RETURN(std::optional<Json> existing,
                          GetNamedDetail(*ctx.graph, NamedKind::kView, name));
  if (existing.has_value()) {
    if (!overwrite) {
      return AlreadyExistsError(OpName(op) + ": named view '" + name +
                                "' already exists; set overwriteFlag to replace it");
    }
    if (!CanWriteView(*existing, ctx)) {
      return PermissionDeniedError(OpName(op) + ": User " + ctx.user.user_id +
                                   " does not have permission to overwrite named view '" + name +
                                   "'");
    }
  }
  return PutNamedDetail(*ctx.graph, NamedKind::kView, name, detail);
}

Result<StepOutput> GetAllNamedViews(ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<Json> details,
                          ListNamedDetails(*ctx.graph, NamedKind::kView));
  std::vector<Item> items;
  for (Json& d : details) items.push_back(Item(std::move(d)));
  return StepOutput::Stream(MakeVectorStream(std::move(items)));
}

Status DeleteNamedView(const Operation& op, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::string name, RequireName(op));
  QUARRY_ASSIGN_OR_RETURN(std::optional<Json> existing,
                          GetNamedDetail(*ctx.graph, NamedKind::kView, name));
  if (!existing.has_value()) return Status::OK();
  if (!CanWriteView(*existing, ctx)) {
    return PermissionDeniedError(OpName(op) + ": User " + ctx.user.user_id +
                                 " does not have authority to delete named view: " + name);
  }
  return DeleteNamedDetail(*ctx.graph, NamedKind::kView, name);
}

Result<View> ResolveNamedView(const Json& named_view, const std::string& path,
                              const ExecContext& ctx) {
  const Json* name = json_fields::Find(named_view, "name");
  if (name == nullptr || !name->is_string() || name->get<std::string>().empty()) {
    return InvalidArgumentError(json_fields::Join(path, "name") + ": NamedView name must be set");
  }
  const Json* params_ptr = json_fields::Find(named_view, "parameters");
  Json params = params_ptr != nullptr ? *params_ptr : Json();
  QUARRY_ASSIGN_OR_RETURN(Json resolved, StoredView(name->get<std::string>(), params, path, ctx));
  if (const Json* merged = json_fields::Find(named_view, "mergedNamedViewNames")) {
    for (const Json& other : *merged) {
      QUARRY_ASSIGN_OR_RETURN(Json view, StoredView(other.get<std::string>(), params, path, ctx));
      QUARRY_RETURN_IF_ERROR(MergeViewJson(view, path, &resolved));
    }
  }
  QUARRY_RETURN_IF_ERROR(MergeViewJson(InlineViewParts(named_view), path, &resolved));
  return ParseView(resolved, path);
}

}  // namespace quarry::operations_internal
