// quarry-bench-hotkeys: hot-key aggregating ingest with concurrent reads
// (issue 18), driven against a running `quarry serve` on an empty graph of
// bench/schema (bench/steps/55-hotkeys.sh starts the servers).
//
//   quarry-bench-hotkeys --port N --system NAME [--size quick|full]
//       [--writers 4] [--readers 4] [--edges 200] [--seconds S] [--idle-seconds S]
//       [--read-interval-ms 20] [--stagger 1]
//   quarry-bench-hotkeys --mode growth --port N --system NAME [--size quick|full]
//       [--writers 4] [--edges 200] [--checkpoints 1,10,100] [--reads 20]
//
// quick: 4 writers + 4 readers, 200 edges, 6 s load, 2 s idle before and after;
// full (the issue's): the same for 30 s, 5 s idle. Each reader starts a
// (full, seeded) pair every 20 ms at most. Prints a human summary on
// stderr and RESULT lines (system NAME) on stdout: write throughput (edges/s),
// full and seeded read latency p50/p99/max (ms) idle and under load, the
// issue's ratios (load p99 / idle p50; last third / first third of the load;
// idle-after / idle p50) and `hot-exact` (edges whose final count equals
// 1 + the acknowledged batches; items = that number, so two systems that
// disagree fail the run's table). Exit: 0 ok, 1 failure or inexact counts,
// 2 usage. Timing targets are reported, never enforced.
//
// --mode growth (hot_growth.h) instead times reads alone after each edge has
// absorbed 1, 10, 100 (full: and 1,000) writes, on a fresh graph: RESULT
// lines hot-growth-{full,seeded}-p50-at-N (ms), the last checkpoint's p50
// over the first's (x), and hot-growth-exact (edges whose count equals the
// batches sent).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "bench/common/report.h"
#include "bench/hotkeys/hot_calls.h"
#include "bench/hotkeys/hot_growth.h"
#include "bench/hotkeys/hot_load.h"

namespace quarry::bench {
namespace {

constexpr char kUsage[] =
    "usage: quarry-bench-hotkeys --port N --system NAME [--size quick|full] [--writers N]\n"
    "                            [--readers N] [--edges N] [--seconds S] [--idle-seconds S]\n"
    "                            [--read-interval-ms MS] [--stagger 0|1]\n"
    "       quarry-bench-hotkeys --mode growth --port N --system NAME [--size quick|full]\n"
    "                            [--writers N] [--edges N] [--checkpoints N,N,...] [--reads N]\n";

bool ParseFlags(int argc, char** argv, std::map<std::string, std::string>* flags) {
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag.rfind("--", 0) != 0 || i + 1 >= argc) return false;
    (*flags)[flag.substr(2)] = argv[i + 1];
  }
  return true;
}

double Number(const std::map<std::string, std::string>& flags, const std::string& name,
              double fallback) {
  auto it = flags.find(name);
  return it == flags.end() ? fallback : std::strtod(it->second.c_str(), nullptr);
}

class Reporter {
 public:
  explicit Reporter(std::string system) : system_(std::move(system)) {}
  void Millis(const std::string& scenario, double ms) const { Print(scenario, "ms", ms, false); }
  void Ratio(const std::string& scenario, double x) const { Print(scenario, "x", x, false); }
  void Print(const std::string& scenario, const char* metric, double value, bool higher,
             int64_t items = -1) const {
    PrintResult({.scenario = scenario,
                 .system = system_,
                 .metric = metric,
                 .value = value,
                 .higher_is_better = higher,
                 .items = items});
  }

 private:
  std::string system_;
};

double Div(double a, double b) { return b > 0 ? a / b : 0; }

