#include "server/service/quarry_service.h"

#include <cstdio>
#include <exception>

#include "graph-core/json_depth.h"
#include "server/authenticated_user.h"
#include "server/service/thrift_elements.h"

namespace quarry {
namespace {

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
      queries_(limits.max_open_queries, limits.query_idle_timeout_ms),
      throttle_({limits.max_auth_failures, limits.auth_failure_window_ms, limits.auth_block_ms}) {}

// branch tls: throttled authentication (tokens or a client certificate)
// and the user's concurrent-request quota.
Result<QuarryService::Admitted> QuarryService::Admit(const rpc::Credentials& credentials,
                                                     ServiceConnection& connection) {
  std::optional<std::string> token;
  if (credentials.__isset.token) token = credentials.token;
  RequestOrigin origin{connection.source, ""};
  if (connection.certificate_name) origin.certificate_name = connection.certificate_name();
  QUARRY_ASSIGN_OR_RETURN(User user,
                          AuthenticateFrom(users_, &throttle_, origin, credentials.userId, token));
  const UserQuotas quotas = users_.QuotasFor(user.user_id);
  QUARRY_ASSIGN_OR_RETURN(RequestSlots::Slot slot,
                          requests_.Acquire(user.user_id, quotas.max_concurrent_requests));
  return Admitted{std::move(user), std::move(slot)};
}

Status QuarryService::CheckOperationJson(const std::string& operation_json) const {
  return CheckJsonDepth(operation_json, limits_.max_json_depth);
}

Status QuarryService::DoExecute(ServiceConnection& connection, const rpc::Credentials& credentials,
                                const std::string& operation_json, std::string* result) {
  QUARRY_ASSIGN_OR_RETURN(Admitted admitted, Admit(credentials, connection));
  const User& user = admitted.user;
  QUARRY_RETURN_IF_ERROR(CheckOperationJson(operation_json));
  return executor_->ExecuteText(user, operation_json, result);
}

Status QuarryService::DoOpenQuery(ServiceConnection& connection,
                                  const rpc::Credentials& credentials,
                                  const std::string& operation_json, int32_t page_size,
                                  std::string* handle) {
  QUARRY_ASSIGN_OR_RETURN(Admitted admitted, Admit(credentials, connection));
  const User& user = admitted.user;
  if (page_size < 1 || page_size > limits_.max_page_size) {
    return InvalidArgumentError("pageSize " + std::to_string(page_size) + " is outside [1, " +
                                std::to_string(limits_.max_page_size) + "]");
  }
  QUARRY_RETURN_IF_ERROR(CheckOperationJson(operation_json));
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ResultCursor> cursor,
                          executor_->Open(user, operation_json));
  const UserQuotas quotas = users_.QuotasFor(user.user_id);
  QUARRY_ASSIGN_OR_RETURN(
      *handle, queries_.Add(user.user_id, std::move(cursor), static_cast<size_t>(page_size),
                            static_cast<size_t>(quotas.max_open_queries)));
  std::lock_guard lock(connection.mu);  // branch tls: closed with the connection.
  connection.queries.emplace(user.user_id, *handle);
  return Status::OK();
}

Status QuarryService::DoNextPage(ServiceConnection& connection, const rpc::Credentials& credentials,
                                 const std::string& handle, rpc::Page* page) {
  QUARRY_ASSIGN_OR_RETURN(Admitted admitted, Admit(credentials, connection));
  const User& user = admitted.user;
  QUARRY_ASSIGN_OR_RETURN(QueryPage next, queries_.NextPage(user.user_id, handle));
  page->__set_itemCount(static_cast<int32_t>(next.items.size()));
  next.items.TakeArray(&page->itemsJson);
  page->done = next.done;
  return Status::OK();
}

Status QuarryService::DoAddElements(ServiceConnection& connection,
                                    const rpc::Credentials& credentials,
                                    const std::vector<rpc::Element>& elements,
                                    const rpc::AddElementsOptions& options,
                                    rpc::AddElementsResult* result) {
  QUARRY_ASSIGN_OR_RETURN(Admitted admitted, Admit(credentials, connection));
  const User& user = admitted.user;
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
  execute(in_process_, result, credentials, operation_json);
}

void QuarryService::openQuery(std::string& handle, const rpc::Credentials& credentials,
                              const std::string& operation_json, int32_t page_size) {
  openQuery(in_process_, handle, credentials, operation_json, page_size);
}

void QuarryService::nextPage(rpc::Page& page, const rpc::Credentials& credentials,
                             const std::string& handle) {
  nextPage(in_process_, page, credentials, handle);
}

void QuarryService::closeQuery(const rpc::Credentials& credentials, const std::string& handle) {
  closeQuery(in_process_, credentials, handle);
}

void QuarryService::addElements(rpc::AddElementsResult& result, const rpc::Credentials& credentials,
                                const std::vector<rpc::Element>& elements,
                                const rpc::AddElementsOptions& options) {
  addElements(in_process_, result, credentials, elements, options);
}

// --- branch tls: the per-connection calls.
void QuarryService::execute(ServiceConnection& connection, std::string& result,
                            const rpc::Credentials& credentials,
                            const std::string& operation_json) {
  Guarded("execute", [&] { return DoExecute(connection, credentials, operation_json, &result); });
}

void QuarryService::openQuery(ServiceConnection& connection, std::string& handle,
                              const rpc::Credentials& credentials,
                              const std::string& operation_json, int32_t page_size) {
  Guarded("openQuery",
          [&] { return DoOpenQuery(connection, credentials, operation_json, page_size, &handle); });
}

void QuarryService::nextPage(ServiceConnection& connection, rpc::Page& page,
                             const rpc::Credentials& credentials, const std::string& handle) {
  Guarded("nextPage", [&] { return DoNextPage(connection, credentials, handle, &page); });
}

void QuarryService::closeQuery(ServiceConnection& connection, const rpc::Credentials& credentials,
                               const std::string& handle) {
  Guarded("closeQuery", [&]() -> Status {
    QUARRY_ASSIGN_OR_RETURN(Admitted admitted, Admit(credentials, connection));
    queries_.Close(admitted.user.user_id, handle);
    std::lock_guard lock(connection.mu);
    connection.queries.erase({admitted.user.user_id, handle});
    return Status::OK();
  });
}

void QuarryService::addElements(ServiceConnection& connection, rpc::AddElementsResult& result,
                                const rpc::Credentials& credentials,
                                const std::vector<rpc::Element>& elements,
                                const rpc::AddElementsOptions& options) {
  Guarded("addElements",
          [&] { return DoAddElements(connection, credentials, elements, options, &result); });
}

void QuarryService::CloseConnectionQueries(ServiceConnection& connection) {
  std::set<std::pair<std::string, std::string>> queries;
  {
    std::lock_guard lock(connection.mu);
    queries.swap(connection.queries);
  }
  for (const auto& [user_id, handle] : queries) queries_.Close(user_id, handle);
}
// --- end of branch tls.

}  // namespace quarry
