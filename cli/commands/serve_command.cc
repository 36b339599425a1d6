#include <filesystem>
#include <memory>

#include "cli/commands/commands.h"
#include "cli/commands/graph_open.h"      // branch service
#include "cli/commands/periodic_sweep.h"  // rados2
#include "operations/executor.h"
#include "operations/operation_scores.h"
#include "server/rpc_server.h"
#include "server/service/exposure.h"
#include "server/service/operability.h"     // branch service
#include "server/service/reload_signals.h"  // branch service
#include "server/service/serve.h"
#include "server/service/write_lane.h"  // hotkeys (issue 18)
#include "server/tls/tls_context.h"
#include "server/users.h"
#include "store/graph.h"

namespace quarry::cli {

namespace {

// The --http-* flags given over HttpServerLimits' defaults.
void SetHttpLimits(const ServeArgs& args, HttpServerLimits* limits) {
  if (args.http_max_body_bytes) limits->max_body_bytes = *args.http_max_body_bytes;
  if (args.http_max_header_bytes) limits->max_header_bytes = *args.http_max_header_bytes;
  if (args.http_header_timeout_ms) limits->header_timeout_ms = *args.http_header_timeout_ms;
  if (args.http_idle_timeout_ms) limits->idle_timeout_ms = *args.http_idle_timeout_ms;
  if (args.http_body_timeout_ms) limits->body_timeout_ms = *args.http_body_timeout_ms;
  if (args.http_send_timeout_ms) limits->send_timeout_ms = *args.http_send_timeout_ms;
  if (args.http_max_connections) limits->max_connections = *args.http_max_connections;
  if (args.http_workers) limits->max_concurrent_requests = *args.http_workers;
}

// --- branch service (issue 19).
OperabilityOptions OperabilityOptionsFrom(const ServeArgs& args) {
  OperabilityOptions options;
  if (args.request_log) {
    RequestLogOptions& log = options.request_log.emplace();
    log.path = *args.request_log;
    if (args.request_log_max_bytes) log.max_bytes = *args.request_log_max_bytes;
    if (args.slow_request_ms) log.slow_ms = *args.slow_request_ms;
  }
  if (args.health_min_free_bytes) options.min_free_bytes = *args.health_min_free_bytes;
  return options;
}

void SetOperability(const ServeArgs& args, Operability* operability, ServeOptions* options) {
  options->operability = operability;
  options->users_file = args.users_file;
  if (args.metrics_port) {
    HttpServerOptions& metrics = options->metrics_http.emplace();
    metrics.bind_address = args.bind_address;
    metrics.port = *args.metrics_port;
    metrics.limits.max_concurrent_requests = 1;
  }
}
// --- end of branch service.
// --- branch tls (issue 20): TLS, the exposure check, the authoriser.
Status SetUpSecurity(const ServeArgs& args, bool anonymous_only, ServeOptions* options,
                     ExecutorLimits* executor_limits) {
  if (args.tls_cert) {
    TlsFiles files{*args.tls_cert, *args.tls_key, args.tls_client_ca.value_or("")};
    QUARRY_ASSIGN_OR_RETURN(options->tls, TlsContext::Create(std::move(files)));
    if (options->thrift) options->thrift->tls = options->tls;
    if (options->http) options->http->tls = options->tls;
  }
  QUARRY_RETURN_IF_ERROR(CheckExposure({args.bind_address, options->tls != nullptr,
                                        args.users_file.has_value(), args.insecure_allow_plaintext},
                                       stderr));
  options->anonymous_writes = args.anonymous_writes;
  QUARRY_ASSIGN_OR_RETURN(
      executor_limits->authoriser,
      MakeServerAuthoriser(args.operation_auths_file, anonymous_only, args.anonymous_writes));
  if (args.operation_scores_file) {
    QUARRY_ASSIGN_OR_RETURN(OperationScorer scorer,
                            OperationScorer::FromFile(*args.operation_scores_file));
    executor_limits->scorer = std::make_shared<const OperationScorer>(std::move(scorer));
  }
  return Status::OK();
}
// --- end of branch tls.

}  // namespace

Status RunServe(const ServeArgs& args, std::FILE* out) {
  // Before RocksDB starts its threads, so that they inherit the mask.
  BlockTerminationSignals();
  BlockReloadSignal();  // branch service: SIGHUP reloads.
  UserDirectory users = UserDirectory::AnonymousOnly();
  if (args.users_file) {
    QUARRY_ASSIGN_OR_RETURN(users, UserDirectory::FromFile(*args.users_file));
  }
  ServeOptions options;
  if (args.thrift) {
    ServerOptions& thrift = options.thrift.emplace();
    thrift.bind_address = args.bind_address;
    thrift.port = args.port;
    if (args.max_frame_bytes) thrift.limits.max_frame_bytes = *args.max_frame_bytes;
    if (args.max_connections) thrift.limits.max_connections = *args.max_connections;
  }
  if (args.http_port) {
    HttpServerOptions& http = options.http.emplace();
    http.bind_address = args.bind_address;
    http.port = *args.http_port;
    SetHttpLimits(args, &http.limits);
  }
  // The explorer page (branch explorer): the build's web/dist unless --ui-dir.
  options.ui_dir = args.ui_dir.value_or(QUARRY_UI_DEFAULT_DIR);
  options.rest_info.graph_id = std::filesystem::path(args.graph_dir).lexically_normal().filename();
  if (options.rest_info.graph_id.empty()) {  // "dir/" normalises to a trailing empty name.
    options.rest_info.graph_id =
        std::filesystem::path(args.graph_dir).lexically_normal().parent_path().filename();
  }
  options.rest_info.description = "A Quarry graph";
  options.rest_info.version = QUARRY_VERSION;  // CMake project version.
  // Over the network, admin operations (which read server-side files and
  // reshape the store) need the "admin" operation auth.
  ExecutorLimits executor_limits;
  QUARRY_RETURN_IF_ERROR(
      SetUpSecurity(args, users.anonymous_only(), &options, &executor_limits));  // branch tls
  // --- branch service (issue 19): the holder record, operability.
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          OpenGraphForCommand(args.graph_dir, "quarry serve"));
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Operability> operability,
                          Operability::Create(std::move(graph), OperabilityOptionsFrom(args)));
  SetOperability(args, operability.get(), &options);
  // --- end of branch service.
  executor_limits.admin_auth = "admin";
  executor_limits.max_json_depth = ServerLimits().max_json_depth;
  // hotkeys (issue 18): writes run on the write lane, below the reads.
  auto lane = std::make_shared<WriteLane>(
      WriteLaneOptions{.threads = args.write_threads, .priority = args.write_priority});
  std::shared_ptr<Graph> graph_served = WritesOnLane(operability->counted_graph(), lane);
  auto executor = std::make_shared<const Executor>(graph_served, executor_limits);
  // rados2 (issue 14): the periodic age-off sweep.
  PeriodicSweep sweep;
  const auto interval = args.sweep_interval_s ? std::chrono::seconds(*args.sweep_interval_s)
                                              : DefaultSweepInterval(*operability->counted_graph());
  if (interval.count() > 0) sweep.Start(graph_served.get(), interval, stderr);
  Status served = ServeUntilSignalled(std::move(executor), std::move(users), options, out);
  ReleaseHolderRecord(args.graph_dir);  // branch service
  return served;
}

}  // namespace quarry::cli
