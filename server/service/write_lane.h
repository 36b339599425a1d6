// WriteLane: the threads a server's writes run on, below the priority of its
// reads (issue 18, hot keys).
//
// Gaffer's typical load is continuous aggregating ingest with queries at the
// same time. Every connection has a thread of normal priority, so once the
// writers saturate the cores a read that arrives waits for a write's time
// slice, and its latency grows with the write load. On the lane a write
// (validation, encoding and the store's write) runs on a thread of lowered
// priority (graph-core/thread_priority.h; SCHED_IDLE by default): a read
// that wakes takes a core from it at once, and writes use whatever the
// reads leave. A write's caller blocks until it is done and gets its status,
// so acknowledgement and durability are the store's, as before.
//
// The lane's threads are lowered once, when started: an unprivileged thread
// cannot raise its priority again, which is why writes hop to a pool rather
// than lowering the connection's own thread (a connection that also reads
// would then read at the write priority).
//
// WritesOnLane wraps a Graph so that every call that writes data
// (AddElements, BulkImport, DeleteElements, DeleteAllElements, Compact,
// SetSplitPoints, MergeShards) runs on the lane; reads and metadata calls run
// on the caller's thread. Whatever the transport (Thrift's typed AddElements,
// an operation chain, REST), a write reaches the store through it.
//
// Thread safety: Run may be called from any number of threads. Destruction
// waits for the work queued so far, then joins the threads.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "graph-core/status.h"
#include "graph-core/thread_priority.h"
#include "store/graph.h"

namespace quarry {

struct WriteLaneOptions {
  // Threads writing at once; 0 means the hardware concurrency.
  int threads = 0;
  // Normal: no threads; Run calls the work on the caller's thread.
  ThreadPriority priority = ThreadPriority::Idle();
};

class WriteLane {
 public:
  explicit WriteLane(WriteLaneOptions options);
  ~WriteLane();
  WriteLane(const WriteLane&) = delete;
  WriteLane& operator=(const WriteLane&) = delete;

  // Runs `work` on a lane thread, blocks until it returns, and returns its
  // status; an exception from `work` becomes Internal. REQUIRES: no Run
  // starts once destruction has begun.
  Status Run(const std::function<Status()>& work);

  const WriteLaneOptions& options() const { return options_; }
  // Threads started (0 for priority Normal).
  size_t threads() const { return threads_.size(); }

 private:
  struct Job;
  void Work();

  const WriteLaneOptions options_;
  std::mutex mu_;
  std::condition_variable work_cv_;
  std::deque<Job*> queue_;  // Guarded by mu_; each lives in its Run call.
  bool stopping_ = false;   // Guarded by mu_.
  std::vector<std::thread> threads_;
};

// `graph` with its data writes run on `lane` (above). REQUIRES: both are
// non-null; the lane outlives the returned graph's calls.
std::shared_ptr<Graph> WritesOnLane(std::shared_ptr<Graph> graph, std::shared_ptr<WriteLane> lane);

}  // namespace quarry
