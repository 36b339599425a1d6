#include "bench/quarry/scenarios.h"

#include <algorithm>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/common/passes.h"
#include "bench/common/report.h"
#include "bench/schema/bench_data.h"

namespace quarry::bench {
namespace {

// Since the process started: for `perf record -D` when profiling a scenario.
const Stopwatch kSinceStart;

void Announce(const char* scenario) {
  std::printf("quarry: %s starts at t=%.1f s\n", scenario, kSinceStart.Seconds());
  std::fflush(stdout);
}

// Fills `batch` with the elements of up to `events` events; false at the end.
bool NextBatch(EventStream* stream, size_t events, std::vector<Element>* batch) {
  batch->clear();
  EdgeEvent e;
  for (size_t i = 0; i < events && stream->Next(&e); ++i) AppendEventElements(e, batch);
  return !batch->empty();
}

// Default store properties but for the block cache, which every system in
// the run sizes alike (bench/common/args.h), and QUARRY_BENCH_PROPERTIES
// (hotkeys2: e.g. quarry.write.coalesce=false).
StoreProperties BenchProperties(const BenchArgs& args) {
  StoreProperties properties;
  properties.raw["quarry.block.cache.size"] = std::to_string(args.cache_bytes());
  AddPropertiesFromEnv(&properties.raw);
  return properties;
}

// Drains a result stream, counting its elements; the error if it failed.
Result<int64_t> Drain(Result<std::unique_ptr<ElementIterator>> stream) {
  if (!stream.ok()) return stream.status();
  int64_t n = 0;
  for (; (*stream)->Valid(); (*stream)->Next()) ++n;
  QUARRY_RETURN_IF_ERROR((*stream)->status());
  return n;
}

// Runs `seeds` against the graph `per_query` seeds at a time, `passes` times;
// prints the line (the median pass, every pass listed).
Status OneHop(const Graph& graph, const char* scenario, const std::vector<ElementId>& seeds,
              size_t per_query, const QueryOptions& options, size_t passes) {
  int64_t items = -1;
  PassRates rates;
  for (size_t pass = 0; pass < passes; ++pass) {
    int64_t pass_items = 0;
    Stopwatch watch;
    for (size_t i = 0; i < seeds.size(); i += per_query) {
      std::span<const ElementId> batch(seeds.data() + i, std::min(per_query, seeds.size() - i));
      QUARRY_ASSIGN_OR_RETURN(int64_t n, Drain(graph.GetElements(batch, options)));
      pass_items += n;
    }
    rates.Add(static_cast<double>(seeds.size()), watch.Seconds());
    if (items >= 0 && pass_items != items) {
      return InternalError(std::string(scenario) + ": pass " + std::to_string(pass + 1) +
                           " returned " + std::to_string(pass_items) + " elements, pass 1 " +
                           std::to_string(items));
    }
    items = pass_items;
  }
  Measurement m{scenario, kQuarrySystem, "seeds/s", rates.Median(), true, items};
  m.passes = rates.rates();
  PrintResult(m);
  return Status::OK();
}

}  // namespace

int64_t CountAllElements(const Graph& graph) {
  Result<int64_t> n = Drain(graph.GetAllElements(QueryOptions()));
  if (!n.ok()) {
    std::fprintf(stderr, "quarry: GetAllElements failed: %s\n", n.status().ToString().c_str());
    return -1;
  }
  return *n;
}

Result<std::unique_ptr<Graph>> RunIngest(const BenchArgs& args,
                                         std::shared_ptr<const Schema> schema,
                                         const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          Graph::Create(dir, std::move(schema), BenchProperties(args)));
  EventStream stream(args.spec);
  std::vector<Element> batch;
  batch.reserve(kIngestBatchElements);
  double seconds = 0;
  while (NextBatch(&stream, kIngestBatchElements / 2, &batch)) {
    Stopwatch watch;
    AddElementsResult result;
    QUARRY_RETURN_IF_ERROR(graph->AddElements(batch, AddElementsOptions(), &result));
    seconds += watch.Seconds();
  }
  PrintResult({"ingest", kQuarrySystem, "events/s", stream.position() / seconds, true, -1});
  // The read scenarios run on a compacted graph (merge operands resolved), as
  // the reference's do; not timed.
  Stopwatch settle;
  QUARRY_RETURN_IF_ERROR(graph->Compact());
  std::printf("quarry: compacted after ingest in %.3f s (not timed)\n", settle.Seconds());
  return graph;
}

