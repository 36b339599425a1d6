// JobRunner: runs jobs on its workers, bounds the queue, cancels what is
// still queued when destroyed and waits for what runs.
#include "operations/job_runner.h"

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

TEST(JobRunnerTest, RunsEveryJobOnItsWorkers) {
  std::atomic<int> ran{0};
  std::promise<void> all_ran;
  JobRunner runner(2, 100);
  for (int i = 0; i < 50; ++i) {
    ASSERT_OK(runner.Submit(
        [&] {
          if (++ran == 50) all_ran.set_value();
        },
        nullptr));
  }
  EXPECT_EQ(all_ran.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_EQ(ran.load(), 50);
}

TEST(JobRunnerTest, QueueIsBoundedAndQueuedJobsAreCancelledOnDestruction) {
  std::promise<void> release;
  std::shared_future<void> gate = release.get_future().share();
  std::promise<void> started;
  std::atomic<int> ran{0};
  std::atomic<int> cancelled{0};
  std::thread opener;
  {
    JobRunner runner(1, 2);
    ASSERT_OK(runner.Submit(
        [&] {
          started.set_value();
          gate.wait();
          ++ran;
        },
        [&] { ++cancelled; }));
    started.get_future().wait();  // The worker holds the first job.
    ASSERT_OK(runner.Submit([&] { ++ran; }, [&] { ++cancelled; }));
    ASSERT_OK(runner.Submit([&] { ++ran; }, [&] { ++cancelled; }));
    EXPECT_THAT(runner.Submit([&] { ++ran; }, [&] { ++cancelled; }),
                StatusIs(StatusCode::kResourceExhausted));
    opener = std::thread([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      release.set_value();
    });
  }  // Cancels the two queued jobs, then waits for the running one.
  opener.join();
  EXPECT_EQ(ran.load(), 1);
  EXPECT_EQ(cancelled.load(), 2);
}

}  // namespace
}  // namespace quarry
