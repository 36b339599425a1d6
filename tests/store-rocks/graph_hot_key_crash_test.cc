// Hot keys (issue 18) and crashes: the crash test of graph_crash_test.cc on
// a graph created with write-time folding on from open
// (quarry.max.successive.merges=2, persisted, so the child folds every third
// merge of its 10 hot keys). A SIGKILLed writer must lose no acknowledged
// batch and tear none, with folded values in the memtable and the WAL.
// The child is StoreCrashChild.Ingest (graph_crash_test.cc) of this binary.
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

using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::StoreTestSchema;

constexpr int kHotAckFd = 3;
constexpr size_t kHotVertices = 10;  // StoreCrashChild.Ingest's batch.

pid_t StartFoldingChild(const std::string& dir, int* ack_read) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], kHotAckFd);
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

uint64_t LastAcknowledged(int fd) {
  uint64_t last = 0, n = 0;
  while (read(fd, &n, sizeof(n)) == sizeof(n)) last = n;
  close(fd);
  return last;
}

TEST_F(GraphTest, KilledFoldingWriterLosesNoAcknowledgedBatchAndTearsNone) {
  std::mt19937 rng(1818);
  ASSERT_OK_AND_ASSIGN(StoreProperties folding,
                       StoreProperties::Parse("quarry.max.successive.merges=2\n", "test"));
  Create(StoreTestSchema(), folding);
  graph_.reset();
  int64_t stored = 0;
  for (int round = 0; round < 8; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    int ack_fd = -1;
    pid_t pid = StartFoldingChild(dir_.string(), &ack_fd);
    ASSERT_GT(pid, 0);
    // Mid-ingest: timed from the first acknowledged batch (AwaitFirstAck).
    const uint64_t first = testing::AwaitFirstAck(ack_fd, std::chrono::seconds(60));
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<int>(100, 300)(rng)));
    kill(pid, SIGKILL);
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    ASSERT_TRUE(WIFSIGNALED(wstatus)) << "the child ended by itself: status " << wstatus;
    const uint64_t acked = std::max(first, LastAcknowledged(ack_fd));
    Reopen();
    internal::RocksGraph& rocks = testing::Rocks(*graph_);
    ASSERT_EQ(
        rocks.instance(0).db()->GetOptions(rocks.group("Count")->cfs[0]).max_successive_merges,
        2u);  // Persisted: the child folded too.
    std::vector<Element> all = Drain(graph_->GetAllElements({}));
    graph_.reset();
    const int64_t total = all.empty() ? stored : all[0].properties().Get("count").AsInt64();
    ASSERT_TRUE(all.empty() || all.size() == kHotVertices) << all.size() << " vertices";
    for (const Element& e : all) {
      EXPECT_EQ(e.properties().Get("count").AsInt64(), total) << "torn: " << e.DebugString();
    }
    EXPECT_GE(total - stored, static_cast<int64_t>(acked));
    EXPECT_LE(total - stored, static_cast<int64_t>(acked) + 1);
    stored = total;
  }
  EXPECT_GT(stored, 0);
}

}  // namespace
}  // namespace quarry
