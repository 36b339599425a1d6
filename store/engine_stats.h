// EngineStats: the storage engine's state an operator watches (issue 19),
// summed over a graph's instances, for the server's metrics and health
// (server/metrics, server/service/health.h). A store fills what it has
// (Graph::EngineStatistics); fields it has no counterpart for stay 0.
//
// Thread safety: a plain value type.
#pragma once

#include <cstdint>

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

}  // namespace quarry
