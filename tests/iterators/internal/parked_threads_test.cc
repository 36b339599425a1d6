// ParkedThreads: jobs run off the caller's thread, and jobs that wait for
// each other each get a thread (a parked one or a new one), never a queue.
#include "iterators/internal/parked_threads.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <set>
#include <thread>

namespace quarry::iterators_internal {
namespace {

// Counts finished jobs and the threads that ran them.
struct Finished {
  std::mutex mu;
  std::condition_variable cv;
  int jobs = 0;
  std::set<std::thread::id> threads;

  std::function<void()> Job() {
    return [this] {
      std::lock_guard<std::mutex> lock(mu);
      ++jobs;
      threads.insert(std::this_thread::get_id());
      cv.notify_all();
    };
  }
  void WaitFor(int n) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return jobs >= n; });
  }
};

TEST(ParkedThreadsTest, JobsRunOffTheCallersThreadOneAfterAnother) {
  Finished finished;
  for (int i = 1; i <= 5; ++i) {
    RunOnParkedThread(finished.Job());
    finished.WaitFor(i);
  }
  std::lock_guard<std::mutex> lock(finished.mu);
  EXPECT_EQ(finished.jobs, 5);
  EXPECT_EQ(finished.threads.count(std::this_thread::get_id()), 0u);
}

TEST(ParkedThreadsTest, JobsThatWaitForEachOtherEachGetAThread) {
  // Three jobs that finish only once all three have started: they cannot
  // share a thread.
  std::mutex mu;
  std::condition_variable cv;
  int started = 0;
  Finished finished;
  for (int i = 0; i < 3; ++i) {
    RunOnParkedThread([&, done = finished.Job()] {
      {
        std::unique_lock<std::mutex> lock(mu);
        ++started;
        cv.notify_all();
        cv.wait(lock, [&] { return started == 3; });
      }
      done();
    });
  }
  finished.WaitFor(3);
  std::lock_guard<std::mutex> lock(finished.mu);
  EXPECT_EQ(finished.threads.size(), 3u);
}

}  // namespace
}  // namespace quarry::iterators_internal
