// Disk full (issue 15): a graph on a small tmpfs the test mounts is fed
// batches until the filesystem fills. The failing write reports a clear
// error; no acknowledged batch is lost and the failed batch is whole or
// absent (atomicity); once space is freed (a ballast file the test wrote
// first is deleted) the graph opens and accepts writes again.
//
// Mounting needs root (CAP_SYS_ADMIN); elsewhere the test is skipped with
// the reason.
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>

#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

namespace fs = std::filesystem;
using ::quarry::testing::StoreTestSchema;

constexpr int kBatchElements = 200;
constexpr int kMaxBatches = 2000;

// Batch `b`: kBatchElements distinct Event entities (aggregate: false, so
// every insert is kept) of vertex "b<b>" with 200-byte notes that do not
// compress away.
std::vector<Element> Batch(int b, std::mt19937* rng) {
  std::vector<Element> out;
  for (int i = 0; i < kBatchElements; ++i) {
    std::string note(200, ' ');
    for (char& c : note) c = static_cast<char>('!' + (*rng)() % 90);
    Properties properties;
    properties.Set("note", Value::String(std::move(note)));
    out.push_back(
        Element::Entity("Event", Value::String("b" + std::to_string(b)), std::move(properties)));
  }
  return out;
}

class GraphDiskFullTest : public ::testing::Test {
 protected:
  void SetUp() override {
    mount_ = fs::temp_directory_path() / ("quarry_disk_full_" + std::to_string(getpid()));
    fs::create_directories(mount_);
    if (geteuid() != 0) GTEST_SKIP() << "mounting a small tmpfs needs root";
    if (mount("tmpfs", mount_.c_str(), "tmpfs", 0, "size=24m") != 0) {
      GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
    }
    mounted_ = true;
  }
  void TearDown() override {
    if (mounted_) umount2(mount_.c_str(), MNT_DETACH);
    fs::remove_all(mount_);
  }

  fs::path mount_;
  bool mounted_ = false;
};

TEST_F(GraphDiskFullTest, FullDiskFailsClearlyLosesNothingAndRecovers) {
  const std::string dir = (mount_ / "graph").string();
  {
    // Space to free later: a ballast file of 10 MiB. Reopening replays the
    // WAL (up to max_total_wal_size, 4 write buffers: 4 MiB here) and
    // flushes it to SSTs before the old logs go, and preallocates a new log
    // of 1.1 write buffers, so recovery can need about 6 MiB of free space.
    std::ofstream ballast(mount_ / "ballast", std::ios::binary);
    std::string block(1 << 20, 'x');
    for (int i = 0; i < 10; ++i) ballast.write(block.data(), block.size());
    ASSERT_TRUE(ballast.good());
  }
  StoreProperties properties;
  properties.raw["quarry.write.buffer.size"] =
      "1048576";  // Flushes (and SST writes) meet the full disk too.
  std::mt19937 rng(15);
  int acknowledged = 0;
  Status failure;
  {
    ASSERT_OK_AND_ASSIGN(auto graph, Graph::Create(dir, StoreTestSchema(), properties));
    for (int b = 0; b < kMaxBatches; ++b) {
      std::vector<Element> batch = Batch(b, &rng);
      failure = graph->AddElements(batch, {}, nullptr);
      if (!failure.ok()) break;
      acknowledged = b + 1;
    }
  }
  ASSERT_FALSE(failure.ok()) << "24 MiB never filled";
  ASSERT_GT(acknowledged, 0);
  EXPECT_EQ(failure.code(), StatusCode::kIOError) << failure.ToString();
  EXPECT_THAT(failure.message(), ::testing::HasSubstr("No space left on device"));

  fs::remove(mount_ / "ballast");
  ASSERT_OK_AND_ASSIGN(auto graph, Graph::Open(dir));
  std::map<std::string, int> per_batch;
  for (const Element& e : testing::Drain(graph->GetAllElements({}))) {
    ++per_batch[e.vertex().AsString()];
  }
  for (int b = 0; b < acknowledged; ++b) {
    EXPECT_EQ(per_batch["b" + std::to_string(b)], kBatchElements) << "acknowledged batch " << b;
  }
  // The batch that failed: whole or absent, never torn.
  int failed = per_batch["b" + std::to_string(acknowledged)];
  EXPECT_TRUE(failed == 0 || failed == kBatchElements) << failed;
  // Writes are accepted again, and read back.
  ASSERT_OK(graph->AddElements(Batch(kMaxBatches, &rng), {}, nullptr));
  int added = 0;
  for (const Element& e : testing::Drain(graph->GetAllElements({}))) {
    if (e.vertex().AsString() == "b" + std::to_string(kMaxBatches)) ++added;
  }
  EXPECT_EQ(added, kBatchElements);
}

}  // namespace
}  // namespace quarry
