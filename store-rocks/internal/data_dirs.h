// A graph's data directories (quarry.data.dirs, store-rocks/rocks_properties.h):
// one RocksDB instance each, the first being the graph directory, which keeps
// the metadata. Several directories are recorded in the metadata at Create
// (store-rocks/metadata_format.h quarry.data_dirs) and fixed from then on.
//
// data_dirs.cc also defines RocksGraph::OpenInstances and Checkpoint.
//
// Thread safety: free functions.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "graph-core/status.h"

namespace quarry::internal {

// The instance directories `given` names for a graph in `graph_dir`:
// absolute, normalised paths, the first being `graph_dir`'s. Empty when the
// graph has one instance (`given` empty, or naming only the graph dir).
// InvalidArgument if the first is not the graph dir or a directory repeats.
Result<std::vector<std::string>> ResolveDataDirs(const std::string& graph_dir,
                                                 const std::vector<std::string>& given);

// The instance directories recorded in `meta` (empty: one instance), with
// the first replaced by `graph_dir` (the graph may have been copied).
Result<std::vector<std::string>> StoredDataDirs(const std::map<std::string, std::string>& meta,
                                                const std::string& graph_dir);

// FailedPrecondition naming both lists unless `given` (resolved) equals
// `stored`; an empty `given_raw` (the properties name no directories)
// always passes.
Status CheckSameDataDirs(const std::vector<std::string>& stored,
                         const std::vector<std::string>& given,
                         const std::vector<std::string>& given_raw);

// Puts `entries` into the metadata column family of the closed RocksDB
// database at `path` (every column family opened with default options, no
// compactions and no flushes, so merge operands are never processed). Used
// to point a checkpoint's metadata at its own copies. REQUIRES: every
// column family's data is in SST files (as in a fresh checkpoint, which
// flushes first): data found only in the WAL does not survive this open.
Status PutClosedMetadata(const std::string& path,
                         const std::map<std::string, std::string>& entries);

// "a, b, c" for messages.
std::string JoinDirs(const std::vector<std::string>& dirs);

}  // namespace quarry::internal