// One kind of read ("full" or "seeded"): latencies and the ratios.
void ReportReads(const Reporter& out, const std::string& kind, const std::vector<ReadSample>& idle,
                 const std::vector<ReadSample>& load, const std::vector<ReadSample>& after,
                 double load_seconds, double p99_target) {
  const double idle_p50 = Percentile(idle, 0.5);
  const double p50 = Percentile(load, 0.5), p99 = Percentile(load, 0.99);
  const double max = Percentile(load, 1.0);
  const double third = load_seconds / 3;
  const auto first = Window(load, 0, third), last = Window(load, 2 * third, load_seconds + 1);
  const double flat50 = Div(Percentile(last, 0.5), Percentile(first, 0.5));
  const double flat99 = Div(Percentile(last, 0.99), Percentile(first, 0.99));
  const double vs_idle = Div(p99, idle_p50);
  // hotkeys2: the idle p99 is this machine's own noise floor (other
  // processes, the scheduler tick); load p99 over it separates the write
  // load's effect from that floor.
  const double vs_idle_p99 = Div(p99, Percentile(idle, 0.99));
  const double after_ratio = Div(Percentile(after, 0.5), idle_p50);
  std::fprintf(
      stderr,
      "  %-6s reads: idle p50 %.2f p99 %.2f ms (%zu) | load p50 %.2f p99 %.2f max %.2f ms "
      "(%zu) | load p99/idle p50 %.2fx (target <= %.0fx: %s), /idle p99 %.2fx | last/first "
      "third p50 %.2fx p99 %.2fx (target <= 1.5x: %s) | idle-after p50/idle p50 %.2fx\n",
      kind.c_str(), idle_p50, Percentile(idle, 0.99), idle.size(), p50, p99, max, load.size(),
      vs_idle, p99_target, vs_idle <= p99_target ? "met" : "MISSED", vs_idle_p99, flat50, flat99,
      flat50 <= 1.5 && flat99 <= 1.5 ? "met" : "MISSED", after_ratio);
  const std::string s = "hot-" + kind + "-";
  out.Millis(s + "p50-idle", idle_p50);
  out.Millis(s + "p50-load", p50);
  out.Millis(s + "p99-load", p99);
  out.Millis(s + "max-load", max);
  out.Ratio(s + "p99-load/p50-idle", vs_idle);
  out.Ratio(s + "p99-load/p99-idle", vs_idle_p99);
  out.Ratio(s + "p50-last/first-third", flat50);
  out.Ratio(s + "p99-last/first-third", flat99);
  out.Ratio(s + "p50-idle-after/idle", after_ratio);
}

// Prints the exactness line and the RESULT `scenario` (items: the exact
// edges); true if all `edges` were returned and counted `expected`.
bool ReportExact(const Reporter& out, const std::string& scenario, int edges, int64_t exact_edges,
                 int64_t returned_edges, const std::string& expected) {
  const bool exact = exact_edges == edges && returned_edges == edges;
  std::fprintf(stderr, "  exactness: %lld of %d edges count exactly %s (%s)\n",
               static_cast<long long>(exact_edges), edges, expected.c_str(),
               exact ? "exact" : "NOT EXACT");
  out.Print(scenario, "edges", static_cast<double>(exact_edges), true, exact_edges);
  return exact;
}

// Checkpoints from "1,10,100"; empty if malformed.
std::vector<int64_t> ParseCheckpoints(const std::string& text) {
  std::vector<int64_t> out;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t comma = std::min(text.find(',', pos), text.size());
    const std::string piece = text.substr(pos, comma - pos);
    char* end = nullptr;
    const long long n = std::strtoll(piece.c_str(), &end, 10);
    if (piece.empty() || *end != '\0' || n < 1) return {};
    out.push_back(n);
    pos = comma + 1;
  }
  return out;
}

std::string Text(const std::map<std::string, std::string>& flags, const std::string& name,
                 const std::string& fallback) {
  auto it = flags.find(name);
  return it == flags.end() ? fallback : it->second;
}

HotGrowthConfig GrowthConfigFrom(const std::map<std::string, std::string>& flags, bool full) {
  HotGrowthConfig config;
  config.port = static_cast<int>(Number(flags, "port", 0));
  config.writers = static_cast<int>(Number(flags, "writers", 4));
  config.edges = static_cast<int>(Number(flags, "edges", 200));
  config.reads = static_cast<int>(Number(flags, "reads", 20));
  config.checkpoints =
      ParseCheckpoints(Text(flags, "checkpoints", full ? "1,10,100,1000" : "1,10,100"));
  return config;
}

