// Read latency as a hot key absorbs writes (issue 18's first table): on a
// fresh graph, writers add count=1 to the same `edges` edges until each edge
// has absorbed the next checkpoint's number of writes; then, with the
// writers stopped and nothing waited for (no flush or compaction given time
// to fold anything), one reader times `reads` full GetAllElements and
// seeded GetElements. A store whose reads re-merge every write a key has
// absorbed slows down in proportion to the checkpoint; one that folds at
// write time stays flat.
//
// Thread safety: RunHotGrowth is called from one thread; it starts and joins
// its own threads, each with its own Thrift connection.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace quarry::bench {

struct HotGrowthConfig {
  int port = 0;
  int writers = 4;  // Writing between checkpoints only; reads run alone.
  int edges = 200;
  std::vector<int64_t> checkpoints = {1, 10, 100};  // Writes per edge; increasing, >= 1.
  int reads = 20;                                   // Of each kind, per checkpoint.
};

struct HotGrowthPoint {
  int64_t writes_per_edge = 0;
  std::vector<double> full_ms;    // GetAllElements latencies.
  std::vector<double> seeded_ms;  // GetElements latencies.
};

struct HotGrowthResult {
  std::vector<HotGrowthPoint> points;  // One per checkpoint, in order.
  int64_t batches = 0;                 // AddElements calls acknowledged in all.
  int64_t exact_edges = 0;             // Edges whose final count == batches.
  int64_t returned_edges = 0;
};

// False with *error set if any call failed or the config is invalid.
bool RunHotGrowth(const HotGrowthConfig& config, HotGrowthResult* result, std::string* error);

}  // namespace quarry::bench
