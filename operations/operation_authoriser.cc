#include "operations/operation_authoriser.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "graph-core/json_value.h"
#include "operations/flow_fields.h"
#include "operations/internal/stored_chain.h"

namespace quarry {
namespace {

constexpr std::string_view kHookClass = "uk.gov.gchq.gaffer.graph.hook.OperationAuthoriser";
// Gaffer's root interface: every operation is assignable to it.
constexpr std::string_view kOperationInterface = "uk.gov.gchq.gaffer.operation.Operation";
// Deeper nesting than the operation parser allows cannot occur; a guard only.
constexpr int kMaxDepth = 1000;

Status FieldError(std::string_view source, const std::string& path, std::string_view what) {
  return InvalidArgumentError(std::string(source) + ": " + path + ": " + std::string(what));
}

void AppendUnique(const std::vector<std::string>& from, std::vector<std::string>* to) {
  for (const std::string& auth : from) {
    if (std::find(to->begin(), to->end(), auth) == to->end()) to->push_back(auth);
  }
}

Result<std::vector<std::string>> ParseAuths(const Json& json, std::string_view source,
                                            const std::string& path) {
  if (!json.is_array()) return FieldError(source, path, "expected an array of operation auths");
  std::vector<std::string> auths;
  for (size_t i = 0; i < json.size(); ++i) {
    const Json& item = json[i];
    if (!item.is_string() || item.get_ref<const std::string&>().empty()) {
      return FieldError(source, path + "[" + std::to_string(i) + "]",
                        "expected a non-empty string");
    }
    auths.push_back(item.get<std::string>());
  }
  return auths;
}

}  // namespace

Result<OperationAuthoriser> OperationAuthoriser::Parse(std::string_view json_text,
                                                       std::string_view source) {
  Json json = Json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return InvalidArgumentError(std::string(source) + ": not valid JSON");
  if (!json.is_object()) return FieldError(source, "$", "expected an object with \"auths\"");
  OperationAuthoriser authoriser;
  for (auto it = json.begin(); it != json.end(); ++it) {
    if (it.key() == "class") {
      if (!it->is_string() || (it->get_ref<const std::string&>() != kHookClass &&
                               it->get_ref<const std::string&>() != "OperationAuthoriser")) {
        return FieldError(source, "class", "expected \"" + std::string(kHookClass) + "\"");
      }
    } else if (it.key() != "auths") {
      return FieldError(source, it.key(), "unknown key (expected class, auths)");
    }
  }
  auto auths = json.find("auths");
  if (auths == json.end() || !auths->is_object()) {
    return FieldError(source, "auths", "expected an object of operation class -> auths");
  }
  for (auto it = auths->begin(); it != auths->end(); ++it) {
    const std::string path = "auths." + it.key();
    QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> required, ParseAuths(*it, source, path));
    if (it.key() == kOperationInterface || it.key() == "Operation") {
      authoriser.AddAuthsForEveryOperation(required);
      continue;
    }
    std::optional<OperationKind> kind = OperationKindFromClassName(it.key());
    if (!kind.has_value()) {
      return FieldError(source, path,
                        "unknown operation class (expected an operation class, or " +
                            std::string(kOperationInterface) + " for every operation)");
    }
    authoriser.AddAuths(*kind, required);
  }
  return authoriser;
}

Result<OperationAuthoriser> OperationAuthoriser::FromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFoundError("operation auths file '" + path + "' cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return IOError("operation auths file '" + path + "': read failed");
  return Parse(text.str(), path);
}

void OperationAuthoriser::AddAuths(OperationKind kind, const std::vector<std::string>& auths) {
  AppendUnique(auths, &by_kind_[kind]);
}

void OperationAuthoriser::AddAuthsForEveryOperation(const std::vector<std::string>& auths) {
  AppendUnique(auths, &every_operation_);
}

