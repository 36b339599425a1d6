// BatchCombiner: folds one ingest batch of events into rows with each key
// once, counts summed, for the SQL references (PostgreSQL, SQLite).
//
// PostgreSQL refuses a multi-row INSERT ... ON CONFLICT DO UPDATE that touches
// the same key twice ("cannot affect row a second time"), so a batch must be
// combined before it is upserted; SQLite gets exactly the same combined rows
// so the two references do the same work. Each event contributes what Quarry
// ingests for it (bench/common/dataset.h): edge (src, dst, day) count 1 and
// vertex src count 1.
//
// Thread safety: none (one per ingest thread).
#pragma once

#include <cstdint>
#include <vector>

#include "bench/common/dataset.h"

namespace quarry::bench {

// One "Event" edge row: the aggregation key (src, dst, day) and its count.
struct EdgeRow {
  uint32_t src = 0;
  uint32_t dst = 0;
  uint32_t day = 0;
  int64_t count = 0;
};

// One "Vertex" entity row.
struct VertexRow {
  uint32_t vertex = 0;
  int64_t count = 0;
};

class BatchCombiner {
 public:
  // Adds one event: +1 on its edge and +1 on its source vertex.
  void Add(const EdgeEvent& event);
  // Events added since the last Drain.
  uint64_t events() const { return edges_.size(); }

  // Replaces *edges and *vertices with the batch's rows: each key once, counts
  // summed, sorted by key (src, dst, day) / vertex, which is also the order of
  // the rows' text keys (VertexName is zero-padded). Empties the combiner.
  void Drain(std::vector<EdgeRow>* edges, std::vector<VertexRow>* vertices);

 private:
  std::vector<EdgeRow> edges_;
  std::vector<VertexRow> vertices_;
};

}  // namespace quarry::bench
