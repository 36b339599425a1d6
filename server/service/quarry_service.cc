#include "server/service/quarry_service.h"

#include <cstdio>
#include <exception>

#include "graph-core/json_depth.h"
#include "server/authenticated_user.h"
#include "server/service/thrift_elements.h"

namespace quarry {
namespace {

// Gaffer JSON text; invalid UTF-8 in a value is replaced rather than thrown.
std::string Dump(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Runs `body` (returning Status) and converts failures and stray exceptions
// to QuarryError. The handler edge: nothing else catches.
template <typename Body>
void Guarded(const char* method, Body&& body) {
  Status status;
  try {
    status = body();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "quarry serve: %s: unexpected exception: %s\n", method, e.what());
    status = InternalError(std::string(method) + ": unexpected exception: " + e.what());
  } catch (...) {
    std::fprintf(stderr, "quarry serve: %s: unexpected non-standard exception\n", method);
    status = InternalError(std::string(method) + ": unexpected exception");
  }
  if (!status.ok()) throw ToQuarryError(status);
}

}  // namespace

rpc::QuarryError ToQuarryError(const Status& status) {
  rpc::QuarryError error;
  error.code = std::string(StatusCodeName(status.code()));
  error.message = status.message();
  return error;
}

QuarryService::QuarryService(std::shared_ptr<const Executor> executor, UserDirectory users,
                             ServerLimits limits)
    : executor_(std::move(executor)),
      users_(std::move(users)),
      limits_(limits),
      queries_(limits.max_open_queries, limits.query_idle_timeout_ms) {}

Result<User> QuarryService::Authenticate(const rpc::Credentials& credentials) const {
  std::optional<std::string> token;
  if (credentials.__isset.token) token = credentials.token;
  return AuthenticateUser(users_, credentials.userId, token);
}

Status QuarryService::CheckOperationJson(const std::string& operation_json) const {
  return CheckJsonDepth(operation_json, limits_.max_json_depth);
}

Status QuarryService::DoExecute(const rpc::Credentials& credentials,
                                const std::string& operation_json, std::string* result) {
  QUARRY_ASSIGN_OR_RETURN(User user, Authenticate(credentials));
  QUARRY_RETURN_IF_ERROR(CheckOperationJson(operation_json));
  QUARRY_ASSIGN_OR_RETURN(Json json, executor_->Execute(user, operation_json));
  *result = Dump(json);
  return Status::OK();
}

Status QuarryService::DoOpenQuery(const rpc::Credentials& credentials,
                                  const std::string& operation_json, int32_t page_size,
                                  std::string* handle) {
  QUARRY_ASSIGN_OR_RETURN(User user, Authenticate(credentials));
  if (page_size < 1 || page_size > limits_.max_page_size) {
    return InvalidArgumentError("pageSize " + std::to_string(page_size) + " is outside [1, " +
                                std::to_string(limits_.max_page_size) + "]");
  }
  QUARRY_RETURN_IF_ERROR(CheckOperationJson(operation_json));
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ResultCursor> cursor,
                          executor_->Open(user, operation_json));
  QUARRY_ASSIGN_OR_RETURN(
      *handle, queries_.Add(user.user_id, std::move(cursor), static_cast<size_t>(page_size)));
  return Status::OK();
}

Status QuarryService::DoNextPage(const rpc::Credentials& credentials, const std::string& handle,
                                 rpc::Page* page) {
  QUARRY_ASSIGN_OR_RETURN(User user, Authenticate(credentials));
  QUARRY_ASSIGN_OR_RETURN(QueryPage next, queries_.NextPage(user.user_id, handle));
  Json items = Json::array();
  for (Json& item : next.items) items.push_back(std::move(item));
  page->itemsJson = Dump(items);
  page->done = next.done;
  return Status::OK();
}

Status QuarryService::DoAddElements(const rpc::Credentials& credentials,
                                    const std::vector<rpc::Element>& elements,
                                    const rpc::AddElementsOptions& options,
                                    rpc::AddElementsResult* result) {
  QUARRY_ASSIGN_OR_RETURN(User user, Authenticate(credentials));
  QUARRY_ASSIGN_OR_RETURN(std::vector<Element> native,
                          ElementsFromThrift(elements, limits_.max_json_depth));
  AddElementsOptions add_options;
  add_options.validate = options.validate;
  add_options.skip_invalid_elements = options.skipInvalidElements;
  AddElementsResult added;
  QUARRY_RETURN_IF_ERROR(executor_->AddElements(user, native, add_options, &added));
  result->added = static_cast<int64_t>(added.added);
  result->skipped = static_cast<int64_t>(added.skipped);
  return Status::OK();
}

void QuarryService::execute(std::string& result, const rpc::Credentials& credentials,
                            const std::string& operation_json) {
  Guarded("execute", [&] { return DoExecute(credentials, operation_json, &result); });
}

void QuarryService::openQuery(std::string& handle, const rpc::Credentials& credentials,
                              const std::string& operation_json, int32_t page_size) {
  Guarded("openQuery",
          [&] { return DoOpenQuery(credentials, operation_json, page_size, &handle); });
}

void QuarryService::nextPage(rpc::Page& page, const rpc::Credentials& credentials,
                             const std::string& handle) {
  Guarded("nextPage", [&] { return DoNextPage(credentials, handle, &page); });
}

void QuarryService::closeQuery(const rpc::Credentials& credentials, const std::string& handle) {
  Guarded("closeQuery", [&]() -> Status {
    QUARRY_ASSIGN_OR_RETURN(User user, Authenticate(credentials));
    queries_.Close(user.user_id, handle);
    return Status::OK();
  });
}

void QuarryService::addElements(rpc::AddElementsResult& result, const rpc::Credentials& credentials,
                                const std::vector<rpc::Element>& elements,
                                const rpc::AddElementsOptions& options) {
  Guarded("addElements", [&] { return DoAddElements(credentials, elements, options, &result); });
}

}  // namespace quarry
