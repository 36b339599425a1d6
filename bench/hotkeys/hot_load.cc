#include "bench/hotkeys/hot_load.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <random>
#include <thread>

#include "bench/common/dataset.h"
#include "bench/thrift/gaffer_json.h"
#include "bench/thrift/thrift_client.h"

namespace quarry::bench {
namespace {

using Clock = std::chrono::steady_clock;

constexpr char kGetAll[] = R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";

double SecondsSince(Clock::time_point origin) {
  return std::chrono::duration<double>(Clock::now() - origin).count();
}

rpc::TypedValue StringValue(std::string s) {
  rpc::TypedValue v;
  v.__set_stringValue(std::move(s));
  return v;
}

// Every hot edge v(i) -> v(i+1 mod edges) with count 1, on day 0.
std::vector<rpc::Element> HotBatch(int edges) {
  std::vector<rpc::Element> out;
  for (int i = 0; i < edges; ++i) {
    rpc::Element edge;
    edge.kind = rpc::ElementKind::EDGE;
    edge.group = std::string(kEdgeGroup);
    edge.__set_source(StringValue(VertexName(static_cast<uint32_t>(i))));
    edge.__set_destination(StringValue(VertexName(static_cast<uint32_t>((i + 1) % edges))));
    edge.__set_directed(true);
    rpc::TypedValue day, one;
    day.__set_dateMillis(DayMillis(0));
    one.__set_longValue(1);
    edge.properties.emplace("startDate", day);
    edge.properties.emplace("count", one);
    out.push_back(std::move(edge));
  }
  return out;
}

std::string SeededGet(int vertex) {
  return R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetElements","input":[)"
         R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":")" +
         VertexName(static_cast<uint32_t>(vertex)) + R"("}]})";
}

// First error wins; threads stop at the next check.
struct SharedState {
  std::mutex mu;
  std::string error;
  std::atomic<bool> failed{false};
  void Fail(const std::string& message) {
    std::lock_guard lock(mu);
    if (error.empty()) error = message;
    failed = true;
  }
};

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
          connection.client().execute(result, connection.credentials(), kGetAll);
          double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          per[r].full.push_back({SecondsSince(origin), ms});
          const std::string seeded = SeededGet(static_cast<int>(rng() % config.edges));
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

void RunWriters(const HotLoadConfig& config, Clock::time_point deadline, SharedState* state,
                std::atomic<int64_t>* acked) {
  const std::vector<rpc::Element> batch = HotBatch(config.edges);
  std::vector<std::thread> threads;
  for (int w = 0; w < config.writers; ++w) {
    threads.emplace_back([&, w] {
      Guarded(state, "writer " + std::to_string(w), [&] {
        ThriftConnection connection(config.port);
        rpc::AddElementsResult result;
        while (Clock::now() < deadline && !state->failed) {
          connection.client().addElements(result, connection.credentials(), batch,
                                          rpc::AddElementsOptions());
          acked->fetch_add(1);
        }
      });
    });
  }
  for (std::thread& t : threads) t.join();
}

void CheckExact(const HotLoadConfig& config, HotLoadResult* result, SharedState* state) {
  Guarded(state, "final check", [&] {
    ThriftConnection connection(config.port);
    std::string json;
    connection.client().execute(json, connection.credentials(), kGetAll);
    ElementSums sums;
    if (!SumElements(json, &sums)) {
      state->Fail("final check: not an element array: " + json.substr(0, 200));
      return;
    }
    result->returned_edges = sums.edges;
    for (const SummedEdge& e : sums.edge_list) {
      if (e.count == 1 + result->acked_batches) ++result->exact_edges;
    }
  });
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
    std::thread writers(RunWriters, std::cref(config), deadline, &state, &acked);
    RunReaders(config, origin, deadline, &state, &result->load);
    writers.join();
    result->load_seconds = SecondsSince(origin);
    result->acked_batches = acked.load();
  }
  if (!state.failed) {
    origin = Clock::now();
    RunReaders(config, origin, origin + Seconds(config.idle_seconds), &state, &result->idle_after);
  }
  if (!state.failed) CheckExact(config, result, &state);
  *error = state.error;
  return !state.failed;
}

double Percentile(const std::vector<ReadSample>& samples, double q) {
  if (samples.empty()) return 0;
  std::vector<double> ms;
  ms.reserve(samples.size());
  for (const ReadSample& s : samples) ms.push_back(s.millis);
  std::sort(ms.begin(), ms.end());
  const double rank = std::ceil(q * static_cast<double>(ms.size()));
  const size_t index = rank < 1 ? 0 : static_cast<size_t>(rank) - 1;
  return ms[std::min(index, ms.size() - 1)];
}

std::vector<ReadSample> Window(const std::vector<ReadSample>& samples, double from, double to) {
  std::vector<ReadSample> out;
  for (const ReadSample& s : samples) {
    if (s.at_seconds >= from && s.at_seconds < to) out.push_back(s);
  }
  return out;
}

}  // namespace quarry::bench
