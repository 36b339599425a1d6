// Health of a served graph (branch service, issue 19): what REST's
// /graph/status and Thrift's status() report. The graph is UP only when its
// store is open and writable:
// * every data directory exists, is writable (its permission bits allow
//   writing and a probe file can be created and removed there) and is not
//   on a read-only file system;
// * each has at least min_free_bytes free (a full disk stops RocksDB);
// * RocksDB reports no background error and has not stopped writes.
// Otherwise DOWN, with the first reason found ("data directory /x is
// read-only (mode 0555)", "disk full: 1024 bytes free under /x", ...).
//
// The permission bits are checked as well as the probe because root writes
// through any mode: an operator who makes the directory read-only still
// means the graph to be down.
//
// Thread safety: Check may be called from many threads at once.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "graph-core/status.h"
#include "store/engine_stats.h"

namespace quarry {

struct HealthReport {
  bool up = true;
  std::string reason;  // Empty when up.
};

struct HealthCheckOptions {
  std::vector<std::string> data_dirs;           // The graph directory first.
  uint64_t min_free_bytes = 16u << 20;          // Below this, the disk counts as full.
  std::function<Result<EngineStats>()> engine;  // May be empty: no engine check.
};

class HealthChecker {
 public:
  explicit HealthChecker(HealthCheckOptions options) : options_(std::move(options)) {}
  HealthReport Check() const;

 private:
  HealthReport CheckDirectory(const std::string& dir) const;
  HealthReport CheckEngine() const;

  HealthCheckOptions options_;
};

}  // namespace quarry
