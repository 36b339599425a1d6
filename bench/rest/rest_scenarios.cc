#include "bench/rest/rest_scenarios.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <vector>

#include "bench/common/json_items.h"
#include "bench/common/report.h"
#include "bench/quarry/scenarios.h"
#include "bench/rest/http_client.h"
#include "bench/schema/bench_data.h"
#include "bench/thrift/thrift_client.h"

namespace quarry::bench {
namespace {

constexpr char kExecute[] = "/rest/graph/operations/execute";
constexpr char kExecuteChunked[] = "/rest/graph/operations/execute/chunked";
constexpr char kGetAll[] = R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";
constexpr int kScanPageSize = 10'000;  // As step 50's paged Thrift scan.

// GetElements JSON for `vertices` (EntitySeeds of the bench's String ids).
std::string GetElementsJson(const std::vector<uint32_t>& vertices, size_t begin, size_t end) {
  std::string json = R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetElements","input":[)";
  for (size_t i = begin; i < end; ++i) {
    if (i > begin) json += ',';
    json += R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":")" +
            VertexName(vertices[i]) + "\"}";
  }
  return json + "]}";
}

// One request's result items; -1 if the path failed (printed).
using Query = std::function<int64_t(const std::string& operation_json)>;

Query RestQuery(HttpClient* client, bool chunked) {
  return [client, chunked](const std::string& json) -> int64_t {
    JsonArrayItemCounter array;
    LineItemCounter lines;
    const int status =
        client->Post(chunked ? kExecuteChunked : kExecute, json, [&](std::string_view bytes) {
          if (chunked) return lines.Feed(bytes);
          array.Feed(bytes);
        });
    if (status != 200) {
      std::fprintf(stderr, "quarry-bench-rest: HTTP %d for %.200s\n", status, json.c_str());
      return -1;
    }
    if (!chunked && !array.closed()) return -1;
    return chunked ? lines.items() : array.items();
  };
}

Query ThriftQuery(ThriftConnection* connection) {
  return [connection](const std::string& json) -> int64_t {
    std::string result;
    connection->client().execute(result, connection->credentials(), json);
    JsonArrayItemCounter array;
    array.Feed(result);
    return array.closed() ? array.items() : -1;
  };
}

void Report(const char* scenario, const std::string& system, const char* metric, double value,
            int64_t items, const ServedGraph& server) {
  PrintResult({.scenario = scenario,
               .system = system,
               .metric = metric,
               .value = value,
               .items = items,
               .peak_rss_bytes = PeakRssBytesOf(server.server_pid)});
}

struct Path {
  std::string system;
  Query query;
};

Status OneHopCase(const char* scenario, const std::vector<uint32_t>& seeds, size_t per_query,
                  const std::vector<Path>& paths, const ServedGraph& server) {
  for (const Path& path : paths) {
    int64_t items = 0;
    Stopwatch watch;
    for (size_t i = 0; i < seeds.size(); i += per_query) {
      const int64_t n =
          path.query(GetElementsJson(seeds, i, std::min(seeds.size(), i + per_query)));
      if (n < 0) return InternalError(path.system + ": " + scenario + " failed");
      items += n;
    }
    const double seconds = watch.Seconds();
    std::fprintf(stderr, "quarry-bench-rest: %s %s: %lld elements, %.2f s\n", scenario,
                 path.system.c_str(), static_cast<long long>(items), seconds);
    Report(scenario, path.system, "seeds/s", seeds.size() / seconds, items, server);
  }
  return Status::OK();
}

// Reads every seed once, untimed, so that the paths are timed on the same
// warm block cache: otherwise the first path timed pays the cold reads for
// the others (REST execute came out 20-25% below REST chunked on one-seed
// queries, with the same server CPU per request).
Status WarmUp(const std::vector<uint32_t>& seeds, const Path& path) {
  constexpr size_t kPerQuery = 100;
  Stopwatch watch;
  for (size_t i = 0; i < seeds.size(); i += kPerQuery) {
    if (path.query(GetElementsJson(seeds, i, std::min(seeds.size(), i + kPerQuery))) < 0) {
      return InternalError(path.system + ": warming up failed");
    }
  }
  std::fprintf(stderr, "quarry-bench-rest: warmed up with %zu seeds in %.2f s (not timed)\n",
               seeds.size(), watch.Seconds());
  return Status::OK();
}

int64_t ThriftPagedScan(ThriftConnection* connection) {
  std::string handle;
  connection->client().openQuery(handle, connection->credentials(), kGetAll, kScanPageSize);
  rpc::Page page;
  int64_t items = 0;
  do {
    connection->client().nextPage(page, connection->credentials(), handle);
    // The page's own count (server_e2e_test checks it against the parsed
    // array): counting 200 bytes an element here would take CPU from the
    // server it measures, on the same two cores. The text must still be
    // one array.
    const std::string& text = page.itemsJson;
    if (!page.__isset.itemCount || text.size() < 2 || text.front() != '[' || text.back() != ']') {
      return -1;
    }
    items += page.itemCount;
  } while (!page.done);
  return items;
}

}  // namespace

