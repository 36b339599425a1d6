// JobScheduler: the timer behind Gaffer's scheduled jobs (a Job with a
// Repeat, POST /graph/jobs/schedule): each scheduled task is called at its
// initial delay and then every period, at a fixed rate, as Java's
// scheduleAtFixedRate, until it returns false or the scheduler is destroyed.
//
// One thread, started on the first Schedule, runs every task in turn; a task
// should only hand work on (the Executor's ticks submit a job), not run it.
//
// Thread safety: Schedule may be called from any thread (a task included);
// destroy once, after the last Schedule returns.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace quarry {

class JobScheduler {
 public:
  JobScheduler() = default;
  // Stops the thread; tasks not yet due never run.
  ~JobScheduler();
  JobScheduler(const JobScheduler&) = delete;
  JobScheduler& operator=(const JobScheduler&) = delete;

  // REQUIRES: initial_delay_ms >= 0, period_ms > 0.
  void Schedule(int64_t initial_delay_ms, int64_t period_ms, std::function<bool()> task);

 private:
  struct Entry {
    int64_t due_ms;  // steady-clock milliseconds
    int64_t period_ms;
    std::function<bool()> task;
  };
  void Loop();

  std::mutex mu_;
  std::condition_variable wake_;
  std::vector<Entry> entries_;  // Guarded by mu_.
  bool stopping_ = false;       // Guarded by mu_.
  std::thread thread_;          // Started under mu_ on first Schedule.
};

}  // namespace quarry
