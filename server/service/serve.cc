#include "server/service/serve.h"

#include <csignal>
#include <cstring>
#include <functional>
#include <vector>

#include "server/rest/ui_files.h"
#include "server/rpc_server.h"
#include "server/service/connection_handler.h"
#include "server/service/observed_service.h"  // branch service
#include "server/service/operability.h"       // branch service
#include "server/service/quarry_service.h"
#include "server/service/reload_signals.h"  // branch service
#include "server/tls/tls_context.h"

namespace quarry {
namespace {

std::string AnonymousNote(const UserDirectory& users, const ServeOptions& options) {
  std::string note;
  if (users.anonymous_only()) {
    note = options.anonymous_writes
               ? " (no users file: anonymous access only)"
               : " (no users file: anonymous read-only access; --anonymous-writes to allow "
                 "writes)";
  }
  if (options.tls != nullptr) note += options.tls->mutual() ? " (mutual TLS)" : " (TLS)";
  return note;
}

// --- branch service (issue 19): /metrics, health, observed handlers.
HttpPathHandler MetricsPathHandler(Operability* ops) {
  return {"/metrics", /*authenticate=*/false, [ops](const RestRequest& request) {
            RestResponse response;
            if (request.method != "GET" && request.method != "HEAD") {
              return GafferErrorResponse(405, "/metrics: only GET is supported");
            }
            response.content_type = "text/plain; version=0.0.4; charset=utf-8";
            response.body = ops->RenderMetrics();
            return response;
          }};
}

RestServiceInfo WithHealth(RestServiceInfo info, Operability* ops) {
  if (ops != nullptr) {
    info.health = [ops] {
      const HealthReport report = ops->Health();
      return ServiceHealth{report.up, report.reason};
    };
  }
  return info;
}

Result<std::unique_ptr<HttpServer>> StartMetricsOnly(Operability* ops,
                                                     const HttpServerOptions& options) {
  RestHandler none = [](const RestRequest& request) {
    return GafferErrorResponse(404, "this port serves /metrics only");
  };
  return HttpServer::Start(std::move(none), {MetricsPathHandler(ops)},
                           UserDirectory::AnonymousOnly(), options);
}

void AddConnectionSources(Operability* ops, const RpcServer* rpc, const HttpServer* http,
                          const QuarryService* service) {
  ops->metrics().AddSource([rpc, http, service](std::string* out) {
    std::vector<MetricSample> connections;
    if (rpc != nullptr) {
      connections.push_back({{{"transport", "thrift"}}, double(rpc->active_connections())});
    }
    if (http != nullptr) {
      connections.push_back({{{"transport", "http"}}, double(http->active_connections())});
    }
    AppendMetricFamily("quarry_active_connections", "gauge", "Client connections open now.",
                       connections, out);
    if (service != nullptr) {
      AppendMetricFamily("quarry_open_paged_queries", "gauge",
                         "Thrift paged queries (openQuery) not yet closed.",
                         {{{}, double(service->open_queries())}}, out);
    }
  });
}
// --- end of branch service.

// --- branch tls (issue 20): the TLS certificate reload, one of SIGHUP's
// reload actions (new connections get the new certificate).
std::vector<ReloadAction> TlsReloadActions(const ServeOptions& options) {
  if (options.tls == nullptr) return {};
  std::shared_ptr<TlsContext> tls = options.tls;
  return {{"TLS certificate " + tls->files().cert_file, [tls] { return tls->Reload(); }}};
}
// --- end of branch tls.

Result<std::unique_ptr<HttpServer>> StartHttp(std::shared_ptr<const Executor> executor,
                                              const UserDirectory& users,
                                              const ServeOptions& options) {
  auto api = std::make_shared<const RestApi>(std::move(executor),
                                             WithHealth(options.rest_info, options.operability));
  RestHandler handler = [api](const RestRequest& request) { return api->Handle(request); };
  std::vector<HttpPathHandler> extra_paths;
  if (!options.ui_dir.empty()) extra_paths.push_back(UiPathHandler(options.ui_dir));
  if (options.operability != nullptr) {  // branch service
    handler = ObservedRestHandler(std::move(handler), options.operability->observers());
    extra_paths.push_back(MetricsPathHandler(options.operability));
  }
  return HttpServer::Start(std::move(handler), std::move(extra_paths), users, *options.http);
}

// Waits for SIGINT or SIGTERM, running the reload actions on each SIGHUP.
int WaitForStop(const std::vector<ReloadAction>& reloads, std::FILE* out) {
  while (true) {
    const int signal_number = WaitForServeSignal();
    if (signal_number != SIGHUP) return signal_number;
    std::fprintf(out, "SIGHUP: reloading\n");
    RunReloadActions(reloads, out);
  }
}

}  // namespace

Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServeOptions& options, std::FILE* out) {
  if (!options.thrift && !options.http) {
    return InvalidArgumentError("serve: neither a Thrift nor an HTTP port to listen on");
  }
  Operability* ops = options.operability;
  std::unique_ptr<RpcServer> rpc;
  std::shared_ptr<QuarryService> service;
  if (options.thrift) {
    service = std::make_shared<QuarryService>(executor, users, options.thrift->limits);
    // branch tls: a handler per connection (origin, queries closed with it);
    // branch service: each one observed (request log, metrics, health).
    QuarryConnectionFactory::Wrap observe;
    if (ops != nullptr) {
      observe = [ops](std::shared_ptr<rpc::QuarryIf> handler) -> std::unique_ptr<rpc::QuarryIf> {
        return std::make_unique<ObservedQuarryService>(std::move(handler), ops->observers(),
                                                       [ops] { return ops->Health(); });
      };
    }
    QUARRY_ASSIGN_OR_RETURN(rpc, RpcServer::Start(std::make_shared<QuarryConnectionFactory>(
                                                      service, std::move(observe)),
                                                  *options.thrift));
  }
  std::unique_ptr<HttpServer> http;
  if (options.http) {
    QUARRY_ASSIGN_OR_RETURN(http, StartHttp(executor, users, options));
  }
  // --- branch service (issue 19).
  std::unique_ptr<HttpServer> metrics_http;
  std::vector<ReloadAction> reloads;
  if (ops != nullptr) AddConnectionSources(ops, rpc.get(), http.get(), service.get());
  // The "listening" lines are what clients (scripts, tests) wait for, so they
  // come only once every metric source is registered: a /metrics scraped
  // right after them always has the connection gauges.
  if (rpc != nullptr) {
    std::fprintf(out, "listening on %s:%d%s\n", options.thrift->bind_address.c_str(), rpc->port(),
                 AnonymousNote(users, options).c_str());
  }
  if (http != nullptr) {
    std::fprintf(out, "http listening on %s:%d%s\n", options.http->bind_address.c_str(),
                 http->port(), AnonymousNote(users, options).c_str());
  }
  std::fflush(out);
  if (ops != nullptr) {
    if (options.metrics_http) {
      QUARRY_ASSIGN_OR_RETURN(metrics_http, StartMetricsOnly(ops, *options.metrics_http));
      std::fprintf(out, "metrics listening on %s:%d\n", options.metrics_http->bind_address.c_str(),
                   metrics_http->port());
      std::fflush(out);
    }
    reloads = ops->ReloadActions(options.users_file, users);
  }
  reloads.insert(reloads.end(), options.reload_actions.begin(), options.reload_actions.end());
  for (ReloadAction& action : TlsReloadActions(options)) reloads.push_back(std::move(action));
  const int signal_number = WaitForStop(reloads, out);
  // --- end of branch service.
  std::fprintf(out, "stopping on %s\n", signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(out);
  if (rpc != nullptr) rpc->Stop();
  if (http != nullptr) http->Stop();
  if (metrics_http != nullptr) metrics_http->Stop();  // branch service
  if (rpc != nullptr) rpc->Wait();
  return Status::OK();
}

}  // namespace quarry
