// The Thrift calls and bookkeeping shared by the hot-key benchmarks
// (issue 18): the hot batch every writer sends, the reads, the first-error
// state the threads share, and the final exactness check.
//
// Thread safety: SharedState is safe to use from every thread; the rest are
// pure functions or take their own connection.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "bench/thrift/thrift_client.h"

namespace quarry::bench {

// GetAllElements, as Gaffer JSON.
inline constexpr char kHotGetAll[] =
    R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";

// Every hot edge v(i) -> v(i+1 mod edges) with count 1, on day 0.
std::vector<rpc::Element> HotBatch(int edges);

// GetElements for the EntitySeed of vertex v(`vertex`), as Gaffer JSON.
std::string HotSeededGet(int vertex);

// First error wins; threads stop at their next check of `failed`.
struct SharedState {
  std::mutex mu;
  std::string error;  // Guarded by mu.
  std::atomic<bool> failed{false};
  void Fail(const std::string& message) {
    std::lock_guard lock(mu);
    if (error.empty()) error = message;
    failed = true;
  }
};

// Runs `body`, turning a Thrift or other exception into state->Fail(who: ...).
template <typename Body>
void Guarded(SharedState* state, const std::string& who, Body body) {
  try {
    body();
  } catch (const rpc::QuarryError& e) {
    state->Fail(who + ": " + e.code + ": " + e.message);
  } catch (const std::exception& e) {
    state->Fail(who + ": " + e.what());
  }
}

// W writer threads, each with its own connection, sending HotBatch(edges)
// while nothing failed and claim() (called before each batch, from any of
// them) is true; each acknowledged batch adds 1 to *acked unless it is null.
// Returns when every writer has stopped.
void RunHotWriters(int port, int writers, int edges, SharedState* state,
                   const std::function<bool()>& claim, std::atomic<int64_t>* acked);

struct ExactCount {
  int64_t exact_edges = 0;     // Edges whose count == expected_count.
  int64_t returned_edges = 0;  // Edges GetAllElements returned.
};

// The q-quantile (0..1) of `ms`, nearest rank; 0 if empty.
double QuantileOf(std::vector<double> ms, double q);

// Reads every edge once and counts those whose count is `expected_count`.
ExactCount CheckHotCounts(int port, int64_t expected_count, SharedState* state);

}  // namespace quarry::bench
