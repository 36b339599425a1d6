// RowStore and RunRowStoreBenchmarks: the scenarios of the SQL references
// (PostgreSQL, SQLite), run the same way against either, on the same data as
// Quarry (bench/common/dataset.h, 2 elements per event).
//
// Tables (keyed like Quarry's aggregation key):
//   edges(src text, dst text, day bigint, count bigint, PRIMARY KEY (src, dst, day))
//     plus an index on dst for incoming edges; day is DayMillis(day), the
//     epoch millis Quarry stores as the Date startDate;
//   vertices(vertex text PRIMARY KEY, count bigint).
//
// Result rows match Quarry's GetElements row semantics (gaffer-compat.md §9.6)
// for the seeds of ONE query, taken as a set: each distinct seed's vertex row
// (when stored), every edge with src in the set, and every edge with dst in
// the set and src <> dst. So an edge between two seeds of one query is
// returned twice (once per end), a self-loop once, and a seed repeated within
// a query adds nothing (Quarry merges a batch's overlapping ranges). With the
// view, only edges with count > 1 (no vertex rows, no entity group).
//
// Thread safety: none; one store and one runner per process.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/common/batch_combiner.h"
#include "bench/common/dataset.h"
#include "bench/common/passes.h"

namespace quarry::bench {

// What a query or scan read. Every returned column is read by the store.
struct RowsRead {
  int64_t rows = 0;
  int64_t count_sum = 0;  // Sum of the count column over the rows: a checksum.
};

// A reference system's tables. Each method returns "" on success, else an
// error message naming what failed.
class RowStore {
 public:
  virtual ~RowStore() = default;

  // Drops (if present) and creates both tables and the dst index.
  virtual std::string CreateSchema() = 0;
  // Instead of CreateSchema, for --phase reads: uses the tables an earlier
  // run created and filled. By default not supported.
  virtual std::string UseExistingSchema() { return "--phase reads is not supported here"; }
  // One transaction upserting `edges` and `vertices` (each key at most once
  // per call): a stored row's count grows by the row's count.
  virtual std::string Upsert(const std::vector<EdgeRow>& edges,
                             const std::vector<VertexRow>& vertices) = 0;
  // Untimed work after ingest (e.g. planner statistics); *note says what.
  virtual std::string AfterIngest(std::string* note) = 0;
  // Rows stored in both tables together.
  virtual std::string CountRows(int64_t* rows) = 0;
  // One 1-hop query for `seeds` (1..kMaxSeedsPerQuery of them, see above);
  // `view`: only edges with count > 1. Adds to *read.
  virtual std::string OneHop(std::span<const uint32_t> seeds, bool view, RowsRead* read) = 0;
  // Reads every row of both tables with bounded memory. Adds to *read.
  virtual std::string ScanAll(RowsRead* read) = 0;
  // Peak RSS to report: this process's, plus the server's for a server.
  virtual uint64_t PeakRss() = 0;
};

inline constexpr size_t kMaxSeedsPerQuery = 100;

struct RowStoreOptions {
  std::string_view system;  // Result-line system name: "postgres", "sqlite".
  DatasetSpec spec;
  size_t seeds = 0;                    // 1-hop seeds per scenario; 0: QuerySeedCount (args.h).
  size_t batch_events = 5000;          // Events per ingest transaction: 10,000 elements, as Quarry.
  bool reads_only = false;             // --phase reads: the tables an earlier run left, no ingest.
  size_t passes = kDefaultReadPasses;  // Timed passes of each 1-hop scenario (passes.h).
  std::map<std::string, std::string> extra;  // Store-specific --flags.
};

// Parses --size quick|full (required), --seeds N (default: QuerySeedCount,
// as every system), --batch N (events per transaction, default 5,000),
// --phase all|reads (reads: skip ingest, bench/ab-reads.sh), --passes N
// (timed passes of each 1-hop scenario, default kDefaultReadPasses) and any
// other --name value / --name=value pair into options->extra. Returns "" or
// the usage error.
std::string ParseRowStoreFlags(int argc, char** argv, RowStoreOptions* options);

// Runs ingest, the 1-hop scenarios and full-scan, printing one RESULT line
// each (bench/common/report.h) and human notes prefixed "# ". Returns 0, or 1
// after printing the first error to stderr.
int RunRowStoreBenchmarks(RowStore* store, const RowStoreOptions& options);

}  // namespace quarry::bench
