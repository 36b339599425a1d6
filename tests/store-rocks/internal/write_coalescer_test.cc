// WriteCoalescer (hotkeys2, issue 18): requests queued while the writer is
// busy are written as one group, in arrival order; every request of a group
// gets the group's status (success, error, or a writer that threw); a group
// holds at most max_group_items unless one request alone is larger; the
// writer thread runs at the writer_priority asked for.
#include "store-rocks/internal/write_coalescer.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using Group = std::vector<std::string>;

// A group writer that records every group and can be held shut: while
// closed, the first group it receives waits, so later requests queue.
class RecordingWriter {
 public:
  Status Write(std::vector<std::string>* items) {
    std::unique_lock lock(mu_);
    groups_.push_back(*items);
    ++entered_;
    cv_.notify_all();
    cv_.wait(lock, [this] { return open_; });
    return next_status_;
  }
  void Open() {
    std::lock_guard lock(mu_);
    open_ = true;
    cv_.notify_all();
  }
  void WaitEntered(int n) {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return entered_ >= n; });
  }
  void FailWith(Status s) {
    std::lock_guard lock(mu_);
    next_status_ = std::move(s);
  }
  std::vector<Group> groups() {
    std::lock_guard lock(mu_);
    return groups_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = false;
  int entered_ = 0;
  Status next_status_;
  std::vector<Group> groups_;
};

using Coalescer = WriteCoalescer<std::string>;

Coalescer::GroupWriter Into(RecordingWriter& w) {
  return [&w](std::vector<std::string>* items) { return w.Write(items); };
}

// Starts Write(items) on its own thread.
std::future<Status> WriteAsync(Coalescer& c, Group items) {
  return std::async(std::launch::async, [&c, items] { return c.Write(items); });
}

