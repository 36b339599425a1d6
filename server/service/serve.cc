#include "server/service/serve.h"

#include <csignal>
#include <cstring>

#include "server/rpc_server.h"
#include "server/service/quarry_service.h"

namespace quarry {

Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServerOptions& options, std::FILE* out) {
  const bool anonymous = users.anonymous_only();
  auto service =
      std::make_shared<QuarryService>(std::move(executor), std::move(users), options.limits);
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<RpcServer> server, RpcServer::Start(service, options));
  std::fprintf(out, "listening on %s:%d%s\n", options.bind_address.c_str(), server->port(),
               anonymous ? " (no users file: anonymous access only)" : "");
  std::fflush(out);
  const int signal_number = WaitForTerminationSignal();
  std::fprintf(out, "stopping on %s\n", signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(out);
  server->Stop();
  server->Wait();
  return Status::OK();
}

}  // namespace quarry
