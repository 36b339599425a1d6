// The embedded Quarry scenarios (bench/README.md): each runs against a
// store-rocks Graph with default store properties and prints its RESULT
// line(s) with system "quarry".
//
// Thread safety: each function uses its own graph; call them one at a time.
#pragma once

#include <memory>
#include <string>

#include "bench/common/args.h"
#include "graph-core/status.h"
#include "schema/schema.h"
#include "store/graph.h"

namespace quarry::bench {

inline constexpr char kQuarrySystem[] = "quarry";
// Elements per AddElements call (two per event).
inline constexpr size_t kIngestBatchElements = 10'000;
// Events per BulkImport call (bounds the elements held in memory).
inline constexpr size_t kBulkImportChunkEvents = 500'000;

// "ingest": the whole stream through AddElements into a new graph in `dir`,
// which is then compacted (not timed) and returned for the read scenarios.
Result<std::unique_ptr<Graph>> RunIngest(const BenchArgs& args,
                                         std::shared_ptr<const Schema> schema,
                                         const std::string& dir);

// The graph an earlier RunIngest left in `dir`, opened with the bench's
// properties (--phase reads).
Result<std::unique_ptr<Graph>> OpenIngested(const BenchArgs& args, const std::string& dir);

// The five 1hop-* scenarios against `graph`.
Status RunOneHop(const BenchArgs& args, const Graph& graph);

// "full-scan": GetAllElements, reported as `system`.
Status RunFullScan(const Graph& graph, const char* system = kQuarrySystem);

// "age-off-compaction": reopens the graph in `dir` with a validator dropping
// edges with day < days/2, then times Compact(). REQUIRES: the graph in `dir`
// is closed.
Status RunAgeOff(const BenchArgs& args, const std::string& dir);

// "bulk-import": the whole stream through BulkImport into a new graph in `dir`.
Status RunBulkImport(const BenchArgs& args, std::shared_ptr<const Schema> schema,
                     const std::string& dir);

// Elements GetAllElements returns; -1 on error (printed).
int64_t CountAllElements(const Graph& graph);

}  // namespace quarry::bench
