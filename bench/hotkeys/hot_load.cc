#include "bench/hotkeys/hot_load.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <utility>

#include "bench/hotkeys/hot_calls.h"

namespace quarry::bench {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point origin) {
  return std::chrono::duration<double>(Clock::now() - origin).count();
}

// R readers until `deadline`; samples timed from `origin`.
void RunReaders(const HotLoadConfig& config, Clock::time_point origin, Clock::time_point deadline,
                SharedState* state, ReadSamples* out) {
  std::vector<ReadSamples> per(static_cast<size_t>(config.readers));
  std::vector<std::thread> threads;
  for (int r = 0; r < config.readers; ++r) {
    threads.emplace_back([&, r] {
      Guarded(state, "reader " + std::to_string(r), [&] {
        ThriftConnection connection(config.port);
        std::mt19937 rng(static_cast<uint32_t>(1234 + r));
        std::string result;
        const auto interval = std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double, std::milli>(config.read_interval_ms));
        // Reader r starts r/R of an interval late, so the readers' pairs are
        // spread over the interval instead of all starting at once.
        if (config.stagger_readers) std::this_thread::sleep_for(interval * r / config.readers);
        while (Clock::now() < deadline && !state->failed) {
          Clock::time_point start = Clock::now();
          const Clock::time_point next = start + interval;
          connection.client().execute(result, connection.credentials(), kHotGetAll);
          double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          per[r].full.push_back({SecondsSince(origin), ms});
          const std::string seeded = HotSeededGet(static_cast<int>(rng() % config.edges));
          start = Clock::now();
          connection.client().execute(result, connection.credentials(), seeded);
          ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          per[r].seeded.push_back({SecondsSince(origin), ms});
          std::this_thread::sleep_until(std::min(next, deadline));
        }
      });
    });
  }
  for (std::thread& t : threads) t.join();
  for (ReadSamples& p : per) {
    out->full.insert(out->full.end(), p.full.begin(), p.full.end());
    out->seeded.insert(out->seeded.end(), p.seeded.begin(), p.seeded.end());
  }
}

std::chrono::nanoseconds Seconds(double s) {
  return std::chrono::nanoseconds(static_cast<int64_t>(s * 1e9));
}

}  // namespace

bool RunHotLoad(const HotLoadConfig& config, HotLoadResult* result, std::string* error) {
  SharedState state;
  Guarded(&state, "first batch", [&] {
    ThriftConnection connection(config.port);
    rpc::AddElementsResult added;
    connection.client().addElements(added, connection.credentials(), HotBatch(config.edges),
                                    rpc::AddElementsOptions());
  });
  Clock::time_point origin = Clock::now();
  if (!state.failed) {
    RunReaders(config, origin, origin + Seconds(config.idle_seconds), &state, &result->idle);
  }
  std::atomic<int64_t> acked{0};
  if (!state.failed) {
    origin = Clock::now();
    const Clock::time_point deadline = origin + Seconds(config.load_seconds);
    std::thread writers([&] {
      RunHotWriters(
          config.port, config.writers, config.edges, &state,
          [deadline] { return Clock::now() < deadline; }, &acked);
    });
    RunReaders(config, origin, deadline, &state, &result->load);
    writers.join();
    result->load_seconds = SecondsSince(origin);
    result->acked_batches = acked.load();
  }
  if (!state.failed) {
    origin = Clock::now();
    RunReaders(config, origin, origin + Seconds(config.idle_seconds), &state, &result->idle_after);
  }
  if (!state.failed) {
    const ExactCount counts = CheckHotCounts(config.port, 1 + result->acked_batches, &state);
    result->exact_edges = counts.exact_edges;
    result->returned_edges = counts.returned_edges;
  }
  *error = state.error;
  return !state.failed;
}

double Percentile(const std::vector<ReadSample>& samples, double q) {
  std::vector<double> ms;
  ms.reserve(samples.size());
  for (const ReadSample& s : samples) ms.push_back(s.millis);
  return QuantileOf(std::move(ms), q);
}

std::vector<ReadSample> Window(const std::vector<ReadSample>& samples, double from, double to) {
  std::vector<ReadSample> out;
  for (const ReadSample& s : samples) {
    if (s.at_seconds >= from && s.at_seconds < to) out.push_back(s);
  }
  return out;
}

}  // namespace quarry::bench
