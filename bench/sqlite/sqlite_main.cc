// quarry-bench-sqlite: the SQLite reference (bench/README.md).
//
// Usage: quarry-bench-sqlite --size quick|full --db PATH [--seeds N] [--batch N]
// PATH (and its -wal/-shm files) is overwritten.
#include <cstdio>
#include <filesystem>

#include "bench/common/row_store_runner.h"
#include "bench/sqlite/sqlite_store.h"

int main(int argc, char** argv) {
  using namespace quarry::bench;
  RowStoreOptions options;
  options.system = "sqlite";
  std::string error = ParseRowStoreFlags(argc, argv, &options);
  if (error.empty() && options.extra.count("db") == 0) error = "--db PATH is required";
  if (!error.empty()) {
    std::fprintf(stderr,
                 "quarry-bench-sqlite: %s\nusage: %s --size quick|full --db PATH "
                 "[--seeds N] [--batch N]\n",
                 error.c_str(), argv[0]);
    return 2;
  }
  const std::string path = options.extra["db"];
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ignored);
  SqliteStore store;
  if (std::string e = store.Open(path); !e.empty()) {
    std::fprintf(stderr, "quarry-bench-sqlite: %s\n", e.c_str());
    return 1;
  }
  std::printf(
      "# sqlite %s: journal_mode=WAL, synchronous=NORMAL (WAL written at commit, fsynced "
      "only at checkpoints, like Quarry's durability \"log\"), cache_size=256MiB, "
      "WITHOUT ROWID tables\n",
      sqlite3_libversion());
  return RunRowStoreBenchmarks(&store, options);
}