// Waits until `n` requests are queued (not yet taken by the writer).
void WaitQueued(Coalescer& c, size_t n) {
  while (c.queued_requests() < n) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST(WriteCoalescerTest, ALoneWriteIsWrittenAsItsOwnGroup) {
  RecordingWriter writer;
  writer.Open();
  Coalescer c(Into(writer), {});
  EXPECT_OK(c.Write({"a", "b"}));
  EXPECT_EQ(writer.groups(), (std::vector<Group>{{"a", "b"}}));
  EXPECT_EQ(c.groups_written(), 1u);
}

TEST(WriteCoalescerTest, RequestsQueuedBehindABusyWriterAreOneGroupInArrivalOrder) {
  RecordingWriter writer;
  Coalescer c(Into(writer), {});
  std::future<Status> first = WriteAsync(c, {"x"});
  writer.WaitEntered(1);  // The writer now holds group 1 and is shut.
  std::future<Status> a = WriteAsync(c, {"a1", "a2"});
  WaitQueued(c, 1);
  std::future<Status> b = WriteAsync(c, {"b1"});
  WaitQueued(c, 2);
  std::future<Status> d = WriteAsync(c, {"d1", "d2"});
  WaitQueued(c, 3);
  writer.Open();
  for (auto* f : {&first, &a, &b, &d}) EXPECT_OK(f->get());
  EXPECT_EQ(writer.groups(), (std::vector<Group>{{"x"}, {"a1", "a2", "b1", "d1", "d2"}}));
  EXPECT_EQ(c.groups_written(), 2u);
}

TEST(WriteCoalescerTest, EveryRequestOfAFailedGroupGetsItsErrorAndTheNextGroupIsWritten) {
  RecordingWriter writer;
  Coalescer c(Into(writer), {});
  std::future<Status> first = WriteAsync(c, {"x"});
  writer.WaitEntered(1);
  writer.FailWith(IOError("disk full"));
  std::future<Status> a = WriteAsync(c, {"a"});
  WaitQueued(c, 1);
  std::future<Status> b = WriteAsync(c, {"b"});
  WaitQueued(c, 2);
  writer.Open();
  for (auto* f : {&first, &a, &b}) {
    Status s = f->get();
    EXPECT_EQ(s.code(), StatusCode::kIOError) << s.ToString();
    EXPECT_EQ(s.message(), "disk full");
  }
  writer.FailWith(Status::OK());
  EXPECT_OK(c.Write({"c"}));
  EXPECT_EQ(writer.groups().back(), (Group{"c"}));
}

TEST(WriteCoalescerTest, AGroupHoldsAtMostMaxGroupItemsUnlessOneRequestIsLarger) {
  RecordingWriter writer;
  Coalescer c(Into(writer), {.max_group_items = 3});
  std::future<Status> first = WriteAsync(c, {"x"});
  writer.WaitEntered(1);
  std::future<Status> a = WriteAsync(c, {"a1", "a2"});
  WaitQueued(c, 1);
  std::future<Status> b = WriteAsync(c, {"b1", "b2"});
  WaitQueued(c, 2);
  std::future<Status> big = WriteAsync(c, {"c1", "c2", "c3", "c4", "c5"});
  WaitQueued(c, 3);
  writer.Open();
  for (auto* f : {&first, &a, &b, &big}) EXPECT_OK(f->get());
  EXPECT_EQ(
      writer.groups(),
      (std::vector<Group>{{"x"}, {"a1", "a2"}, {"b1", "b2"}, {"c1", "c2", "c3", "c4", "c5"}}));
}

TEST(WriteCoalescerTest, AWriterThatThrowsFailsItsGroupInsteadOfHangingIt) {
  Coalescer c([](std::vector<std::string>*) -> Status { throw std::runtime_error("boom"); }, {});
  Status s = c.Write({"a"});
  EXPECT_EQ(s.code(), StatusCode::kInternal) << s.ToString();
}

TEST(WriteCoalescerTest, ALoneWriteRunsOnTheCallersThread) {
  long writer_tid = 0;
  Coalescer c(
      [&](std::vector<std::string>*) {
        writer_tid = static_cast<long>(syscall(SYS_gettid));
        return Status::OK();
      },
      {.writer_priority = ThreadPriority::Nice(7)});
  ASSERT_OK(c.Write({"a"}));
  EXPECT_EQ(writer_tid, static_cast<long>(syscall(SYS_gettid)));
}

// Queues a write behind a busy one, so that it runs on the writer thread of
// a coalescer made with `priority`, and returns what `probe` saw there.
template <typename Probe>
auto ProbeTheWriterThread(ThreadPriority priority, Probe probe) {
  RecordingWriter gate;
  decltype(probe()) seen{};
  Coalescer c(
      [&](std::vector<std::string>* items) {
        if (items->front() == "first") return gate.Write(items);
        seen = probe();
        return Status::OK();
      },
      {.writer_priority = priority});
  std::future<Status> first = WriteAsync(c, {"first"});
  gate.WaitEntered(1);
  std::future<Status> second = WriteAsync(c, {"second"});
  WaitQueued(c, 1);
  gate.Open();
  EXPECT_OK(first.get());
  EXPECT_OK(second.get());
  return seen;
}

// A write queued behind a busy one runs on the writer thread, 7 below the
// process's nice value.
TEST(WriteCoalescerTest, QueuedWritesRunOnTheWriterThreadAtTheNiceValueAskedFor) {
  const auto [tid, nice] = ProbeTheWriterThread(ThreadPriority::Nice(7), [] {
    const auto tid = static_cast<id_t>(syscall(SYS_gettid));
    errno = 0;
    return std::pair<long, int>(static_cast<long>(tid), getpriority(PRIO_PROCESS, tid));
  });
  EXPECT_NE(tid, static_cast<long>(syscall(SYS_gettid)));
  const int process = getpriority(PRIO_PROCESS, 0);
  EXPECT_EQ(nice, std::min(process + 7, 19));
}

// With priority idle the writer thread runs under SCHED_IDLE, so any thread
// of normal priority that wakes takes the core from it.
TEST(WriteCoalescerTest, AnIdleWriterThreadRunsUnderSchedIdle) {
  EXPECT_EQ(ProbeTheWriterThread(ThreadPriority::Idle(), [] { return sched_getscheduler(0); }),
            SCHED_IDLE);
  EXPECT_EQ(sched_getscheduler(0), SCHED_OTHER);  // The caller's thread is untouched.
}

TEST(WriteCoalescerTest, ManyConcurrentWritersAreEachWrittenExactlyOnce) {
  std::mutex mu;
  std::vector<std::string> written;
  Coalescer c(
      [&](std::vector<std::string>* items) {
        std::lock_guard lock(mu);
        written.insert(written.end(), items->begin(), items->end());
        return Status::OK();
      },
      {});
  constexpr int kThreads = 8, kWrites = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&c, t] {
      for (int i = 0; i < kWrites; ++i) {
        ASSERT_OK(c.Write({std::to_string(t) + ":" + std::to_string(i)}));
      }
    });
  }
  for (std::thread& t : threads) t.join();
  ASSERT_EQ(written.size(), static_cast<size_t>(kThreads * kWrites));
  // Each thread's writes appear once each, in its own order.
  std::vector<int> next(kThreads, 0);
  for (const std::string& w : written) {
    const int t = std::stoi(w.substr(0, w.find(':')));
    EXPECT_EQ(w, std::to_string(t) + ":" + std::to_string(next[t]));
    ++next[t];
  }
  EXPECT_LE(c.groups_written(), static_cast<uint64_t>(kThreads * kWrites));
}

}  // namespace
}  // namespace quarry::internal
