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
#include "store/engine_stats.h"
#include "store/graph.h"

namespace quarry {

// The stats of `graph`. REQUIRES: `graph` is a Graph made by store-rocks
// (Graph::Create/Open, OpenGraphReadOnly); Unimplemented otherwise.
Result<EngineStats> ReadEngineStats(const Graph& graph);

}  // namespace quarry
