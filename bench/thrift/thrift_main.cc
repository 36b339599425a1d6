// quarry-bench-thrift: Quarry over Thrift, driven against a running `quarry serve`
// (bench/steps/50-thrift.sh starts and stops the servers).
//
//   quarry-bench-thrift ingest --size quick|full --port N --server-pid PID
//                       --path json|typed --threads N [--batch-events 5000]
//     Ingests the whole EventStream into an empty served graph, checks the
//     stored counts against the dataset, and prints
//       RESULT ingest            quarry-thrift-<path>-<threads>c  events/s
//       RESULT server-rss-ingest quarry-thrift-<path>-<threads>c  bytes (the server's VmHWM)
//   quarry-bench-thrift scan --size quick|full --port N --server-pid PID [--page-size 10000]
//     Pages a GetAllElements through a freshly started server on a loaded
//     graph, checks the sums, and prints
//       RESULT full-scan-thrift  quarry-thrift  elements/s
//       RESULT server-rss-scan   quarry-thrift  bytes (the server's VmHWM)
//
// Each RESULT's own peak_rss_bytes is this client's; the server's figure is
// the value of the server-rss-* lines. Exit status: 0 ok, 1 failure, 2 usage.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <string>

#include "bench/common/dataset.h"
#include "bench/common/report.h"
#include "bench/thrift/expected.h"
#include "bench/thrift/ingest.h"
#include "bench/thrift/scan.h"
#include "bench/thrift/thrift_client.h"

namespace quarry::bench {
namespace {

constexpr char kUsage[] =
    "usage: quarry-bench-thrift ingest --size quick|full --port N --server-pid PID\n"
    "                                  --path json|typed --threads N [--batch-events N]\n"
    "       quarry-bench-thrift scan --size quick|full --port N --server-pid PID [--page-size N]\n";

struct Args {
  std::string mode;
  std::map<std::string, std::string> flags;
  std::string Get(const std::string& name, const std::string& fallback = "") const {
    auto it = flags.find(name);
    return it == flags.end() ? fallback : it->second;
  }
  long Number(const std::string& name, long fallback) const {
    const std::string text = Get(name);
    return text.empty() ? fallback : std::strtol(text.c_str(), nullptr, 10);
  }
};

bool ParseArgs(int argc, char** argv, Args* args) {
  if (argc < 2) return false;
  args->mode = argv[1];
  for (int i = 2; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag.rfind("--", 0) != 0 || i + 1 >= argc) return false;
    args->flags[flag.substr(2)] = argv[i + 1];
  }
  return args->mode == "ingest" || args->mode == "scan";
}

// A server-rss-* line: the server's VmHWM (`bytes`) as the value.
void PrintServerRss(const char* scenario, const std::string& system, uint64_t bytes) {
  std::fprintf(stderr, "quarry-bench-thrift: %s %s: server VmHWM %.1f MiB\n", scenario,
               system.c_str(), static_cast<double>(bytes) / (1 << 20));
  PrintResult({.scenario = scenario,
               .system = system,
               .metric = "bytes",
               .value = static_cast<double>(bytes),
               .higher_is_better = false});
}

int Ingest(const Args& args, const DatasetSpec& spec, int port, int server_pid) {
  IngestConfig config;
  config.port = port;
  const std::string path = args.Get("path");
  if (path != "json" && path != "typed") return 2;
  config.path = path == "json" ? IngestPath::kJson : IngestPath::kTyped;
  config.threads = static_cast<int>(args.Number("threads", 1));
  config.batch_events = static_cast<size_t>(args.Number("batch-events", 5'000));
  if (config.threads < 1 || config.threads > 64 || config.batch_events < 1) return 2;
  const std::string system = "quarry-thrift-" + path + "-" + std::to_string(config.threads) + "c";

  const std::vector<EdgeEvent> events = LoadEvents(spec);
  const ExpectedGraph expected = ComputeExpected(events);
  std::string error;
  const double seconds = RunIngest(config, events, &error);
  if (seconds < 0) {
    std::fprintf(stderr, "quarry-bench-thrift: %s ingest failed: %s\n", system.c_str(),
                 error.c_str());
    return 1;
  }
  const uint64_t server_peak = PeakRssBytesOf(server_pid);  // Before the checks' queries.
  ThriftConnection connection(port);
  uint64_t stored = 0;
  if (!CheckServedGraph(connection, spec, events, expected, &stored)) return 1;
  std::fprintf(stderr,
               "quarry-bench-thrift: %s: %zu events in %.2f s, %llu elements stored (checked)\n",
               system.c_str(), events.size(), seconds, static_cast<unsigned long long>(stored));
  PrintResult({.scenario = "ingest",
               .system = system,
               .metric = "events/s",
               .value = static_cast<double>(events.size()) / seconds,
               .items = static_cast<int64_t>(stored)});
  PrintServerRss("server-rss-ingest", system, server_peak);
  return 0;
}

int Scan(const Args& args, const DatasetSpec& spec, int port, int server_pid) {
  const int page_size = static_cast<int>(args.Number("page-size", 10'000));
  if (page_size < 1) return 2;
  const ExpectedGraph expected = ComputeExpected(LoadEvents(spec));
  std::fprintf(stderr, "quarry-bench-thrift: scan: server VmHWM before %.1f MiB\n",
               static_cast<double>(PeakRssBytesOf(server_pid)) / (1 << 20));
  ScanResult scan;
  std::string error;
  if (!RunPagedScan(port, page_size, &scan, &error)) {
    std::fprintf(stderr, "quarry-bench-thrift: paged scan failed: %s\n", error.c_str());
    return 1;
  }
  if (!CheckScanSums(scan.sums, expected)) return 1;
  const int64_t items = scan.sums.edges + scan.sums.entities;
  std::fprintf(stderr, "quarry-bench-thrift: scan: %lld elements in %lld pages, %.2f s (checked)\n",
               static_cast<long long>(items), static_cast<long long>(scan.pages), scan.seconds);
  PrintResult({.scenario = "full-scan-thrift",
               .system = "quarry-thrift",
               .metric = "elements/s",
               .value = static_cast<double>(items) / scan.seconds,
               .items = items});
  PrintServerRss("server-rss-scan", "quarry-thrift", PeakRssBytesOf(server_pid));
  return 0;
}

int Main(int argc, char** argv) {
  Args args;
  DatasetSpec spec;
  if (!ParseArgs(argc, argv, &args) || !DatasetSpec::FromName(args.Get("size"), &spec)) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const int port = static_cast<int>(args.Number("port", 0));
  const int server_pid = static_cast<int>(args.Number("server-pid", 0));
  if (port <= 0 || server_pid <= 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  int rc;
  try {
    rc = args.mode == "ingest" ? Ingest(args, spec, port, server_pid)
                               : Scan(args, spec, port, server_pid);
  } catch (const rpc::QuarryError& e) {
    std::fprintf(stderr, "quarry-bench-thrift: %s: %s\n", e.code.c_str(), e.message.c_str());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "quarry-bench-thrift: %s\n", e.what());
    return 1;
  }
  if (rc == 2) std::fputs(kUsage, stderr);
  return rc;
}

}  // namespace
}  // namespace quarry::bench

int main(int argc, char** argv) { return quarry::bench::Main(argc, argv); }
