// quarry-bench-rados (issue 14): the RADOS store on a loopback Ceph cluster
// against the RocksDB store, same data, same run, same process: ingest,
// 1-hop queries and a full scan on each, then the RADOS/RocksDB ratios.
// bench/steps/70-rados.sh starts the cluster (scripts/ceph-cluster.sh) and
// names its ceph.conf in BENCH_RADOS_CONF.
//
// The data is the bench dataset cut to BENCH_RADOS_EVENTS events (default
// 40,000 at --size quick, 1,000,000 at --size full) so that the step stays
// short on a 2-core machine; the RocksDB side gets the same cut, so the
// ratios compare like with like. BENCH_RADOS_TABLETS: the graph's tablets
// (default 16).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <span>
#include <sstream>

#include "bench/common/args.h"
#include "bench/common/report.h"
#include "bench/schema/bench_data.h"
#include "store/graph.h"
#include "stores/builtin_stores.h"

namespace quarry::bench {
namespace {

constexpr size_t kBatchEvents = 5000;

struct Side {
  const char* system;
  std::map<std::string, double> rates;
};

uint64_t EnvNumber(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

Result<int64_t> Count(Result<std::unique_ptr<ElementIterator>> stream) {
  if (!stream.ok()) return stream.status();
  int64_t n = 0;
  for (; (*stream)->Valid(); (*stream)->Next()) ++n;
  QUARRY_RETURN_IF_ERROR((*stream)->status());
  return n;
}

void Report(Side* side, const char* scenario, const char* metric, double value, int64_t items) {
  side->rates[scenario] = value;
  PrintResult({scenario, side->system, metric, value, true, items});
}

// CPU seconds (user + system) of the cluster's OSDs so far, from the pid
// files in BENCH_RADOS_RUN_DIR (the cluster's run directory); -1 if unset.
double OsdCpuSeconds() {
  const char* run = std::getenv("BENCH_RADOS_RUN_DIR");
  if (run == nullptr || *run == '\0') return -1;
  double total = 0;
  for (int osd = 0; osd < 16; ++osd) {
    std::ifstream pid_file(std::string(run) + "/osd." + std::to_string(osd) + ".pid");
    long pid = 0;
    if (!(pid_file >> pid)) continue;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    std::istringstream fields(line.substr(line.rfind(')') + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
      if (i == 14) utime = std::stoull(field);
      if (i == 15) stime = std::stoull(field);
    }
    total += static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  }
  return total;
}

Status Ingest(const DatasetSpec& spec, Graph& graph, Side* side) {
  const double osd_cpu_before = OsdCpuSeconds();
  EventStream stream(spec);
  std::vector<Element> batch;
  EdgeEvent e;
  double seconds = 0;
  for (bool more = true; more;) {
    batch.clear();
    for (size_t i = 0; i < kBatchEvents && (more = stream.Next(&e)); ++i) {
      AppendEventElements(e, &batch);
    }
    if (batch.empty()) break;
    Stopwatch watch;
    QUARRY_RETURN_IF_ERROR(graph.AddElements(batch, AddElementsOptions(), nullptr));
    seconds += watch.Seconds();
  }
  Report(side, "rados-cmp/ingest", "events/s", stream.position() / seconds, -1);
  if (osd_cpu_before >= 0 && std::string_view(side->system) == "quarry-rados") {
    const double cpu = OsdCpuSeconds() - osd_cpu_before;
    // Each event stores 3 keys (the Vertex entity, the edge under both rows).
    std::printf(
        "quarry-bench-rados: ingest of %llu events in %.2f s used %.2f OSD CPU-seconds "
        "(all OSDs, replicas included): %.0f keys per OSD CPU-second\n",
        static_cast<unsigned long long>(stream.position()), seconds, cpu,
        3.0 * stream.position() / cpu);
  }
  return Status::OK();
}

Status Queries(const DatasetSpec& spec, const Graph& graph, Side* side) {
  std::vector<ElementId> seeds = SeedsOf(QuerySeeds(spec, 2000, /*hub_heavy=*/false));
  for (size_t per_query : {size_t{1}, size_t{100}}) {
    const size_t n = per_query == 1 ? 500 : seeds.size();
    int64_t items = 0;
    Stopwatch watch;
    for (size_t i = 0; i < n; i += per_query) {
      std::span<const ElementId> batch(seeds.data() + i, std::min(per_query, n - i));
      QUARRY_ASSIGN_OR_RETURN(int64_t got, Count(graph.GetElements(batch, QueryOptions())));
      items += got;
    }
    Report(side, per_query == 1 ? "rados-cmp/1hop-single" : "rados-cmp/1hop-batch100", "seeds/s",
           n / watch.Seconds(), items);
  }
  Stopwatch watch;
  QUARRY_ASSIGN_OR_RETURN(int64_t all, Count(graph.GetAllElements(QueryOptions())));
  Report(side, "rados-cmp/full-scan", "elements/s", all / watch.Seconds(), all);
  return Status::OK();
}

Status RunSide(const DatasetSpec& spec, std::shared_ptr<const Schema> schema,
               const std::string& dir, const StoreProperties& properties, Side* side) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, Graph::Create(dir, schema, properties));
  QUARRY_RETURN_IF_ERROR(Ingest(spec, *graph, side));
  // RocksDB reads a compacted graph as the other steps do (merge operands
  // folded); the RADOS store folds at ingest, so it has nothing to compact.
  if (properties.store != "rados") QUARRY_RETURN_IF_ERROR(graph->Compact());
  return Queries(spec, *graph, side);
}

int Run(const BenchArgs& args) {
  const char* conf = std::getenv("BENCH_RADOS_CONF");
  if (conf == nullptr || *conf == '\0') {
    std::fprintf(stderr,
                 "quarry-bench-rados: BENCH_RADOS_CONF unset (run bench/steps/70-rados.sh)\n");
    return 2;
  }
  DatasetSpec spec = args.spec;
  const uint64_t events = EnvNumber("BENCH_RADOS_EVENTS", args.size == "full" ? 1'000'000 : 40'000);
  const double cut = static_cast<double>(events) / static_cast<double>(spec.events);
  if (cut < 1) {
    spec.events = events;
    spec.distinct_edges = std::max<uint64_t>(1, spec.distinct_edges * cut);
    spec.vertices = std::max<uint32_t>(100, spec.vertices * cut);
  }
  std::error_code ec;
  std::filesystem::remove_all(args.work, ec);
  std::filesystem::create_directories(args.work, ec);
  auto schema = LoadBenchSchema(args.repo);
  if (!schema.ok()) {
    std::fprintf(stderr, "quarry-bench-rados: %s\n", schema.status().ToString().c_str());
    return 1;
  }
  StoreProperties rocks;
  rocks.raw["quarry.block.cache.size"] = std::to_string(args.cache_bytes());
  StoreProperties rados;
  rados.store = "rados";
  rados.raw = {{"quarry.store", "rados"},
               {"quarry.rados.conf", conf},
               {"quarry.rados.pool", "quarry"},
               {"quarry.rados.graph", "bench" + std::to_string(::getpid())},
               {"quarry.rados.tablets", std::to_string(EnvNumber("BENCH_RADOS_TABLETS", 16))}};
  std::printf("quarry-bench-rados: %llu events, %s tablets\n",
              static_cast<unsigned long long>(spec.events),
              rados.raw["quarry.rados.tablets"].c_str());
  Side rocks_side{"quarry-rocks"}, rados_side{"quarry-rados"};
  for (auto [properties, side, dir] :
       {std::tuple{&rocks, &rocks_side, "/rocks"}, std::tuple{&rados, &rados_side, "/rados"}}) {
    Status s = RunSide(spec, *schema, args.work + dir, *properties, side);
    if (!s.ok()) {
      std::fprintf(stderr, "quarry-bench-rados: %s: %s\n", side->system, s.ToString().c_str());
      return 1;
    }
  }
  for (const auto& [scenario, rate] : rados_side.rates) {
    std::printf("quarry-bench-rados: %-26s rados/rocks = %.3f\n", scenario.c_str(),
                rate / rocks_side.rates[scenario]);
  }
  return 0;
}

}  // namespace
}  // namespace quarry::bench

int main(int argc, char** argv) {
  quarry::RegisterBuiltinStores();
  quarry::bench::BenchArgs args;
  if (!quarry::bench::ParseBenchArgs(argc, argv, &args)) return 2;
  return quarry::bench::Run(args);
}
