#include "bench/hotkeys/hot_growth.h"

#include <atomic>
#include <chrono>

#include "bench/hotkeys/hot_calls.h"

namespace quarry::bench {
namespace {

using Clock = std::chrono::steady_clock;

double MillisSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Writers send batches until `*next` (the number of batches claimed so far)
// reaches `target`; each batch is claimed before it is sent, so exactly
// target batches are sent in all.
void WriteUntil(const HotGrowthConfig& config, int64_t target, std::atomic<int64_t>* next,
                SharedState* state) {
  RunHotWriters(
      config.port, config.writers, config.edges, state, [&] { return next->fetch_add(1) < target; },
      /*acked=*/nullptr);
  next->store(target);  // Undo the writers' last, failed claims.
}

void TimeReads(const HotGrowthConfig& config, ThriftConnection* connection, HotGrowthPoint* point) {
  std::string out;
  for (int i = 0; i < config.reads; ++i) {
    Clock::time_point start = Clock::now();
    connection->client().execute(out, connection->credentials(), kHotGetAll);
    point->full_ms.push_back(MillisSince(start));
    const std::string seeded = HotSeededGet(i % config.edges);
    start = Clock::now();
    connection->client().execute(out, connection->credentials(), seeded);
    point->seeded_ms.push_back(MillisSince(start));
  }
}

bool ValidConfig(const HotGrowthConfig& config, std::string* error) {
  if (config.port <= 0 || config.writers < 1 || config.edges < 2 || config.reads < 1 ||
      config.checkpoints.empty()) {
    *error = "growth: port, writers, edges, reads and checkpoints must be positive";
    return false;
  }
  for (size_t i = 0; i < config.checkpoints.size(); ++i) {
    if (config.checkpoints[i] < 1 ||
        (i > 0 && config.checkpoints[i] <= config.checkpoints[i - 1])) {
      *error = "growth: checkpoints must increase from at least 1";
      return false;
    }
  }
  return true;
}

}  // namespace

bool RunHotGrowth(const HotGrowthConfig& config, HotGrowthResult* result, std::string* error) {
  if (!ValidConfig(config, error)) return false;
  SharedState state;
  std::atomic<int64_t> next{0};
  for (int64_t checkpoint : config.checkpoints) {
    WriteUntil(config, checkpoint, &next, &state);
    if (state.failed) break;
    HotGrowthPoint point;
    point.writes_per_edge = checkpoint;
    Guarded(&state, "reader", [&] {
      ThriftConnection connection(config.port);
      TimeReads(config, &connection, &point);
    });
    if (state.failed) break;
    result->points.push_back(std::move(point));
  }
  result->batches = next.load();
  if (!state.failed) {
    const ExactCount counts = CheckHotCounts(config.port, result->batches, &state);
    result->exact_edges = counts.exact_edges;
    result->returned_edges = counts.returned_edges;
  }
  *error = state.error;
  return !state.failed;
}

}  // namespace quarry::bench
