// ThreadPriority (issue 18): the text forms a property or flag takes, and
// what lowering does to the calling thread, checked on fresh threads so the
// test's own thread keeps its priority.
#include "graph-core/thread_priority.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

int NiceOfThisThread() {
  errno = 0;
  return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
}

TEST(ThreadPriorityTest, ParsesIdleAndNiceIncrements) {
  ASSERT_OK_AND_ASSIGN(ThreadPriority idle, ParseThreadPriority("idle", "flag"));
  EXPECT_EQ(idle, ThreadPriority::Idle());
  ASSERT_OK_AND_ASSIGN(ThreadPriority zero, ParseThreadPriority("0", "flag"));
  EXPECT_EQ(zero, ThreadPriority::Normal());
  EXPECT_FALSE(zero.lowered());
  ASSERT_OK_AND_ASSIGN(ThreadPriority nineteen, ParseThreadPriority("19", "flag"));
  EXPECT_EQ(nineteen, ThreadPriority::Nice(19));
  EXPECT_TRUE(nineteen.lowered());
  EXPECT_EQ(ToString(ThreadPriority::Idle()), "idle");
  EXPECT_EQ(ToString(ThreadPriority::Nice(7)), "7");
}

TEST(ThreadPriorityTest, RefusesOtherTextNamingWhatWasSet) {
  for (const char* bad : {"", "20", "-1", "high", "1x", "IDLE"}) {
    EXPECT_THAT(ParseThreadPriority(bad, "--write-priority"),
                StatusIsWithMessage(StatusCode::kInvalidArgument, "--write-priority"))
        << bad;
  }
}

TEST(ThreadPriorityTest, NiceRaisesOnlyTheCallingThreadsNiceValue) {
  const int before = NiceOfThisThread();
  int seen = -100;
  std::thread([&] {
    EXPECT_TRUE(LowerThisThreadPriority(ThreadPriority::Nice(5)));
    seen = NiceOfThisThread();
  }).join();
  EXPECT_EQ(seen, std::min(before + 5, 19));
  EXPECT_EQ(NiceOfThisThread(), before);
}

TEST(ThreadPriorityTest, IdleRunsTheCallingThreadUnderSchedIdle) {
  int policy = -1;
  std::thread([&] {
    EXPECT_TRUE(LowerThisThreadPriority(ThreadPriority::Idle()));
    policy = sched_getscheduler(0);
  }).join();
  EXPECT_EQ(policy, SCHED_IDLE);
  EXPECT_EQ(sched_getscheduler(0), SCHED_OTHER);
}

TEST(ThreadPriorityTest, NormalChangesNothing) {
  const int before = NiceOfThisThread();
  int seen = -100, policy = -1;
  std::thread([&] {
    EXPECT_TRUE(LowerThisThreadPriority(ThreadPriority::Normal()));
    seen = NiceOfThisThread();
    policy = sched_getscheduler(0);
  }).join();
  EXPECT_EQ(seen, before);
  EXPECT_EQ(policy, SCHED_OTHER);
}

}  // namespace
}  // namespace quarry
