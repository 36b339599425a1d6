#include "server/service/serve.h"

#include <csignal>
#include <cstring>

#include "server/rest/ui_files.h"
#include "server/rpc_server.h"
#include "server/service/quarry_service.h"

namespace quarry {
namespace {

const char* AnonymousNote(const UserDirectory& users) {
  return users.anonymous_only() ? " (no users file: anonymous access only)" : "";
}

Result<std::unique_ptr<HttpServer>> StartHttp(std::shared_ptr<const Executor> executor,
                                              const UserDirectory& users,
                                              const ServeOptions& options) {
  auto api = std::make_shared<const RestApi>(std::move(executor), options.rest_info);
  RestHandler handler = [api](const RestRequest& request) { return api->Handle(request); };
  std::vector<HttpPathHandler> extra_paths;
  if (!options.ui_dir.empty()) extra_paths.push_back(UiPathHandler(options.ui_dir));
  return HttpServer::Start(std::move(handler), std::move(extra_paths), users, *options.http);
}

}  // namespace

Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServeOptions& options, std::FILE* out) {
  if (!options.thrift && !options.http) {
    return InvalidArgumentError("serve: neither a Thrift nor an HTTP port to listen on");
  }
  std::unique_ptr<RpcServer> rpc;
  if (options.thrift) {
    auto service = std::make_shared<QuarryService>(executor, users, options.thrift->limits);
    QUARRY_ASSIGN_OR_RETURN(rpc, RpcServer::Start(service, *options.thrift));
    std::fprintf(out, "listening on %s:%d%s\n", options.thrift->bind_address.c_str(), rpc->port(),
                 AnonymousNote(users));
    std::fflush(out);
  }
  std::unique_ptr<HttpServer> http;
  if (options.http) {
    QUARRY_ASSIGN_OR_RETURN(http, StartHttp(executor, users, options));
    std::fprintf(out, "http listening on %s:%d%s\n", options.http->bind_address.c_str(),
                 http->port(), AnonymousNote(users));
    std::fflush(out);
  }
  const int signal_number = WaitForTerminationSignal();
  std::fprintf(out, "stopping on %s\n", signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(out);
  if (rpc != nullptr) rpc->Stop();
  if (http != nullptr) http->Stop();
  if (rpc != nullptr) rpc->Wait();
  return Status::OK();
}

}  // namespace quarry
