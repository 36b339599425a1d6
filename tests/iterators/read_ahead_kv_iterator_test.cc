// ReadAheadKvIterator: the contract suite with a thread that takes over
// after a few cells and hands them over two at a time; then what the thread
// changes: when it starts, that it is kept across seeks, errors at the end of
// a handed-over range, and how long taking the source back waits.
#include "iterators/read_ahead_kv_iterator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/iterators/iterator_contract.h"
#include "tests/testutil/memory_kv_iterator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

ReadAheadKvOptions Small(size_t direct) {
  ReadAheadKvOptions options;
  options.direct_cells = direct;
  options.batch_cells = 2;
  options.batches_ahead = 2;
  return options;
}

IteratorContract ReadAheadContract(size_t direct) {
  IteratorContract c;
  c.name = "ReadAheadAfter" + std::to_string(direct);
  c.make_data = [](std::mt19937& rng) {
    KvMap data;
    int n = rng() % 60;
    for (int i = 0; i < n; ++i) data[RandomKey(rng)] = std::to_string(i);
    return data;
  };
  c.make_iterator = [direct](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return std::make_unique<ReadAheadKvIterator>(std::make_unique<MemoryKvIterator>(data),
                                                 Small(direct));
  };
  c.model = CellsInRange;
  return c;
}

INSTANTIATE_TEST_SUITE_P(ReadAhead, IteratorContractTest,
                         ::testing::Values(ReadAheadContract(0), ReadAheadContract(3)),
                         ContractName);

// Keys k00000 .. k{n-1}, each valued with its number.
KvMap Numbered(int n) {
  KvMap data;
  for (int i = 0; i < n; ++i) {
    char key[16];
    std::snprintf(key, sizeof key, "k%05d", i);
    data[key] = std::to_string(i);
  }
  return data;
}

TEST(ReadAheadKvIteratorTest, ShortRangesStayOnTheCallersThread) {
  KvMap data = Numbered(100);
  ReadAheadKvOptions options = Small(100);
  ReadAheadKvIterator it(std::make_unique<MemoryKvIterator>(&data), options);
  Status status;
  EXPECT_EQ(Drain(&it, KeyRange::All(), &status), CellsInRange(data, KeyRange::All()));
  EXPECT_OK(status);
  EXPECT_FALSE(it.has_read_ahead());
}

TEST(ReadAheadKvIteratorTest, LongRangesAreReadOnTheThreadWhichSeeksKeep) {
  KvMap data = Numbered(5000);
  std::mutex mu;
  std::set<std::thread::id> readers;
  int starts = 0, stops = 0;
  ReadAheadKvOptions options;
  options.direct_cells = 100;
  options.batch_cells = 64;
  options.on_reading_start = [&] {
    std::lock_guard<std::mutex> lock(mu);
    readers.insert(std::this_thread::get_id());
    ++starts;
  };
  options.on_reading_stop = [&] {
    std::lock_guard<std::mutex> lock(mu);
    ++stops;
  };
  ReadAheadKvIterator it(std::make_unique<MemoryKvIterator>(&data), options);
  Status status;
  EXPECT_EQ(Drain(&it, KeyRange::All(), &status), CellsInRange(data, KeyRange::All()));
  EXPECT_OK(status);
  EXPECT_TRUE(it.has_read_ahead());
  // Part of a range, then a seek elsewhere mid-read, then another long range.
  it.Seek(KeyRange::HalfOpen("k01000", "k04000"));
  for (int i = 0; i < 1500; ++i) it.Next();
  ASSERT_TRUE(it.Valid());
  EXPECT_EQ(it.key(), "k02500");
  EXPECT_EQ(it.value(), "2500");
  const KeyRange tail = KeyRange::HalfOpen("k00010", "k03010");
  EXPECT_EQ(Drain(&it, tail, &status), CellsInRange(data, tail));
  EXPECT_OK(status);
  std::lock_guard<std::mutex> lock(mu);
  EXPECT_EQ(starts, 3);
  EXPECT_EQ(stops, 3);
  ASSERT_EQ(readers.size(), 1u);  // One thread, kept.
  EXPECT_NE(*readers.begin(), std::this_thread::get_id());
}

