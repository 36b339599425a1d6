// Opening a graph from a `quarry` command when another process may hold it
// (branch service, issue 19).
//
// RocksDB lets one process open a database for writing. The process that
// has a graph open records itself in GRAPH_DIR/quarry.holder ("pid N",
// "command quarry serve"); a second process that finds the lock taken reads
// that record and says who holds the graph, instead of RocksDB's
// "While lock file: .../LOCK: Resource temporarily unavailable":
//
//   graph /data/g is served by pid 4242 (quarry serve); run queries through
//   it, or use --read-only
//
// A read-only open (store-rocks/read_only_graph.h) works beside the holder
// and says, on `note`, how fresh its view is.
//
// Thread safety: free functions; one command at a time per process.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "store/graph.h"

namespace quarry::cli {

// The name of the holder record in a graph directory.
inline constexpr char kHolderFileName[] = "quarry.holder";

// Opens `dir` for `command` ("quarry serve", "quarry exec", ...) and records
// this process as its holder; `schema` (optional) as Graph::Open's. When the
// graph is held by another process: Unavailable naming the holder, as above.
Result<std::unique_ptr<Graph>> OpenGraphForCommand(const std::string& dir, std::string_view command,
                                                   std::shared_ptr<const Schema> schema = nullptr);

// Removes the holder record if it names this process (at a clean stop).
void ReleaseHolderRecord(const std::string& dir);

// True if `status` is OpenGraphForCommand's "held by another process".
bool IsGraphInUse(const Status& status);

// A private directory for a read-only open's own files, removed (with its
// contents) when destroyed. REQUIRES: destroyed after the graph opened with
// it.
class ScratchDir {
 public:
  static Result<ScratchDir> Create();
  ScratchDir(ScratchDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  ScratchDir& operator=(ScratchDir&& other) noexcept;
  ~ScratchDir();
  const std::string& path() const { return path_; }

 private:
  explicit ScratchDir(std::string path) : path_(std::move(path)) {}
  void Remove();
  std::string path_;
};

// Opens `dir` read-only (a RocksDB secondary in `scratch`) and writes to
// `note`: "COMMAND: read-only view of DIR as of TIME UTC; writes after that
// are not seen" (plus the holder, if any); for a RADOS graph, which has no
// snapshot to read from, "...; reads see the RADOS pool as it is at each
// read".
Result<std::unique_ptr<Graph>> OpenGraphReadOnlyForCommand(const std::string& dir,
                                                           std::string_view command,
                                                           const ScratchDir& scratch,
                                                           std::FILE* note);

}  // namespace quarry::cli
