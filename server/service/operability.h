// Operability: what `quarry serve` adds around its graph and executor for
// the people who run it (branch service, issue 19), kept in one object that
// serve.cc plugs into its transports:
// * the request log (request_log.h) and the metrics (service_metrics.h),
//   fed by the observed handlers (observed_service.h);
// * the graph the Executor must use, which counts elements written and read
//   (server/metrics/counting_graph.h);
// * the scrape-time metric sources: RocksDB's state (store-rocks/
//   engine_stats.h), age-off deletions (Graph::Stats), open connections and
//   queries registered by the transports;
// * health (health.h) for /graph/status and Thrift status();
// * the SIGHUP reload actions for the users file and the request log.
//
// Lifetime: create before the servers, destroy after they stop.
// Thread safety: every method may be called from many threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph-core/status.h"
#include "server/metrics/service_metrics.h"
#include "server/service/health.h"
#include "server/service/observed_service.h"
#include "server/service/reload_signals.h"
#include "server/service/request_log.h"
#include "server/users.h"
#include "store/graph.h"

namespace quarry {

struct OperabilityOptions {
  std::optional<RequestLogOptions> request_log;  // Unset: no request log.
  uint64_t min_free_bytes = 16u << 20;           // Health: below this the disk is full.
};

class Operability {
 public:
  // `graph`: the store-rocks graph as opened (not yet wrapped).
  static Result<std::unique_ptr<Operability>> Create(std::shared_ptr<Graph> graph,
                                                     const OperabilityOptions& options);

  // The graph to build the Executor on: `graph` with counting.
  std::shared_ptr<Graph> counted_graph() const { return counted_; }
  RequestObservers observers() { return {log_.get(), &metrics_}; }
  ServiceMetrics& metrics() { return metrics_; }
  HealthReport Health() const { return health_.Check(); }

  // The /metrics text (Prometheus text format 0.0.4).
  std::string RenderMetrics() const { return metrics_.Render(); }

  // SIGHUP: reread `users_file` into `users` (every copy shares the table;
  // users.h) and reopen the request log. A bad users file keeps the old one.
  std::vector<ReloadAction> ReloadActions(const std::optional<std::string>& users_file,
                                          UserDirectory users);

 private:
  Operability(std::shared_ptr<Graph> graph, HealthCheckOptions health);
  void AddStoreSources();

  std::shared_ptr<Graph> graph_;
  ServiceMetrics metrics_;
  std::shared_ptr<Graph> counted_;
  std::unique_ptr<RequestLog> log_;
  HealthChecker health_;
};

}  // namespace quarry