Status RunOneHop(const BenchArgs& args, const Graph& graph) {
  std::vector<ElementId> uniform =
      SeedsOf(QuerySeeds(args.spec, QuerySeedCount(args.spec, false), /*hub_heavy=*/false));
  std::vector<ElementId> hubs =
      SeedsOf(QuerySeeds(args.spec, QuerySeedCount(args.spec, true), /*hub_heavy=*/true));
  QueryOptions all, filtered;
  QUARRY_ASSIGN_OR_RETURN(filtered.view, CountAboveOneView());
  struct Case {
    const char* scenario;
    const std::vector<ElementId>* seeds;
    size_t per_query;
    const QueryOptions* options;
  };
  for (const Case& c :
       {Case{"1hop-uniform-single", &uniform, 1, &all},
        Case{"1hop-uniform-batch100", &uniform, 100, &all}, Case{"1hop-hub-single", &hubs, 1, &all},
        Case{"1hop-hub-batch100", &hubs, 100, &all},
        Case{"1hop-uniform-batch100-view", &uniform, 100, &filtered}}) {
    if (!args.Wants(c.scenario)) continue;
    Announce(c.scenario);
    QUARRY_RETURN_IF_ERROR(
        OneHop(graph, c.scenario, *c.seeds, c.per_query, *c.options, args.passes));
  }
  return Status::OK();
}

Result<std::unique_ptr<Graph>> OpenIngested(const BenchArgs& args, const std::string& dir) {
  const StoreProperties properties = BenchProperties(args);
  return Graph::Open(dir, nullptr, &properties);
}

Status RunFullScan(const Graph& graph, const char* system) {
  Announce("full-scan");
  Stopwatch watch;
  QUARRY_ASSIGN_OR_RETURN(int64_t n, Drain(graph.GetAllElements(QueryOptions())));
  PrintResult({"full-scan", system, "elements/s", n / watch.Seconds(), true, n});
  return Status::OK();
}

Status RunAgeOff(const BenchArgs& args, const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(auto schema, LoadBenchSchema(args.repo, args.spec.days / 2));
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, Graph::Open(dir, schema));
  Announce("age-off-compaction");
  Stopwatch watch;
  QUARRY_RETURN_IF_ERROR(graph->Compact());
  double seconds = watch.Seconds();
  QUARRY_ASSIGN_OR_RETURN(GraphStats stats, graph->Stats());
  std::printf("quarry: age-off deleted %llu Event cells in %.3f s\n",
              static_cast<unsigned long long>(stats.groups["Event"].deleted_by_validation),
              seconds);
  PrintResult(
      {"age-off-compaction", kQuarrySystem, "seconds", seconds, false, CountAllElements(*graph)});
  return Status::OK();
}

Status RunBulkImport(const BenchArgs& args, std::shared_ptr<const Schema> schema,
                     const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          Graph::Create(dir, std::move(schema), BenchProperties(args)));
  EventStream stream(args.spec);
  std::vector<Element> chunk;
  Announce("bulk-import");
  double seconds = 0;
  while (NextBatch(&stream, kBulkImportChunkEvents, &chunk)) {
    Stopwatch watch;
    AddElementsResult result;
    QUARRY_RETURN_IF_ERROR(graph->BulkImport(chunk, AddElementsOptions(), &result));
    seconds += watch.Seconds();
  }
  chunk = {};
  PrintResult({"bulk-import", kQuarrySystem, "events/s", stream.position() / seconds, true,
               CountAllElements(*graph)});
  return Status::OK();
}

}  // namespace quarry::bench
