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
#include "server/service/reload_signals.h"  // branch service
#include "server/users.h"

namespace quarry {

class Operability;  // server/service/operability.h (branch service)

// What to serve: Thrift, Gaffer's REST API over HTTP, or both (sharing one
// Executor and one UserDirectory).
struct ServeOptions {
  std::optional<ServerOptions> thrift;
  std::optional<HttpServerOptions> http;
  RestServiceInfo rest_info;  // What the REST API says about the service.
  // The explorer page's built files (server/rest/ui_files.h), served at /ui/
  // beside the REST API; empty: no page.
  std::string ui_dir;

  // branch service (issue 19): request log, metrics at /metrics, health and
  // SIGHUP reloads (server/service/operability.h). Null: none of these
  // (status is always UP, SIGHUP does nothing).
  Operability* operability = nullptr;
  // The users file, reread on SIGHUP (with operability).
  std::optional<std::string> users_file;
  // --metrics-port: /metrics alone on its own HTTP listener (for a server
  // that serves only Thrift). Needs operability.
  std::optional<HttpServerOptions> metrics_http;
  // Further SIGHUP reloads, run after the users file and the request log
  // (e.g. TLS certificates).
  std::vector<ReloadAction> reload_actions;
  // --- end of branch service.
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
// blocks until SIGINT or SIGTERM (running the reload actions on each SIGHUP:
// the users file, the request log, options.reload_actions), then stops both
// gracefully (in-flight
// requests finish, connections close) and returns OK. Unavailable if an
// address cannot be bound, InvalidArgument if neither server is asked for.
// REQUIRES: BlockTerminationSignals() (server/rpc_server.h) and
// BlockReloadSignal() (server/service/reload_signals.h) were called before
// any thread was started, so that the signals reach the waiting thread.
Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServeOptions& options, std::FILE* out);

}  // namespace quarry
