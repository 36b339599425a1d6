// RocksGraph writes (hotkeys2, issue 18): equal keys of an aggregated group
// in one write (one batch, or concurrent batches joined by the write
// coalescer) reach RocksDB as one folded entry, with Gaffer's aggregation
// unchanged: Sum counts every write, First keeps the newest write and Last
// the oldest (newest-first order, gaffer-compat.md §4.4). Concurrent writers
// on the same hot key stay exact with and without the coalescer.
#include <gtest/gtest.h>
#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::Sorted;
using ::quarry::testing::StoreTestSchema;

StoreProperties Props(const std::string& text) {
  Result<StoreProperties> p = StoreProperties::Parse(text, "test");
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return p.ok() ? *p : StoreProperties();
}

class RocksGraphWriteTest : public GraphTest {
 protected:
  // The elements of a full scan, and the operands it fed the merge operator.
  std::vector<Element> ReadAll(uint64_t* operands) {
    rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
    rocksdb::get_perf_context()->Reset();
    std::vector<Element> found = Drain(graph_->GetAllElements({}));
    *operands = rocksdb::get_perf_context()->internal_merge_count;
    rocksdb::SetPerfLevel(rocksdb::PerfLevel::kDisable);
    return found;
  }
  // `threads` threads each add `writes` batches of Count "hot" +1.
  void WriteConcurrently(int threads, int writes) {
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([this, t, writes] {
        for (int i = 0; i < writes; ++i) {
          std::vector<Element> batch = {CountEntity("hot", 1, "f" + std::to_string(t), "l")};
          ASSERT_OK(graph_->AddElements(batch, AddElementsOptions(), nullptr));
        }
      });
    }
    for (std::thread& w : workers) w.join();
  }
};

TEST_F(RocksGraphWriteTest, ABatchRepeatingAKeyStoresOneFoldedEntry) {
  for (const char* coalesce : {"true", "false"}) {
    SCOPED_TRACE(coalesce);
    Create(StoreTestSchema(), Props(std::string("quarry.write.coalesce=") + coalesce + "\n"));
    // Two batches, each repeating "hot" three times: two entries per key in
    // the memtable. internal_merge_count counts the entries merged onto a
    // key's first: one per key here, six in all without the fold.
    for (int b = 0; b < 2; ++b) {
      const std::string n = std::to_string(b);
      Add({CountEntity("hot", 1, "f0." + n, "l0." + n), CountEntity("cold", 5, "a", "b"),
           CountEntity("hot", 2, "f1." + n, "l1." + n),
           CountEntity("hot", 3, "f2." + n, "l2." + n)});
    }
    uint64_t operands = 0;
    std::vector<Element> found = ReadAll(&operands);
    // Newest first: First = the last written ("f2.1"), Last = the first ("l0.0").
    EXPECT_EQ(Sorted(found),
              Sorted({CountEntity("hot", 12, "f2.1", "l0.0"), CountEntity("cold", 10, "a", "b")}));
    EXPECT_EQ(operands, 2u);
    graph_.reset();
    std::filesystem::remove_all(dir_);
  }
}

// Large enough that the write path's key sort is not an insertion sort: the
// 300 writes of "hot", spread among 300 other keys, must still reach the
// fold in the order they were given.
TEST_F(RocksGraphWriteTest, ALargeBatchKeepsTheOrderOfARepeatedKey) {
  Create(StoreTestSchema(), Props(""));
  std::vector<Element> batch;
  for (int i = 0; i < 300; ++i) {
    const std::string n = std::to_string(i);
    batch.push_back(CountEntity("k" + n, 1, "a", "b"));
    batch.push_back(CountEntity("hot", 1, "f" + n, "l" + n));
  }
  Add(batch);
  uint64_t operands = 0;
  std::vector<Element> found = ReadAll(&operands);
  ASSERT_EQ(found.size(), 301u);
  const Element* hot = nullptr;
  for (const Element& e : found) {
    if (e.vertex() == Value::String("hot")) hot = &e;
  }
  ASSERT_NE(hot, nullptr);
  // 300 writes; First keeps the newest ("f299"), Last the oldest ("l0").
  EXPECT_EQ(*hot, CountEntity("hot", 300, "f299", "l0"));
}

// A write's cells reach the memtable sorted, and the column family's insert
// hint starts each insert where the previous one ended. 4,000 keys are
// written between 4,000 keys already in the memtable. RocksDB counts its
// key comparisons (those of its own assertions too, in Debian's build):
// about 90 a cell when each insert searched the skip list from the top,
// about 45 with the hint (44-48 in repeated runs); the bound sits between.
TEST_F(RocksGraphWriteTest, ASortedWriteInsertsFromThePreviousCell) {
  Create(StoreTestSchema(), Props("quarry.write.coalesce=false\n"));  // Written on this thread.
  constexpr int kKeys = 4000;
  auto batch = [](int parity) {
    std::vector<Element> elements;
    // Shuffled by the stride: the write path sorts them, not this test.
    for (int i = 0; i < kKeys; ++i) {
      const int n = (i * 7919) % kKeys;
      char name[16];
      std::snprintf(name, sizeof(name), "k%06d", 2 * n + parity);
      elements.push_back(CountEntity(name, 1, "a", "b"));
    }
    return elements;
  };
  Add(batch(0));
  const std::vector<Element> odd = batch(1);
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  rocksdb::get_perf_context()->Reset();
  ASSERT_OK(graph_->AddElements(odd, AddElementsOptions(), nullptr));
  const uint64_t comparisons = rocksdb::get_perf_context()->user_key_comparison_count;
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kDisable);
  EXPECT_GT(comparisons, 0u);  // The counter does count memtable inserts.
  EXPECT_LT(comparisons, 65u * kKeys) << comparisons << " comparisons for " << kKeys << " cells";
  uint64_t operands = 0;
  EXPECT_EQ(ReadAll(&operands).size(), 2u * kKeys);
}

TEST_F(RocksGraphWriteTest, ConcurrentWritersOnAHotKeyStayExact) {
  for (const char* coalesce : {"true", "false"}) {
    SCOPED_TRACE(coalesce);
    Create(StoreTestSchema(), Props(std::string("quarry.write.coalesce=") + coalesce + "\n"));
    WriteConcurrently(8, 150);
    uint64_t operands = 0;
    std::vector<Element> found = ReadAll(&operands);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].properties().Find("count")->AsInt64(), 8 * 150);
    graph_.reset();
    std::filesystem::remove_all(dir_);
  }
}

// Joined batches fold too: a reopen replays the WAL (the folded entries)
// and gives the same counts.
TEST_F(RocksGraphWriteTest, CoalescedWritesSurviveAReopenExactly) {
  Create(StoreTestSchema());
  WriteConcurrently(4, 100);
  Reopen();
  std::vector<Element> found = Drain(graph_->GetAllElements({}));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].properties().Find("count")->AsInt64(), 400);
}

}  // namespace
}  // namespace quarry
