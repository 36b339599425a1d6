// Serving a graph until SIGINT/SIGTERM: `quarry serve`'s body.
#pragma once

#include <cstdio>
#include <memory>

#include "graph-core/status.h"
#include "operations/executor.h"
#include "server/server_options.h"
#include "server/users.h"

namespace quarry {

// Starts the Thrift server over `executor`, writes
//   listening on ADDR:PORT
// to `out` (flushed; with --port 0 this is how callers learn the port),
// blocks until SIGINT or SIGTERM, then stops gracefully (in-flight requests
// finish, connections close) and returns OK. Unavailable if the address
// cannot be bound.
// REQUIRES: BlockTerminationSignals() (server/rpc_server.h) was called before
// any thread was started, so that the signals reach the waiting thread.
Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServerOptions& options, std::FILE* out);

}  // namespace quarry
