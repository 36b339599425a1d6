// CountingGraph: a Graph that forwards every call to another and counts,
// for the metrics (server/metrics/service_metrics.h), the elements written
// (AddElements, BulkImport) and the elements read by scans (each element a
// scan's consumer moves past). Whatever the transport or operation, every
// write and read of the executor goes through here.
//
// Thread safety: as the wrapped Graph; the counters are atomic.
#pragma once

#include <memory>

#include "server/metrics/service_metrics.h"
#include "store/graph.h"

namespace quarry {

// REQUIRES: `metrics` outlives the returned graph and every iterator it
// returns.
std::shared_ptr<Graph> CountingGraph(std::shared_ptr<Graph> graph, ServiceMetrics* metrics);

}  // namespace quarry
