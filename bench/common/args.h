// BenchArgs: the command line every benchmark binary accepts, so that the
// driver (bench/run.sh) can call them all the same way.
//
//   <binary> [--size quick|full] [--work DIR] [--repo DIR] [--only PREFIX[,PREFIX...]]
//            [--cache-mib N] [--phase all|reads]
//
// --only (for profiling one scenario) runs the scenarios whose names start
// with one of the PREFIXes, plus whatever they need (ingest, to have data to
// read). --phase reads skips ingest: the read scenarios run on the data an
// earlier run with the same --work and --size left behind (one whose --only
// kept age-off out), so bench/ab-reads.sh can alternate systems' reads on a
// noisy machine without ingesting again.
// --cache-mib is every system's block/page cache (Quarry's and raw
// RocksDB's block cache, SQLite's cache_size, PostgreSQL's shared_buffers):
// one size for all, smaller than the full-size data, so reads are measured
// off disk as well as from cache. Each flag defaults to the driver's
// environment variable (BENCH_SIZE, BENCH_WORK, BENCH_REPO,
// BENCH_CACHE_MIB), then to quick, ./bench-work, the current directory and
// 64 MiB. The binary owns DIR (it may wipe it).
//
// Thread safety: plain values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "bench/common/dataset.h"
#include "bench/common/passes.h"

namespace quarry::bench {

struct BenchArgs {
  std::string size = "quick";
  DatasetSpec spec = DatasetSpec::Quick();
  std::string work;                    // Scratch directory of this binary.
  std::string repo;                    // Repository root (bench/schema lives under it).
  std::string only;                    // Scenario name prefixes, comma-separated; empty: all.
  uint64_t cache_mib = 64;             // Every system's block/page cache, MiB.
  bool reads_only = false;             // --phase reads: reuse the data in `work`.
  size_t passes = kDefaultReadPasses;  // Timed passes of each 1-hop scenario (passes.h).

  uint64_t cache_bytes() const { return cache_mib << 20; }

  // True if the scenario `name` (or one of a family, e.g. "1hop-") is wanted.
  bool Wants(std::string_view name) const;
};

// Parses argv; on a bad argument prints why (with `usage`) to stderr and
// returns false.
bool ParseBenchArgs(int argc, char** argv, BenchArgs* args);

// The number of 1-hop query seeds: the 10,000 uniform seeds, but 200
// hub-heavy ones at every size. A hub-heavy seed is one of the top hubs about
// one time in three, so 10,000 of them would return ~28M elements at quick
// size and ~900M at full size (200: ~0.7M and ~18M). Every system must use
// these counts with QuerySeeds() so that their result counts compare.
size_t QuerySeedCount(const DatasetSpec& spec, bool hub_heavy);

// Adds the `key=value` pairs (separated by ';') of QUARRY_BENCH_PROPERTIES
// to `raw` (a StoreProperties' map): A/B runs of one binary, e.g.
// quarry.scan.readahead.cells=0. Every binary that creates a Quarry graph
// reads it.
void AddPropertiesFromEnv(std::map<std::string, std::string>* raw);

}  // namespace quarry::bench
