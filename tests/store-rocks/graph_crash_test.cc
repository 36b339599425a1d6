// Crash test: a child process ingests batches and reports each acknowledged
// one; it is SIGKILLed at a random moment; the graph is reopened and must
// hold every acknowledged batch, whole (atomicity), plus at most the one
// batch in flight. 20 rounds, a few seconds in all.
//
// The child is this test binary re-executed with QUARRY_CRASH_CHILD_DIR set,
// running only StoreCrashChild.Ingest (skipped in normal runs), so no
// RocksDB state crosses a fork.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <thread>

#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::StoreTestSchema;

constexpr int kVertices = 10;
constexpr int kAckFd = 3;

// One batch adds 1 to the count of each of v0..v9.
std::vector<Element> Batch() {
  std::vector<Element> batch;
  for (int v = 0; v < kVertices; ++v) batch.push_back(CountEntity("v" + std::to_string(v), 1));
  return batch;
}

TEST(StoreCrashChild, Ingest) {
  const char* dir = std::getenv("QUARRY_CRASH_CHILD_DIR");
  if (dir == nullptr) GTEST_SKIP() << "only run as the crash test's child";
  ASSERT_OK_AND_ASSIGN(auto graph, Graph::Open(dir));
  std::vector<Element> batch = Batch();
  for (uint64_t acked = 1;; ++acked) {
    ASSERT_OK(graph->AddElements(batch, {}, nullptr));
    if (write(kAckFd, &acked, sizeof(acked)) != sizeof(acked)) std::_Exit(3);
  }
}

// Starts the child; returns its pid and the read end of its ack pipe.
pid_t StartChild(const std::string& dir, int* ack_read) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], kAckFd);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, STDOUT_FILENO);
    setenv("QUARRY_CRASH_CHILD_DIR", dir.c_str(), 1);
    execl("/proc/self/exe", "store_rocks_tests", "--gtest_filter=StoreCrashChild.Ingest",
          static_cast<char*>(nullptr));
    std::_Exit(4);
  }
  close(fds[1]);
  *ack_read = fds[0];
  return pid;
}

// The last acknowledged batch number the child reported (0 if none).
uint64_t LastAck(int fd) {
  uint64_t last = 0, n = 0;
  while (read(fd, &n, sizeof(n)) == sizeof(n)) last = n;
  close(fd);
  return last;
}

TEST_F(GraphTest, KilledWriterLosesNoAcknowledgedBatchAndTearsNone) {
  const uint32_t seed = 4242;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  Create(StoreTestSchema());
  graph_.reset();
  int64_t stored = 0;  // Batches on disk after the previous round.
  for (int round = 0; round < 20; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    int ack_fd = -1;
    pid_t pid = StartChild(dir_.string(), &ack_fd);
    ASSERT_GT(pid, 0);
    // Mid-ingest: timed from the first acknowledged batch (AwaitFirstAck).
    const uint64_t first = testing::AwaitFirstAck(ack_fd, std::chrono::seconds(60));
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<int>(50, 250)(rng)));
    kill(pid, SIGKILL);
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    ASSERT_TRUE(WIFSIGNALED(wstatus)) << "the child ended by itself: status " << wstatus;
    uint64_t acked = std::max(first, LastAck(ack_fd));
    Reopen();
    std::vector<Element> all = Drain(graph_->GetAllElements({}));
    graph_.reset();
    int64_t total = all.empty() ? stored : all[0].properties().Get("count").AsInt64();
    ASSERT_TRUE(all.empty() || all.size() == kVertices) << all.size() << " vertices";
    for (const Element& e : all) {
      EXPECT_EQ(e.properties().Get("count").AsInt64(), total)
          << "a torn batch: " << e.DebugString();
    }
    EXPECT_GE(total - stored, static_cast<int64_t>(acked));
    EXPECT_LE(total - stored, static_cast<int64_t>(acked) + 1);
    stored = total;
  }
  EXPECT_GT(stored, 0);
}

}  // namespace
}  // namespace quarry
