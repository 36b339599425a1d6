// QuarryService: the Thrift handler (quarry.thrift's Quarry service) over an
// Executor. Every call authenticates its Credentials against the
// UserDirectory; the user's auths come from the directory, never from the
// client. Every failure leaves as QuarryError{code: canonical status name,
// message}; this is the one place C++ exceptions are caught.
//
// Thread safety: all methods may be called concurrently (the Executor and the
// QueryRegistry are thread-safe).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "graph-core/status.h"
#include "operations/executor.h"
#include "server/auth_throttle.h"
#include "server/request_slots.h"
#include "server/rpc/Quarry.h"
#include "server/server_options.h"
#include "server/service/query_registry.h"
#include "server/users.h"

namespace quarry {

// The IDL error for a non-OK status.
rpc::QuarryError ToQuarryError(const Status& status);

// --- branch tls (issue 20): one client connection as the service sees it:
// where it comes from (for the failed-authentication throttle and mutual
// TLS) and the paged queries opened on it, closed when it closes
// (server/service/connection_handler.h).
struct ServiceConnection {
  std::string source = "in-process";
  // The verified client certificate's common name, read when a call needs
  // it (the handshake ends at the connection's first read); null: none.
  std::function<std::string()> certificate_name;
  std::mutex mu;
  std::set<std::pair<std::string, std::string>> queries;  // (user, handle); guarded by mu.
};
// --- end of branch tls.

class QuarryService : public rpc::QuarryIf {
 public:
  QuarryService(std::shared_ptr<const Executor> executor, UserDirectory users, ServerLimits limits);

  // --- branch tls: the calls on behalf of one connection (the QuarryIf
  // methods below use an in-process connection). Each authenticates through
  // the throttle, holds a request slot of the user's quota while it runs,
  // and records the queries it opens on `connection`.
  void execute(ServiceConnection& connection, std::string& result,
               const rpc::Credentials& credentials, const std::string& operation_json);
  void openQuery(ServiceConnection& connection, std::string& handle,
                 const rpc::Credentials& credentials, const std::string& operation_json,
                 int32_t page_size);
  void nextPage(ServiceConnection& connection, rpc::Page& page, const rpc::Credentials& credentials,
                const std::string& handle);
  void closeQuery(ServiceConnection& connection, const rpc::Credentials& credentials,
                  const std::string& handle);
  void addElements(ServiceConnection& connection, rpc::AddElementsResult& result,
                   const rpc::Credentials& credentials, const std::vector<rpc::Element>& elements,
                   const rpc::AddElementsOptions& options);
  // Closes the queries opened on `connection` (it has closed).
  void CloseConnectionQueries(ServiceConnection& connection);
  size_t open_queries() const { return queries_.size(); }
  // --- end of branch tls.

  void execute(std::string& result, const rpc::Credentials& credentials,
               const std::string& operation_json) override;
  void openQuery(std::string& handle, const rpc::Credentials& credentials,
                 const std::string& operation_json, int32_t page_size) override;
  void nextPage(rpc::Page& page, const rpc::Credentials& credentials,
                const std::string& handle) override;
  void closeQuery(const rpc::Credentials& credentials, const std::string& handle) override;
  void addElements(rpc::AddElementsResult& result, const rpc::Credentials& credentials,
                   const std::vector<rpc::Element>& elements,
                   const rpc::AddElementsOptions& options) override;
  // branch service (issue 19): always UP here (the service exists only over
  // an open graph); `quarry serve` answers status() from its health checks
  // (server/service/observed_service.h).
  void status(rpc::ServiceStatus& result) override { result.status = "UP"; }

 private:
  // branch tls: the authenticated user and the request slot it holds.
  struct Admitted {
    User user;
    RequestSlots::Slot slot;
  };
  Result<Admitted> Admit(const rpc::Credentials& credentials, ServiceConnection& connection);
  Status CheckOperationJson(const std::string& operation_json) const;
  Status DoExecute(ServiceConnection& connection, const rpc::Credentials& credentials,
                   const std::string& operation_json, std::string* result);
  Status DoOpenQuery(ServiceConnection& connection, const rpc::Credentials& credentials,
                     const std::string& operation_json, int32_t page_size, std::string* handle);
  Status DoNextPage(ServiceConnection& connection, const rpc::Credentials& credentials,
                    const std::string& handle, rpc::Page* page);
  Status DoAddElements(ServiceConnection& connection, const rpc::Credentials& credentials,
                       const std::vector<rpc::Element>& elements,
                       const rpc::AddElementsOptions& options, rpc::AddElementsResult* result);

  std::shared_ptr<const Executor> executor_;
  UserDirectory users_;
  ServerLimits limits_;
  QueryRegistry queries_;
  AuthThrottle throttle_;         // branch tls
  RequestSlots requests_;         // branch tls
  ServiceConnection in_process_;  // branch tls: for the QuarryIf methods.
};

}  // namespace quarry
