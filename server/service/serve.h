// Serving a graph until SIGINT/SIGTERM: `quarry serve`'s body.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "graph-core/status.h"
#include "operations/executor.h"
#include "server/rest/http_server.h"
#include "server/rest/rest_api.h"
#include "server/server_options.h"
#include "server/users.h"

namespace quarry {

// What to serve: Thrift, Gaffer's REST API over HTTP, or both (sharing one
// Executor and one UserDirectory).
struct ServeOptions {
  std::optional<ServerOptions> thrift;
  std::optional<HttpServerOptions> http;
  RestServiceInfo rest_info;  // What the REST API says about the service.
  // The explorer page's built files (server/rest/ui_files.h), served at /ui/
  // beside the REST API; empty: no page.
  std::string ui_dir;
  // --- branch tls (issue 20): the TLS context both servers use (set in
  // their options too), re-read from its files on SIGHUP; null: plain TCP.
  std::shared_ptr<TlsContext> tls;
  bool anonymous_writes = false;  // For the start message only.
  // --- end of branch tls.
};

// Starts the servers asked for over `executor` and writes, for Thrift then
// HTTP,
//   listening on ADDR:PORT
//   http listening on ADDR:PORT
// to `out` (flushed; with port 0 this is how callers learn the ports),
// blocks until SIGINT or SIGTERM (SIGHUP runs the reload callbacks, e.g.
// the TLS certificate reload, and goes on serving), then stops both gracefully (in-flight
// requests finish, connections close) and returns OK. Unavailable if an
// address cannot be bound, InvalidArgument if neither server is asked for.
// REQUIRES: BlockTerminationSignals() (server/rpc_server.h) was called before
// any thread was started, so that the signals (SIGHUP too) reach the waiting
// thread.
Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServeOptions& options, std::FILE* out);

}  // namespace quarry
