// CheckGraph: an offline integrity check of a closed graph (`quarry check`).
//
// What it verifies, per RocksDB instance of the graph (the graph dir and any
// quarry.data.dirs):
//   - the database opens read-only: CURRENT, the MANIFEST and the WAL replay
//     without a checksum error (nothing is written, no WAL is replayed into
//     files, no compaction runs);
//   - every block of every SST file matches its checksum
//     (rocksdb::DB::VerifyChecksum);
//   - the metadata names a schema that parses and a known key-package;
//   - every stored key and value of every group decodes under that schema
//     (key-package Decode, after the distinct suffix of non-aggregated
//     groups), merge operands included.
// It never repairs anything. Problems are collected, not fatal: one damaged
// file does not hide another.
//
// Thread safety: one call opens its own read-only handles; the graph must
// not be open for writing by another process at the same time (RocksDB
// would see files move under it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph-core/status.h"
#include "store/graph_check.h"

namespace quarry {

// Checks the graph in `dir`. NotFound if `dir` holds no graph; otherwise
// the report (damage is in the report, not the Status).
Result<GraphCheckReport> CheckRocksGraph(const std::string& dir);

}  // namespace quarry
