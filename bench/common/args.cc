#include "bench/common/args.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace quarry::bench {
namespace {

std::string EnvOr(const char* name, std::string fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::string(v) : fallback;
}

bool Usage(const char* program, const std::string& why) {
  std::fprintf(
      stderr,
      "%s: %s\nusage: %s [--size quick|full|large] [--work DIR] [--repo DIR] [--only PREFIX] "
      "[--cache-mib N] [--phase all|reads] [--passes N]\n",
      program, why.c_str(), program);
  return false;
}

}  // namespace

bool ParseBenchArgs(int argc, char** argv, BenchArgs* args) {
  args->size = EnvOr("BENCH_SIZE", "quick");
  args->work = EnvOr("BENCH_WORK", "bench-work");
  args->repo = EnvOr("BENCH_REPO", ".");
  std::string cache_mib = EnvOr("BENCH_CACHE_MIB", "64");
  std::string passes = std::to_string(kDefaultReadPasses);
  for (int i = 1; i < argc; ++i) {
    std::string_view flag = argv[i];
    if (i + 1 >= argc) return Usage(argv[0], "missing value after " + std::string(flag));
    std::string value = argv[++i];
    if (flag == "--size") {
      args->size = value;
    } else if (flag == "--work") {
      args->work = value;
    } else if (flag == "--repo") {
      args->repo = value;
    } else if (flag == "--only") {
      args->only = value;
    } else if (flag == "--cache-mib") {
      cache_mib = value;
    } else if (flag == "--passes") {
      passes = value;
    } else if (flag == "--phase") {
      if (value != "all" && value != "reads") {
        return Usage(argv[0], "--phase must be all or reads, not '" + value + "'");
      }
      args->reads_only = value == "reads";
    } else {
      return Usage(argv[0], "unknown flag " + std::string(flag));
    }
  }
  char* end = nullptr;
  args->cache_mib = std::strtoull(cache_mib.c_str(), &end, 10);
  if (cache_mib.empty() || *end != '\0' || args->cache_mib == 0) {
    return Usage(argv[0],
                 "--cache-mib needs a positive whole number of MiB, not '" + cache_mib + "'");
  }
  args->passes = std::strtoull(passes.c_str(), &end, 10);
  if (passes.empty() || *end != '\0' || args->passes == 0) {
    return Usage(argv[0], "--passes needs a positive whole number, not '" + passes + "'");
  }
  if (!DatasetSpec::FromName(args->size, &args->spec)) {
    return Usage(argv[0], "unknown size '" + args->size + "'");
  }
  return true;
}

bool BenchArgs::Wants(std::string_view name) const {
  if (only.empty()) return true;
  std::string_view rest = only;
  while (!rest.empty()) {
    const std::string_view prefix = rest.substr(0, rest.find(','));
    rest.remove_prefix(std::min(rest.size(), prefix.size() + 1));
    if (!prefix.empty() && (name.starts_with(prefix) || prefix.starts_with(name))) return true;
  }
  return false;
}

size_t QuerySeedCount(const DatasetSpec& /*spec*/, bool hub_heavy) {
  return hub_heavy ? 200 : 10'000;
}

void AddPropertiesFromEnv(std::map<std::string, std::string>* raw) {
  const char* extra = std::getenv("QUARRY_BENCH_PROPERTIES");
  std::string_view rest = extra == nullptr ? "" : extra;
  while (!rest.empty()) {
    const std::string_view pair = rest.substr(0, rest.find(';'));
    rest.remove_prefix(std::min(rest.size(), pair.size() + 1));
    const size_t eq = pair.find('=');
    if (eq != std::string_view::npos) {
      (*raw)[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
    }
  }
}

}  // namespace quarry::bench
