// QuarryService: the Thrift handler (quarry.thrift's Quarry service) over an
// Executor. Every call authenticates its Credentials against the
// UserDirectory; the user's auths come from the directory, never from the
// client. Every failure leaves as QuarryError{code: canonical status name,
// message}; this is the one place C++ exceptions are caught.
//
// Thread safety: all methods may be called concurrently (the Executor and the
// QueryRegistry are thread-safe).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph-core/status.h"
#include "operations/executor.h"
#include "server/rpc/Quarry.h"
#include "server/server_options.h"
#include "server/service/query_registry.h"
#include "server/users.h"

namespace quarry {

// The IDL error for a non-OK status.
rpc::QuarryError ToQuarryError(const Status& status);

class QuarryService : public rpc::QuarryIf {
 public:
  QuarryService(std::shared_ptr<const Executor> executor, UserDirectory users, ServerLimits limits);

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
  // Paged queries open now, for the metrics.
  size_t open_queries() const { return queries_.size(); }

 private:
  Result<User> Authenticate(const rpc::Credentials& credentials) const;
  Status CheckOperationJson(const std::string& operation_json) const;
  Status DoExecute(const rpc::Credentials& credentials, const std::string& operation_json,
                   std::string* result);
  Status DoOpenQuery(const rpc::Credentials& credentials, const std::string& operation_json,
                     int32_t page_size, std::string* handle);
  Status DoNextPage(const rpc::Credentials& credentials, const std::string& handle,
                    rpc::Page* page);
  Status DoAddElements(const rpc::Credentials& credentials,
                       const std::vector<rpc::Element>& elements,
                       const rpc::AddElementsOptions& options, rpc::AddElementsResult* result);

  std::shared_ptr<const Executor> executor_;
  UserDirectory users_;
  ServerLimits limits_;
  QueryRegistry queries_;
};

}  // namespace quarry