TEST(ReadAheadKvIteratorTest, AnErrorInAHandedOverRangeEndsItWithThatError) {
  KvMap data = Numbered(1000);
  auto source = std::make_unique<MemoryKvIterator>(&data);
  source->InjectErrorAt("k00700", DataLossError("bad block"));
  ReadAheadKvIterator it(std::move(source), Small(10));
  Status status;
  KvList got = Drain(&it, KeyRange::All(), &status);
  EXPECT_EQ(got.size(), 700u);
  EXPECT_EQ(got.back().first, "k00699");
  EXPECT_THAT(status, StatusIsWithMessage(StatusCode::kDataLoss, "bad block"));
  // The next Seek starts afresh.
  it.Seek(KeyRange::Prefix("k0001"));
  EXPECT_OK(it.status());
  EXPECT_EQ(Drain(&it, KeyRange::Prefix("k0001"), &status).size(), 10u);
  EXPECT_OK(status);
}

// At most one range fewer than the cores is read ahead at once; a scan that
// finds no room reads on by itself and asks again after as many cells.
TEST(ReadAheadKvIteratorTest, NoMoreRangesAreReadAheadAtOnceThanTheBudget) {
  const int budget = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
  KvMap data = Numbered(1000);
  std::vector<std::unique_ptr<ReadAheadKvIterator>> holders;
  for (int i = 0; i < budget; ++i) {
    holders.push_back(
        std::make_unique<ReadAheadKvIterator>(std::make_unique<MemoryKvIterator>(&data), Small(5)));
    holders.back()->Seek(KeyRange::All());
    for (int n = 0; n < 10; ++n) holders.back()->Next();
    ASSERT_TRUE(holders.back()->has_read_ahead()) << i;
  }
  ReadAheadKvIterator late(std::make_unique<MemoryKvIterator>(&data), Small(5));
  late.Seek(KeyRange::All());
  for (int n = 0; n < 10; ++n) late.Next();
  EXPECT_FALSE(late.has_read_ahead());
  holders.pop_back();  // Its slot is free again.
  for (int n = 0; n < 6; ++n) late.Next();
  EXPECT_TRUE(late.has_read_ahead());
  // Whatever took the cells, the late scan yields them all, in order.
  int i = 16;
  for (; late.Valid(); late.Next(), ++i) EXPECT_EQ(late.value(), std::to_string(i));
  EXPECT_EQ(i, 1000);
  EXPECT_OK(late.status());
}

// A source whose Next blocks at one key until released.
class GatedSource : public MemoryKvIterator {
 public:
  GatedSource(const KvMap* data, std::string gate) : MemoryKvIterator(data), gate_(gate) {}
  void Next() override {
    MemoryKvIterator::Next();
    ++gated_nexts;
    if (!Valid() || key() != gate_ || released_) return;
    std::unique_lock<std::mutex> lock(mu_);
    blocked_ = true;
    cv_.notify_all();
    cv_.wait(lock, [this] { return released_; });
  }
  void WaitUntilBlocked() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return blocked_; });
  }
  void Release() {
    std::lock_guard<std::mutex> lock(mu_);
    released_ = true;
    cv_.notify_all();
  }
  std::atomic<int> gated_nexts{0};

 private:
  std::string gate_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool blocked_ = false;
  bool released_ = false;
};

TEST(ReadAheadKvIteratorTest, SeekingElsewhereWaitsForTheNextInProgressNotForAWholeBatch) {
  KvMap data = Numbered(5000);
  auto owned = std::make_unique<GatedSource>(&data, "k00100");
  GatedSource* source = owned.get();
  ReadAheadKvOptions options;
  options.direct_cells = 0;
  options.batch_cells = 1000;
  options.batches_ahead = 1;
  ReadAheadKvIterator it(std::move(owned), options);
  // The thread fills batch one (64 cells, k00001-k00064), which the caller
  // takes, then blocks in the Next that moves to k00100, inside batch two
  // (128 cells).
  it.Seek(KeyRange::All());
  it.Next();
  EXPECT_EQ(it.key(), "k00001");
  source->WaitUntilBlocked();
  std::thread seeker([&it] { it.Seek(KeyRange::Prefix("k0000")); });
  // Long enough for the seeker to ask the thread to stop; a seeker that has
  // not got there yet would only make the count below larger.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  source->Release();
  seeker.join();
  // The thread's 100 Nexts (the caller's handed the range over), no more.
  EXPECT_EQ(source->gated_nexts.load(), 100);
  ASSERT_TRUE(it.Valid());
  EXPECT_EQ(it.key(), "k00000");
}

}  // namespace
}  // namespace quarry::testing
