// quarry-bench-postgres: the PostgreSQL reference (bench/README.md), against
// a server started by bench/steps/30-postgres.sh.
//
// Usage: quarry-bench-postgres --size quick|full --conninfo "host=... port=..."
//        [--seeds N] [--batch N]
// The tables edges and vertices of that database are dropped and recreated.
#include <cstdio>

#include "bench/common/row_store_runner.h"
#include "bench/postgres/postgres_store.h"

int main(int argc, char** argv) {
  using namespace quarry::bench;
  RowStoreOptions options;
  options.system = "postgres";
  std::string error = ParseRowStoreFlags(argc, argv, &options);
  if (error.empty() && options.extra.count("conninfo") == 0) error = "--conninfo is required";
  if (!error.empty()) {
    std::fprintf(stderr,
                 "quarry-bench-postgres: %s\nusage: %s --size quick|full --conninfo "
                 "CONNINFO [--seeds N] [--batch N]\n",
                 error.c_str(), argv[0]);
    return 2;
  }
  PostgresStore store;
  if (std::string e = store.Connect(options.extra["conninfo"]); !e.empty()) {
    std::fprintf(stderr, "quarry-bench-postgres: %s\n", e.c_str());
    return 1;
  }
  std::printf(
      "# postgres settings: %s; session synchronous_commit=off (WAL written, not flushed "
      "per commit, like Quarry's durability \"log\"); text columns COLLATE \"C\"; "
      "peak RSS = client + server backend\n",
      store.DescribeSettings().c_str());
  return RunRowStoreBenchmarks(&store, options);
}
