// EngineStats: the RocksDB state an operator watches (branch service, issue
// 19), summed over a graph's instances and column families, for the
// server's metrics and health (server/metrics, server/service/health.h).
// Reading them takes no lock of the graph and touches no data file.
//
// Thread safety: a free function; safe beside any use of the graph.
#pragma once

#include <cstdint>
#include <string>

#include "graph-core/status.h"
#include "store-rocks/graph.h"

namespace quarry {

struct EngineStats {
  uint64_t write_stops = 0;               // Times writes were stopped (io_stalls.total_stop).
  uint64_t write_slowdowns = 0;           // Times writes were slowed (io_stalls.total_slowdown).
  bool writes_stopped_now = false;        // rocksdb.is-write-stopped on any instance.
  uint64_t pending_compaction_bytes = 0;  // rocksdb.estimate-pending-compaction-bytes.
  uint64_t memtable_bytes = 0;            // rocksdb.cur-size-all-mem-tables.
  uint64_t block_cache_hits = 0;          // Statistics tickers.
  uint64_t block_cache_misses = 0;
  uint64_t background_errors = 0;      // rocksdb.background-errors: non-zero = store broken.
  uint64_t merge_operands_folded = 0;  // By the aggregating merge operators since open.
  uint64_t instances = 0;
};

// The stats of `graph`. REQUIRES: `graph` is a Graph made by store-rocks
// (Graph::Create/Open, OpenGraphReadOnly); Unimplemented otherwise.
Result<EngineStats> ReadEngineStats(const Graph& graph);

}  // namespace quarry
