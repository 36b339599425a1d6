// quarry-bench-embedded: the embedded Quarry side of the benchmarks
// (bench/README.md): ingest, 1-hop queries, full scan and age-off on one
// graph, then bulk import into a fresh one (last, as it holds a chunk of
// elements in memory and would raise the peak RSS of the other lines).
#include <cstdio>
#include <filesystem>

#include "bench/common/args.h"
#include "bench/quarry/scenarios.h"
#include "bench/schema/bench_data.h"
#include "stores/builtin_stores.h"

namespace quarry::bench {
namespace {

int Fail(const char* what, const Status& s) {
  std::fprintf(stderr, "quarry-bench-embedded: %s: %s\n", what, s.ToString().c_str());
  return 1;
}

// --phase reads: the read scenarios on the graph an earlier run left.
int RunReads(const BenchArgs& args, const std::string& ingest_dir) {
  Result<std::unique_ptr<Graph>> graph = OpenIngested(args, ingest_dir);
  if (!graph.ok())
    return Fail("opening the ingested graph (run without --phase first)", graph.status());
  Status s = RunOneHop(args, **graph);
  if (!s.ok()) return Fail("1-hop", s);
  if (args.Wants("full-scan") && !(s = RunFullScan(**graph)).ok()) return Fail("full scan", s);
  return 0;
}

int Run(const BenchArgs& args) {
  const std::string ingest_dir = args.work + "/ingest";
  if (args.reads_only) return RunReads(args, ingest_dir);
  std::error_code ec;
  std::filesystem::remove_all(args.work, ec);
  std::filesystem::create_directories(args.work, ec);
  if (ec) return Fail("creating the work dir", IOError(args.work + ": " + ec.message()));
  Result<std::shared_ptr<const Schema>> schema = LoadBenchSchema(args.repo);
  if (!schema.ok()) return Fail("loading the schema", schema.status());

  {
    Result<std::unique_ptr<Graph>> graph = RunIngest(args, *schema, ingest_dir);
    if (!graph.ok()) return Fail("ingest", graph.status());
    Status s = RunOneHop(args, **graph);
    if (!s.ok()) return Fail("1-hop", s);
    if (args.Wants("full-scan") && !(s = RunFullScan(**graph)).ok()) return Fail("full scan", s);
  }  // Closed: age-off reopens it with the new schema.
  Status s;
  if (args.Wants("age-off-compaction") && !(s = RunAgeOff(args, ingest_dir)).ok()) {
    return Fail("age-off", s);
  }
  if (args.Wants("bulk-import") && !(s = RunBulkImport(args, *schema, args.work + "/bulk")).ok()) {
    return Fail("bulk import", s);
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
