// Opening a graph read-only beside the process that has it open (branch
// service, issue 19): `quarry exec --read-only` and `quarry info` next to a
// running `quarry serve`.
//
// Each RocksDB instance of the graph is opened as a secondary instance:
// it takes no lock, writes nothing in the graph's directories and reads the
// primary's files as of the open (the flushed files and, with the WAL on,
// the acknowledged writes still in the primary's memtables). Later writes of
// the primary are not seen; the view is as fresh as the moment of opening.
// Writes through the returned graph fail (Unimplemented); so do Compact,
// Checkpoint and split-point changes.
#pragma once

#include <memory>
#include <string>

#include "graph-core/status.h"
#include "store/graph.h"

namespace quarry {

// Opens the graph in `dir` read-only. `scratch_dir` receives the secondary
// instances' own files (info logs); it must be writable by this process and
// is not removed here: remove it after the graph is destroyed. NotFound if
// `dir` holds no graph.
Result<std::unique_ptr<Graph>> OpenRocksGraphReadOnly(const std::string& dir,
                                                      const std::string& scratch_dir);

}  // namespace quarry