Status PrepareGraph(const BenchArgs& args, const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Schema> schema, LoadBenchSchema(args.repo));
  StoreProperties properties;
  properties.raw["quarry.block.cache.size"] =
      std::to_string(args.cache_bytes());  // As every system in the run.
  AddPropertiesFromEnv(&properties.raw);
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          Graph::Create(dir, std::move(schema), properties));
  EventStream stream(args.spec);
  std::vector<Element> batch;
  EdgeEvent event;
  bool more = true;
  while (more) {
    batch.clear();
    while (batch.size() < kIngestBatchElements && (more = stream.Next(&event))) {
      AppendEventElements(event, &batch);
    }
    AddElementsResult result;
    if (!batch.empty()) QUARRY_RETURN_IF_ERROR(graph->AddElements(batch, {}, &result));
  }
  QUARRY_RETURN_IF_ERROR(graph->Compact());
  // The served scans' own yardstick: the embedded scan of this graph, a
  // minute before them. Step 10's scan of its graph runs many minutes
  // earlier, and on this shared VM the machine's speed moves by up to 40%
  // between steps.
  return RunFullScan(*graph, kEmbeddedHereSystem);
}

Status RunRestOneHop(const BenchArgs& args, const ServedGraph& server) {
  const std::vector<uint32_t> seeds =
      QuerySeeds(args.spec, QuerySeedCount(args.spec, false), /*hub_heavy=*/false);
  try {
    HttpClient rest(server.http_port);
    ThriftConnection thrift(server.thrift_port);
    const std::vector<Path> paths = {{"quarry-rest-execute", RestQuery(&rest, false)},
                                     {"quarry-rest-chunked", RestQuery(&rest, true)},
                                     {"quarry-thrift-execute", ThriftQuery(&thrift)}};
    if (args.Wants("1hop-uniform-single") || args.Wants("1hop-uniform-batch100")) {
      QUARRY_RETURN_IF_ERROR(WarmUp(seeds, paths.back()));
    }
    for (const auto& [scenario, per_query] :
         {std::pair{"1hop-uniform-single", size_t{1}}, {"1hop-uniform-batch100", size_t{100}}}) {
      if (!args.Wants(scenario)) continue;
      QUARRY_RETURN_IF_ERROR(OneHopCase(scenario, seeds, per_query, paths, server));
    }
  } catch (const std::exception& e) {
    return InternalError(std::string("1-hop: ") + e.what());
  }
  return Status::OK();
}

Status RunRestFullScan(const ServedGraph& server) {
  try {
    HttpClient rest(server.http_port);
    ThriftConnection thrift(server.thrift_port);
    const std::vector<Path> paths = {{"quarry-rest-execute", RestQuery(&rest, false)},
                                     {"quarry-rest-chunked", RestQuery(&rest, true)},
                                     {"quarry-thrift-paged", [&thrift](const std::string&) {
                                        return ThriftPagedScan(&thrift);
                                      }}};
    for (const Path& path : paths) {
      Stopwatch watch;
      const int64_t items = path.query(kGetAll);
      if (items < 0) return InternalError(path.system + ": full-scan failed");
      const double seconds = watch.Seconds();
      std::fprintf(stderr, "quarry-bench-rest: full-scan %s: %lld elements, %.2f s\n",
                   path.system.c_str(), static_cast<long long>(items), seconds);
      Report("full-scan", path.system, "elements/s", items / seconds, items, server);
    }
  } catch (const std::exception& e) {
    return InternalError(std::string("full scan: ") + e.what());
  }
  return Status::OK();
}

}  // namespace quarry::bench
