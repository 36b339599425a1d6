// Dataset: the benchmarks' synthetic event stream, identical for every system
// under test.
//
// A stream of edge events (src -> dst on a day, count 1) in a road-traffic-
// like shape: vertices are Strings, each event is one directed edge of group
// "Event" (groupBy `startDate`, the day; `count` Long Sum) plus one entity of
// group "Vertex" for its source (`count` Long Sum). Sources follow a Zipf
// (power-law) distribution, so a few hub vertices have 100k+ edges at full
// size; destinations are uniform. The stream first emits every distinct edge
// once, in a scrambled order, then repeats edges chosen at random, so ingest
// aggregation matters (events / distinct_edges repeats on average).
//
// Deterministic: the same spec gives the same stream on every machine, so all
// systems in a run see exactly the same data.
//
// Thread safety: DatasetSpec is a value; an EventStream is not thread-safe
// (one per thread; streams with the same spec are identical).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace quarry::bench {

struct DatasetSpec {
  uint64_t events = 0;          // Edge events in the stream.
  uint64_t distinct_edges = 0;  // Distinct (src, dst, day) edges drawn; collisions make
                                // the true number slightly lower (DistinctEdgeCount()).
  uint32_t vertices = 0;        // Vertex ids 0..vertices-1.
  uint32_t days = 0;            // startDate is one of `days` consecutive days.
  double zipf_exponent =
      1.2;  // Source degree skew (1.2: three hubs with 100k+ edges at full size).
  uint64_t seed = 42;

  // CI smoke size: finishes everything in well under two minutes.
  static DatasetSpec Quick();
  // The full size: 10M events over ~2M distinct edges.
  static DatasetSpec Full();
  // A result of over 10M elements (10M distinct edges, each one event, plus
  // their source vertices): for bench/large-result.sh, which checks that the
  // server's memory stays bounded on it (issue 13). Not a step of run.sh.
  static DatasetSpec Large();
  // "quick" | "full" | "large"; false for anything else.
  static bool FromName(std::string_view name, DatasetSpec* spec);
};

struct EdgeEvent {
  uint32_t src = 0;
  uint32_t dst = 0;
  uint32_t day = 0;  // 0..days-1.
};

// The vertex's String id: "v" + 8 zero-padded digits (so ids sort numerically).
std::string VertexName(uint32_t vertex);
// startDate of `day` as epoch millis (UTC midnight, counting from 2020-01-01).
int64_t DayMillis(uint32_t day);
inline constexpr std::string_view kEdgeGroup = "Event";
inline constexpr std::string_view kEntityGroup = "Vertex";

class EventStream {
 public:
  explicit EventStream(const DatasetSpec& spec);
  ~EventStream();

  // The next event; false at the end of the stream.
  bool Next(EdgeEvent* event);
  // Events handed out so far.
  uint64_t position() const { return position_; }

  // The event of distinct-edge index `edge` (0..distinct_edges-1).
  EdgeEvent EdgeAt(uint64_t edge) const;

 private:
  DatasetSpec spec_;
  uint64_t position_ = 0;
  uint64_t rng_;
  std::vector<double> zipf_cdf_;  // Cumulative source probabilities.
};

// Seeds for 1-hop queries: `n` vertices drawn uniformly (hub_heavy=false) or
// from the sources' Zipf distribution (hub_heavy=true). Deterministic.
std::vector<uint32_t> QuerySeeds(const DatasetSpec& spec, size_t n, bool hub_heavy);

}  // namespace quarry::bench
