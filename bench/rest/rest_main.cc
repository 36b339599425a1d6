// quarry-bench-rest: Gaffer's REST API of `quarry serve` against the
// embedded store and the Thrift path (bench/README.md, step 60-rest.sh).
//
//   quarry-bench-rest prepare [bench args]     builds the graph in WORK/graph
//   quarry-bench-rest run --port T --http-port H --server-pid PID [bench args]
//
// bench args: --size, --work, --repo, --only (bench/common/args.h).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "bench/common/args.h"
#include "bench/rest/rest_scenarios.h"
#include "stores/builtin_stores.h"

namespace quarry::bench {
namespace {

constexpr char kUsage[] =
    "usage: quarry-bench-rest prepare [--size S --work DIR --repo DIR]\n"
    "       quarry-bench-rest run --port T --http-port H --server-pid PID [--size S --only P]\n";

int Fail(const char* what, const Status& s) {
  std::fprintf(stderr, "quarry-bench-rest: %s: %s\n", what, s.ToString().c_str());
  return 1;
}

// Takes --port, --http-port and --server-pid out of `argv`; the rest is
// left for ParseBenchArgs.
bool TakeServerFlags(std::vector<char*>* argv, ServedGraph* server) {
  std::vector<char*> rest = {(*argv)[0]};
  for (size_t i = 1; i < argv->size(); ++i) {
    std::string_view flag = (*argv)[i];
    int* target = flag == "--port"         ? &server->thrift_port
                  : flag == "--http-port"  ? &server->http_port
                  : flag == "--server-pid" ? &server->server_pid
                                           : nullptr;
    if (target == nullptr) {
      rest.push_back((*argv)[i]);
      continue;
    }
    if (++i >= argv->size()) return false;
    *target = std::atoi((*argv)[i]);
  }
  *argv = std::move(rest);
  return true;
}

int Run(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string mode = argv[1];
  std::vector<char*> rest(argv + 1, argv + argc);  // rest[0]: the mode, as a program name.
  ServedGraph server;
  BenchArgs args;
  if ((mode != "prepare" && mode != "run") || !TakeServerFlags(&rest, &server) ||
      !ParseBenchArgs(static_cast<int>(rest.size()), rest.data(), &args)) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (mode == "prepare") {
    std::error_code ec;
    std::filesystem::remove_all(args.work, ec);
    std::filesystem::create_directories(args.work, ec);
    Status s = PrepareGraph(args, args.work + "/graph");
    return s.ok() ? 0 : Fail("preparing the graph", s);
  }
  if (server.thrift_port <= 0 || server.http_port <= 0 || server.server_pid <= 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  Status s = RunRestOneHop(args, server);
  if (!s.ok()) return Fail("1-hop", s);
  if (args.Wants("full-scan") && !(s = RunRestFullScan(server)).ok()) return Fail("full scan", s);
  return 0;
}

}  // namespace
}  // namespace quarry::bench

int main(int argc, char** argv) {
  quarry::RegisterBuiltinStores();
  return quarry::bench::Run(argc, argv);
}
