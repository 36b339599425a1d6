#include "server/service/operability.h"

#include <sstream>

#include "server/metrics/counting_graph.h"
#include "store/engine_stats.h"

namespace quarry {
namespace {

double Value(uint64_t v) { return static_cast<double>(v); }

void AppendEngineFamilies(const EngineStats& stats, std::string* out) {
  AppendMetricFamily("quarry_rocksdb_write_stops_total", "counter",
                     "Times RocksDB stopped writes (compaction or flush behind).",
                     {{{}, Value(stats.write_stops)}}, out);
  AppendMetricFamily("quarry_rocksdb_write_slowdowns_total", "counter",
                     "Times RocksDB slowed writes down.", {{{}, Value(stats.write_slowdowns)}},
                     out);
  AppendMetricFamily("quarry_rocksdb_writes_stopped", "gauge",
                     "1 while RocksDB has stopped writes.",
                     {{{}, stats.writes_stopped_now ? 1.0 : 0.0}}, out);
  AppendMetricFamily("quarry_rocksdb_pending_compaction_bytes", "gauge",
                     "Bytes RocksDB estimates compaction must rewrite.",
                     {{{}, Value(stats.pending_compaction_bytes)}}, out);
  AppendMetricFamily("quarry_rocksdb_memtable_bytes", "gauge",
                     "Bytes in RocksDB memtables (active and immutable).",
                     {{{}, Value(stats.memtable_bytes)}}, out);
  AppendMetricFamily("quarry_rocksdb_block_cache_hits_total", "counter", "Block cache hits.",
                     {{{}, Value(stats.block_cache_hits)}}, out);
  AppendMetricFamily("quarry_rocksdb_block_cache_misses_total", "counter", "Block cache misses.",
                     {{{}, Value(stats.block_cache_misses)}}, out);
  const uint64_t lookups = stats.block_cache_hits + stats.block_cache_misses;
  AppendMetricFamily("quarry_rocksdb_block_cache_hit_ratio", "gauge",
                     "Block cache hits over lookups since open (0 before any lookup).",
                     {{{}, lookups == 0 ? 0.0 : Value(stats.block_cache_hits) / Value(lookups)}},
                     out);
  AppendMetricFamily("quarry_rocksdb_background_errors", "gauge",
                     "RocksDB background errors (non-zero: the store has stopped writing).",
                     {{{}, Value(stats.background_errors)}}, out);
  AppendMetricFamily("quarry_merge_operands_folded_total", "counter",
                     "Values folded by ingest aggregation (RocksDB merges).",
                     {{{}, Value(stats.merge_operands_folded)}}, out);
}

void AppendAgeOff(const GraphStats& stats, std::string* out) {
  std::vector<MetricSample> deleted, errors;
  for (const auto& [group, g] : stats.groups) {
    deleted.push_back({{{"group", group}}, Value(g.deleted_by_validation)});
    errors.push_back({{{"group", group}}, Value(g.validation_errors)});
  }
  AppendMetricFamily("quarry_ageoff_deleted_total", "counter",
                     "Cells deleted by validation (age-off) at compaction since start.", deleted,
                     out);
  AppendMetricFamily("quarry_validation_errors_total", "counter",
                     "Cells compaction could not validate (kept) since start.", errors, out);
}

}  // namespace

Operability::Operability(std::shared_ptr<Graph> graph, HealthCheckOptions health)
    : graph_(std::move(graph)), health_(std::move(health)) {
  counted_ = CountingGraph(graph_, &metrics_);
}

Result<std::unique_ptr<Operability>> Operability::Create(std::shared_ptr<Graph> graph,
                                                         const OperabilityOptions& options) {
  HealthCheckOptions health;
  QUARRY_ASSIGN_OR_RETURN(GraphStats stats, graph->Stats());
  // rados2 (issue 14): a RADOS graph has no local data directory (its path
  // is "rados:POOL/GRAPH"); the cluster's health is Ceph's to report.
  if (stats.store != "rados") health.data_dirs.push_back(stats.path);
  // Every data directory (quarry.data.dirs, comma-separated) is checked.
  if (const std::string* dirs = graph->properties().Find("quarry.data.dirs")) {
    std::stringstream list(*dirs);
    for (std::string dir; std::getline(list, dir, ',');) {
      if (!dir.empty() && dir != stats.path) health.data_dirs.push_back(dir);
    }
  }
  health.min_free_bytes = options.min_free_bytes;
  const Graph* raw = graph.get();  // Kept alive by graph_.
  health.engine = [raw] { return raw->EngineStatistics(); };
  std::unique_ptr<Operability> ops(new Operability(std::move(graph), std::move(health)));
  if (options.request_log) {
    QUARRY_ASSIGN_OR_RETURN(ops->log_, RequestLog::Open(*options.request_log));
  }
  ops->AddStoreSources();
  return ops;
}

void Operability::AddStoreSources() {
  const Graph* graph = graph_.get();
  metrics_.AddSource([graph](std::string* out) {
    Result<EngineStats> engine = graph->EngineStatistics();
    if (engine.ok()) AppendEngineFamilies(*engine, out);
    Result<GraphStats> stats = graph->Stats();
    if (stats.ok()) AppendAgeOff(*stats, out);
  });
  metrics_.AddSource([this](std::string* out) {
    const HealthReport health = Health();
    AppendMetricFamily("quarry_up", "gauge",
                       "1 when the store is open and writable (/graph/status UP).",
                       {{{}, health.up ? 1.0 : 0.0}}, out);
  });
}

std::vector<ReloadAction> Operability::ReloadActions(const std::optional<std::string>& users_file,
                                                     UserDirectory users) {
  std::vector<ReloadAction> actions;
  if (users_file) {
    actions.push_back(
        {"users file " + *users_file, [path = *users_file, users]() mutable -> Status {
           QUARRY_ASSIGN_OR_RETURN(UserDirectory fresh, UserDirectory::FromFile(path));
           users.Replace(fresh);
           return Status::OK();
         }});
  }
  if (log_ != nullptr && log_->options().path != "-") {
    actions.push_back(
        {"request log " + log_->options().path, [log = log_.get()] { return log->Reopen(); }});
  }
  return actions;
}

}  // namespace quarry
