#include <memory>

#include "cli/commands/commands.h"
#include "operations/executor.h"
#include "server/rpc_server.h"
#include "server/service/serve.h"
#include "server/users.h"
#include "store-rocks/graph.h"

namespace quarry::cli {

Status RunServe(const ServeArgs& args, std::FILE* out) {
  // Before RocksDB starts its threads, so that they inherit the mask.
  BlockTerminationSignals();
  UserDirectory users = UserDirectory::AnonymousOnly();
  if (args.users_file) {
    QUARRY_ASSIGN_OR_RETURN(users, UserDirectory::FromFile(*args.users_file));
  }
  ServerOptions options;
  options.bind_address = args.bind_address;
  options.port = args.port;
  if (args.max_frame_bytes) options.limits.max_frame_bytes = *args.max_frame_bytes;
  if (args.max_connections) options.limits.max_connections = *args.max_connections;
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, Graph::Open(args.graph_dir));
  // Over the network, admin operations (which read server-side files and
  // reshape the store) need the "admin" operation auth.
  ExecutorLimits executor_limits;
  executor_limits.admin_auth = "admin";
  executor_limits.max_json_depth = options.limits.max_json_depth;
  auto executor =
      std::make_shared<const Executor>(std::shared_ptr<Graph>(std::move(graph)), executor_limits);
  return ServeUntilSignalled(std::move(executor), std::move(users), options, out);
}

}  // namespace quarry::cli
