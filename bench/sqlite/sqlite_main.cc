// quarry-bench-sqlite: the SQLite reference (bench/README.md).
//
// Usage: quarry-bench-sqlite --size quick|full --db PATH [--seeds N] [--batch N]
//                            [--cache-mib N] [--phase all|reads]
// PATH (and its -wal/-shm files) is overwritten, unless --phase reads reads
// the tables an earlier run left there.
#include <cstdio>
#include <cstdlib>
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
                 "[--seeds N] [--batch N] [--cache-mib N] [--phase all|reads]\n",
                 error.c_str(), argv[0]);
    return 2;
  }
  const std::string path = options.extra["db"];
  const char* env_cache = std::getenv("BENCH_CACHE_MIB");
  std::string cache_flag = options.extra.count("cache-mib") != 0 ? options.extra["cache-mib"]
                           : env_cache != nullptr                ? env_cache
                                                                 : "64";
  const uint64_t cache_mib = std::strtoull(cache_flag.c_str(), nullptr, 10);
  if (cache_mib == 0) {
    std::fprintf(stderr, "quarry-bench-sqlite: --cache-mib needs a positive number: %s\n",
                 cache_flag.c_str());
    return 2;
  }
  std::error_code ignored;
  if (!options.reads_only) {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ignored);
  } else if (!std::filesystem::exists(path)) {
    std::fprintf(stderr, "quarry-bench-sqlite: --phase reads needs the database %s\n",
                 path.c_str());
    return 2;
  }
  SqliteStore store;
  if (std::string e = store.Open(path, cache_mib); !e.empty()) {
    std::fprintf(stderr, "quarry-bench-sqlite: %s\n", e.c_str());
    return 1;
  }
  std::printf(
      "# sqlite %s: journal_mode=WAL, synchronous=NORMAL (WAL written at commit, fsynced "
      "only at checkpoints, like Quarry's durability \"log\"), cache_size=%lluMiB, "
      "WITHOUT ROWID tables\n",
      sqlite3_libversion(), static_cast<unsigned long long>(cache_mib));
  return RunRowStoreBenchmarks(&store, options);
}
