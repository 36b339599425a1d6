#include "store-rocks/engine_stats.h"

#include <rocksdb/statistics.h>

#include <cstdlib>
#include <map>

#include "store-rocks/internal/rocks_graph.h"

namespace quarry {
namespace {

uint64_t MapValue(const std::map<std::string, std::string>& map, const std::string& key) {
  auto it = map.find(key);
  if (it == map.end()) return 0;
  return static_cast<uint64_t>(std::strtod(it->second.c_str(), nullptr));
}

void AddInstance(rocksdb::DB* db, const std::vector<rocksdb::ColumnFamilyHandle*>& cfs,
                 EngineStats* stats) {
  uint64_t value = 0;
  if (db->GetAggregatedIntProperty("rocksdb.estimate-pending-compaction-bytes", &value)) {
    stats->pending_compaction_bytes += value;
  }
  if (db->GetAggregatedIntProperty("rocksdb.cur-size-all-mem-tables", &value)) {
    stats->memtable_bytes += value;
  }
  if (db->GetIntProperty("rocksdb.background-errors", &value)) stats->background_errors += value;
  if (db->GetIntProperty("rocksdb.is-write-stopped", &value) && value != 0) {
    stats->writes_stopped_now = true;
  }
  for (rocksdb::ColumnFamilyHandle* cf : cfs) {
    std::map<std::string, std::string> cf_stats;
    if (!db->GetMapProperty(cf, "rocksdb.cfstats", &cf_stats)) continue;
    stats->write_stops += MapValue(cf_stats, "io_stalls.total_stop");
    stats->write_slowdowns += MapValue(cf_stats, "io_stalls.total_slowdown");
  }
  if (auto statistics = db->GetDBOptions().statistics) {
    stats->block_cache_hits += statistics->getTickerCount(rocksdb::BLOCK_CACHE_HIT);
    stats->block_cache_misses += statistics->getTickerCount(rocksdb::BLOCK_CACHE_MISS);
  }
  ++stats->instances;
}

}  // namespace

Result<EngineStats> ReadEngineStats(const Graph& graph) {
  const auto* rocks = dynamic_cast<const internal::RocksGraph*>(&graph);
  if (rocks == nullptr) return UnimplementedError("engine stats: not a RocksDB graph");
  EngineStats stats;
  std::vector<const internal::GroupState*> groups;
  const Schema& schema = *rocks->schema();
  for (const auto* defs : {&schema.entity_groups(), &schema.edge_groups()}) {
    for (const SchemaElementDefinition* def : *defs) {
      if (const internal::GroupState* state = rocks->group(def->group())) groups.push_back(state);
    }
  }
  for (size_t i = 0; i < rocks->instance_count(); ++i) {
    std::vector<rocksdb::ColumnFamilyHandle*> cfs;
    for (const internal::GroupState* state : groups) {
      if (i < state->cfs.size() && state->cfs[i] != nullptr) cfs.push_back(state->cfs[i]);
    }
    AddInstance(rocks->instance(i).db(), cfs, &stats);
  }
  for (const internal::GroupState* state : groups) {
    if (state->merge_operator)
      stats.merge_operands_folded += state->merge_operator->operands_folded();
  }
  return stats;
}

namespace internal {

Result<EngineStats> RocksGraph::EngineStatistics() const { return ReadEngineStats(*this); }

}  // namespace internal
}  // namespace quarry
