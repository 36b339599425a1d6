// The raw RocksDB reference scenarios (bench/README.md), the physical limit of
// Quarry's design: the same keys (RawKeys), column families and options
// (RawDb), with an 8-byte count as the value. Each prints RESULT lines with
// system "rocksdb" and the scenario names Quarry's lines use.
//
// Work that a Quarry caller does outside Quarry (building keys, here; building
// elements, there) is not timed; RocksDB calls, sorting and aggregation are.
//
// Thread safety: call one at a time.
#pragma once

#include <string>

#include "bench/common/args.h"
#include "bench/rocksdb/raw_db.h"
#include "bench/rocksdb/raw_keys.h"
#include "graph-core/status.h"

namespace quarry::bench {

// Events per WriteBatch: Quarry's 10,000 elements per AddElements.
inline constexpr size_t kRawIngestBatchEvents = 5'000;
// Events per SST ingestion: Quarry's BulkImport chunk.
inline constexpr size_t kRawBulkChunkEvents = 500'000;

// "ingest": WriteBatch Merge of every event's keys, then a compaction (not
// timed) for the read scenarios.
Status RawIngest(const BenchArgs& args, const RawKeys& keys, const RawDb& db);
// The five 1hop-* scenarios: prefix seek + scan of the key-package's ranges.
Status RawOneHop(const BenchArgs& args, const RawKeys& keys, const RawDb& db);
// "full-scan": every key of both column families.
Status RawFullScan(const RawDb& db);
// "age-off-compaction": compaction of g:Event with the age-off filter active.
Status RawAgeOff(const BenchArgs& args, const RawKeys& keys, const RawDb& db);
// "bulk-import": per chunk, sorted and aggregated SST files (folding in
// stored values), ingested into a fresh database in `dir`.
Status RawBulkImport(const BenchArgs& args, const RawKeys& keys, const std::string& dir);

// Elements stored (entity keys + source-first edge keys), as GetAllElements
// would count them; the error if the scan failed.
Result<int64_t> RawCountElements(const RawDb& db);

}  // namespace quarry::bench