std::vector<std::string> OperationAuthoriser::Missing(
    OperationKind kind, const std::vector<std::string>& op_auths) const {
  std::set<std::string> missing;
  auto collect = [&](const std::vector<std::string>& required) {
    for (const std::string& auth : required) {
      if (std::find(op_auths.begin(), op_auths.end(), auth) == op_auths.end()) {
        missing.insert(auth);
      }
    }
  };
  collect(every_operation_);
  if (auto it = by_kind_.find(kind); it != by_kind_.end()) collect(it->second);
  return {missing.begin(), missing.end()};
}

Status OperationAuthoriser::AuthoriseKind(OperationKind kind, std::string_view user_id,
                                          const std::vector<std::string>& op_auths) const {
  std::vector<std::string> missing = Missing(kind, op_auths);
  if (missing.empty()) return Status::OK();
  std::string list;
  for (const std::string& auth : missing) list += (list.empty() ? "" : ", ") + auth;
  // Gaffer's UnauthorisedException message, with what is missing.
  return PermissionDeniedError(
      "User does not have permission to run operation: " + std::string(OperationClassName(kind)) +
      " (user '" + std::string(user_id) + "' lacks the operation auth(s) " + list + ")");
}

Status OperationAuthoriser::AuthoriseTree(const Operation& op, std::string_view user_id,
                                          const std::vector<std::string>& op_auths,
                                          int depth) const {
  if (depth > kMaxDepth) return InvalidArgumentError("operation nesting too deep to authorise");
  // Nested operations first, then the operation itself, as Gaffer's authorise.
  for (const Operation& child : op.operations) {
    QUARRY_RETURN_IF_ERROR(AuthoriseTree(child, user_id, op_auths, depth + 1));
  }
  for (const Operation& child : op.get_exports) {
    QUARRY_RETURN_IF_ERROR(AuthoriseTree(child, user_id, op_auths, depth + 1));
  }
  if (op.flow != nullptr) {
    const FlowFields& flow = *op.flow;
    for (const Operation* sub :
         {flow.then_op.get(), flow.otherwise_op.get(), flow.operation.get(),
          flow.conditional.has_value() ? flow.conditional->transform.get() : nullptr}) {
      if (sub != nullptr) QUARRY_RETURN_IF_ERROR(AuthoriseTree(*sub, user_id, op_auths, depth + 1));
    }
  }
  Operation stored;
  if (const Operation* chain = operations_internal::AddedNamedChain(op, &stored);
      chain != nullptr) {
    QUARRY_RETURN_IF_ERROR(AuthoriseTree(*chain, user_id, op_auths, depth + 1));
  }
  Status status = AuthoriseKind(op.kind, user_id, op_auths);
  if (!status.ok() && !op.path.empty()) return status.WithContext(op.path);
  return status;
}

Status OperationAuthoriser::Authorise(const Operation& chain, std::string_view user_id,
                                      const std::vector<std::string>& op_auths) const {
  if (empty()) return Status::OK();
  return AuthoriseTree(chain, user_id, op_auths, 0);
}

std::vector<std::string> OperationAuthoriser::AllAuths() const {
  std::set<std::string> all(every_operation_.begin(), every_operation_.end());
  for (const auto& [kind, auths] : by_kind_) all.insert(auths.begin(), auths.end());
  return {all.begin(), all.end()};
}

std::vector<OperationKind> WriteOperationKinds() {
  return {OperationKind::kAddElements,
          OperationKind::kAddElementsFromFile,
          OperationKind::kDeleteElements,
          OperationKind::kDeleteAllData,
          OperationKind::kSplitStoreFromIterable,
          OperationKind::kSplitStoreFromFile,
          OperationKind::kAddNamedOperation,
          OperationKind::kDeleteNamedOperation,
          OperationKind::kAddNamedView,
          OperationKind::kDeleteNamedView,
          OperationKind::kCheckpoint};
}

}  // namespace quarry
