// The hot-key concurrency load (issue 18) against a running `quarry serve`:
// W writer threads send aggregating AddElements batches (each batch adds
// count=1 to every one of the same `edges` "Event" edges, typed Thrift
// elements) while R reader threads alternate a full GetAllElements and a
// seeded GetElements (one random vertex of the hot chain), for a fixed time.
// Reads are also timed alone before the writers start (idle) and after they
// stop (idle-after), on the same server, in the same run.
//
// Thread safety: RunHotLoad is called from one thread; it starts and joins
// its own threads, each with its own Thrift connection.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace quarry::bench {

struct HotLoadConfig {
  int port = 0;
  int writers = 4;
  int readers = 4;
  int edges = 200;           // The hot chain v0 -> v1 -> ... -> v(edges-1) -> v0.
  double load_seconds = 30;  // Writers and readers together.
  double idle_seconds = 5;   // Readers alone, before and after the load.
  // Each reader starts a (full, seeded) pair at most this often, so cheaper
  // reads do not turn into more reads that take the writers' CPU (open loop
  // while reads are fast; back to back once a pair takes longer).
  double read_interval_ms = 20;
  // Reader r starts its first pair r/readers of an interval late. Readers
  // that start together stay in step (each waits for its interval to end),
  // so four full reads always ran at once on two cores and every seeded
  // read queued behind them: the readers' own contention, which made the
  // idle p99 of a seeded read 3-7x its p50 with no writes at all.
  bool stagger_readers = true;
};

// One timed read: when it finished (seconds since the load phase began) and
// how long it took.
struct ReadSample {
  double at_seconds = 0;
  double millis = 0;
};

struct ReadSamples {
  std::vector<ReadSample> full;    // GetAllElements.
  std::vector<ReadSample> seeded;  // GetElements on one vertex.
};

struct HotLoadResult {
  ReadSamples idle;            // Before the writers start (graph holds one batch).
  ReadSamples load;            // With the writers.
  ReadSamples idle_after;      // After the writers stop.
  int64_t acked_batches = 0;   // AddElements calls that returned success.
  double load_seconds = 0;     // Measured length of the load phase.
  int64_t exact_edges = 0;     // Edges whose final count == 1 + acked_batches.
  int64_t returned_edges = 0;  // Edges the final GetAllElements returned.
};

// Writes the first batch (so every edge exists), then runs idle, load and
// idle-after phases and the final exactness check. False with *error set
// if any call failed (a failed write makes the exactness check meaningless).
bool RunHotLoad(const HotLoadConfig& config, HotLoadResult* result, std::string* error);

// The q-quantile (0..1) of the samples' millis, nearest rank; 0 if empty.
double Percentile(const std::vector<ReadSample>& samples, double q);
// The samples that finished in [from, to) seconds.
std::vector<ReadSample> Window(const std::vector<ReadSample>& samples, double from, double to);

}  // namespace quarry::bench