// Prints the growth run's lines; true if every edge's count was exact.
// REQUIRES: result.points is not empty (RunHotGrowth succeeded).
bool ReportGrowth(const Reporter& out, const HotGrowthConfig& config,
                  const HotGrowthResult& result) {
  for (const HotGrowthPoint& p : result.points) {
    const double full_p50 = QuantileOf(p.full_ms, 0.5), seeded_p50 = QuantileOf(p.seeded_ms, 0.5);
    std::fprintf(stderr,
                 "  %6lld writes per edge: full p50 %.2f ms p99 %.2f | seeded p50 %.2f ms\n",
                 static_cast<long long>(p.writes_per_edge), full_p50, QuantileOf(p.full_ms, 0.99),
                 seeded_p50);
    const std::string at = "-p50-at-" + std::to_string(p.writes_per_edge);
    out.Millis("hot-growth-full" + at, full_p50);
    out.Millis("hot-growth-seeded" + at, seeded_p50);
  }
  const HotGrowthPoint& first = result.points.front();
  const HotGrowthPoint& last = result.points.back();
  const double full_growth = Div(QuantileOf(last.full_ms, 0.5), QuantileOf(first.full_ms, 0.5));
  const double seeded_growth =
      Div(QuantileOf(last.seeded_ms, 0.5), QuantileOf(first.seeded_ms, 0.5));
  std::fprintf(stderr, "  p50 at %lld / at %lld writes per edge: full %.2fx, seeded %.2fx\n",
               static_cast<long long>(last.writes_per_edge),
               static_cast<long long>(first.writes_per_edge), full_growth, seeded_growth);
  out.Ratio("hot-growth-full-p50-last/first", full_growth);
  out.Ratio("hot-growth-seeded-p50-last/first", seeded_growth);
  return ReportExact(out, "hot-growth-exact", config.edges, result.exact_edges,
                     result.returned_edges, std::to_string(result.batches) + " batches");
}

int GrowthMain(const std::map<std::string, std::string>& flags, bool full,
               const std::string& system) {
  const HotGrowthConfig config = GrowthConfigFrom(flags, full);
  HotGrowthResult result;
  std::string error;
  if (!RunHotGrowth(config, &result, &error)) {
    std::fprintf(stderr, "quarry-bench-hotkeys: %s: %s\n", system.c_str(), error.c_str());
    return error.rfind("growth:", 0) == 0 ? 2 : 1;
  }
  std::fprintf(stderr,
               "quarry-bench-hotkeys %s (growth): %d hot edges, %d reads of each kind per "
               "checkpoint, reads alone right after the writes\n",
               system.c_str(), config.edges, config.reads);
  return ReportGrowth(Reporter(system), config, result) ? 0 : 1;
}

int Main(int argc, char** argv) {
  std::map<std::string, std::string> flags;
  if (!ParseFlags(argc, argv, &flags) || flags["system"].empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string size = Text(flags, "size", "quick");
  const std::string mode = Text(flags, "mode", "load");
  if ((size != "quick" && size != "full") || (mode != "load" && mode != "growth")) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (mode == "growth") return GrowthMain(flags, size == "full", flags["system"]);
  const bool full = size == "full";
  HotLoadConfig config;
  config.port = static_cast<int>(Number(flags, "port", 0));
  config.writers = static_cast<int>(Number(flags, "writers", 4));
  config.readers = static_cast<int>(Number(flags, "readers", 4));
  config.edges = static_cast<int>(Number(flags, "edges", 200));
  config.load_seconds = Number(flags, "seconds", full ? 30 : 6);
  config.idle_seconds = Number(flags, "idle-seconds", full ? 5 : 2);
  config.read_interval_ms = Number(flags, "read-interval-ms", 20);
  config.stagger_readers = Number(flags, "stagger", 1) != 0;
  if (config.port <= 0 || config.writers < 1 || config.readers < 1 || config.edges < 2 ||
      config.load_seconds <= 0 || config.idle_seconds <= 0 || config.read_interval_ms < 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string& system = flags["system"];
  HotLoadResult result;
  std::string error;
  if (!RunHotLoad(config, &result, &error)) {
    std::fprintf(stderr, "quarry-bench-hotkeys: %s: %s\n", system.c_str(), error.c_str());
    return 1;
  }
  const Reporter out(system);
  const double edges_per_s =
      Div(static_cast<double>(result.acked_batches) * config.edges, result.load_seconds);
  std::fprintf(stderr,
               "quarry-bench-hotkeys %s: %d writers + %d readers, %d hot edges, %.1f s: %lld "
               "batches acknowledged (%.0f edges/s)\n",
               system.c_str(), config.writers, config.readers, config.edges, result.load_seconds,
               static_cast<long long>(result.acked_batches), edges_per_s);
  out.Print("hot-write", "edges/s", edges_per_s, true);
  ReportReads(out, "full", result.idle.full, result.load.full, result.idle_after.full,
              result.load_seconds, 5);
  ReportReads(out, "seeded", result.idle.seeded, result.load.seeded, result.idle_after.seeded,
              result.load_seconds, 3);
  const bool exact =
      ReportExact(out, "hot-exact", config.edges, result.exact_edges, result.returned_edges,
                  "1 + " + std::to_string(result.acked_batches) + " batches");
  return exact ? 0 : 1;
}

}  // namespace
}  // namespace quarry::bench

int main(int argc, char** argv) { return quarry::bench::Main(argc, argv); }
