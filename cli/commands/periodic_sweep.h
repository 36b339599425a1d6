// PeriodicSweep (branch rados2, issue 14): `quarry serve` runs
// Graph::Compact every interval on a thread of its own. On the rados store
// Compact is the age-off sweeper (store-rados/rados_graph.h): scans hide
// aged-off cells at once, the sweep reclaims them. A failed sweep is
// reported on `log` and tried again at the next interval.
//
// Thread safety: Start and the destructor from one thread; the sweep
// thread only calls Graph::Compact (safe concurrently with everything).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "store/graph.h"

namespace quarry::cli {

class PeriodicSweep {
 public:
  PeriodicSweep() = default;
  PeriodicSweep(const PeriodicSweep&) = delete;
  PeriodicSweep& operator=(const PeriodicSweep&) = delete;
  // Stops the thread, waiting for a sweep under way to finish.
  ~PeriodicSweep();

  // Sweeps `graph` every `interval` (first after one interval). REQUIRES:
  // interval > 0; `graph` outlives this object; called at most once.
  void Start(Graph* graph, std::chrono::seconds interval, std::FILE* log);

 private:
  void Run(Graph* graph, std::chrono::seconds interval, std::FILE* log);

  std::mutex mu_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

// The default interval of `quarry serve`'s sweep for a graph: an hour on
// the rados store (whose age-off needs it), 0 (off) elsewhere (RocksDB's own
// compactions apply age-off).
std::chrono::seconds DefaultSweepInterval(const Graph& graph);

}  // namespace quarry::cli
