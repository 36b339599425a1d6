// JobRunner: the bounded worker pool an Executor runs submitted jobs on
// (Gaffer's executor service for executeJob).
//
// Workers start on the first Submit, so an Executor that never runs a job
// costs no threads. The queue is bounded: Submit refuses work past it.
// Destruction stops taking work, cancels the queued jobs (their `cancel`
// runs on the destroying thread) and waits for the running ones.
//
// Thread safety: Submit may be called from any thread; destroy once, after
// the last Submit returns.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

class JobRunner {
 public:
  // REQUIRES: threads >= 1.
  JobRunner(int threads, size_t max_queued);
  ~JobRunner();
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;

  // Queues `run` for a worker. `cancel` runs instead if the runner is
  // destroyed before a worker takes the job. ResourceExhausted when
  // max_queued jobs already wait (neither function runs then).
  Status Submit(std::function<void()> run, std::function<void()> cancel);

 private:
  struct Job {
    std::function<void()> run;
    std::function<void()> cancel;
  };
  void Work();

  const int threads_;
  const size_t max_queued_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Job> queue_;             // Guarded by mu_.
  bool stopping_ = false;             // Guarded by mu_.
  std::vector<std::thread> workers_;  // Started under mu_ on first Submit.
};

}  // namespace quarry
