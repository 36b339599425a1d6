// JobScheduler: fixed-rate calls until a task declines, and destruction
// that neither waits for nor runs tasks not yet due.
#include "operations/job_scheduler.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "gtest/gtest.h"

namespace quarry {
namespace {

// Polls `done` for up to ~10 s.
template <typename Pred>
bool Eventually(Pred done) {
  for (int i = 0; i < 1000 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return done();
}

TEST(JobSchedulerTest, RepeatsUntilTheTaskDeclines) {
  std::atomic<int> calls{0};
  JobScheduler scheduler;
  scheduler.Schedule(0, 5, [&] { return ++calls < 3; });
  ASSERT_TRUE(Eventually([&] { return calls.load() == 3; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(calls.load(), 3);  // declined: never called again
}

TEST(JobSchedulerTest, TasksRunSideBySide) {
  std::atomic<int> a{0}, b{0};
  JobScheduler scheduler;
  scheduler.Schedule(0, 5, [&] { return ++a < 4; });
  scheduler.Schedule(1, 5, [&] { return ++b < 4; });
  EXPECT_TRUE(Eventually([&] { return a.load() == 4 && b.load() == 4; }));
}

TEST(JobSchedulerTest, DestructionDropsTasksNotYetDue) {
  std::atomic<int> calls{0};
  const auto start = std::chrono::steady_clock::now();
  {
    JobScheduler scheduler;
    scheduler.Schedule(3'600'000, 1000, [&] { return ++calls > 0; });
  }
  EXPECT_EQ(calls.load(), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

}  // namespace
}  // namespace quarry
