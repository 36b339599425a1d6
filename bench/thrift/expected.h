// What a graph holds after aggregating ingest of the whole EventStream,
// worked out from the events themselves (not from Quarry), and the checks
// that compare a served graph with it.
//
// Thread safety: plain values and functions; Check* use one connection.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/common/dataset.h"
#include "bench/thrift/gaffer_json.h"
#include "bench/thrift/thrift_client.h"

namespace quarry::bench {

// The whole stream, in order (12 bytes an event: 120 MB at full size).
std::vector<EdgeEvent> LoadEvents(const DatasetSpec& spec);

struct ExpectedGraph {
  uint64_t events = 0;
  uint64_t edges = 0;     // Distinct (src, dst, day): one aggregated "Event" edge each.
  uint64_t entities = 0;  // Distinct sources: one aggregated "Vertex" entity each.
  uint64_t elements() const { return edges + entities; }
};
ExpectedGraph ComputeExpected(const std::vector<EdgeEvent>& events);

// What GetElements on one vertex returns, summed.
struct SeedExpectation {
  uint32_t vertex = 0;
  int64_t entity_count = 0;  // Events with src == vertex (its entity's count; 0: no entity).
  int64_t out_count = 0;     // Summed count of edges with source == vertex (self-loops too).
  int64_t in_count = 0;      // Summed count of edges with destination == vertex, source != vertex.
  uint64_t edges = 0;        // Distinct edges touching the vertex (a self-loop once).
};
SeedExpectation ExpectSeed(const std::vector<EdgeEvent>& events, uint32_t vertex);

// After an ingest: a GetAllElements + Count matches `expected`, and
// GetElements on a hub seed (entity only) and two uniform seeds (entity and
// all edges) match ExpectSeed. Returns false, with the mismatch on stderr,
// otherwise; `stored` gets the Count.
bool CheckServedGraph(ThriftConnection& connection, const DatasetSpec& spec,
                      const std::vector<EdgeEvent>& events, const ExpectedGraph& expected,
                      uint64_t* stored);

// After a full scan: every aggregated edge and entity came back once, and the
// counts add up to one per event for each group. False, with the mismatch on
// stderr, otherwise.
bool CheckScanSums(const ElementSums& sums, const ExpectedGraph& expected);

}  // namespace quarry::bench
