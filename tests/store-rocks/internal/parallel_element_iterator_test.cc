#include "store-rocks/internal/parallel_element_iterator.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "tests/testutil/numbered_element_stream.h"

namespace quarry::internal {
namespace {

struct Fixture {
  std::vector<std::vector<int64_t>> streams;
  std::vector<Status> ends;  // Per stream; OK if absent.
  int failing_factory = -1;
  std::atomic<int> reads{0};

  ParallelElementIterator::Factory Factory() {
    return [this](size_t i) -> Result<std::unique_ptr<ElementIterator>> {
      if (static_cast<int>(i) == failing_factory)
        return DataLossError("stream " + std::to_string(i));
      Status end = i < ends.size() ? ends[i] : Status::OK();
      return std::unique_ptr<ElementIterator>(
          new testing::NumberedElementStream(streams[i], end, &reads));
    };
  }
};

std::vector<int64_t> Drain(ElementIterator& it) {
  std::vector<int64_t> out;
  for (; it.Valid(); it.Next()) out.push_back(it.element().vertex().AsInt64());
  return out;
}

TEST(ParallelElementIteratorTest, EmitsEveryStreamInIndexOrder) {
  Fixture f;
  std::vector<int64_t> expected;
  int64_t n = 0;
  for (size_t len : {0, 1, 4, 5, 0, 0, 13, 2, 9, 0, 7, 3}) {  // Chunk 4: under, at, over.
    f.streams.emplace_back();
    for (size_t j = 0; j < len; ++j) {
      f.streams.back().push_back(n);
      expected.push_back(n++);
    }
  }
  tbb::task_arena arena(4, 0);
  ParallelElementIterator it(f.streams.size(), f.Factory(), nullptr, &arena, 3, 4);
  EXPECT_EQ(Drain(it), expected);
  EXPECT_TRUE(it.status().ok()) << it.status().ToString();
}

TEST(ParallelElementIteratorTest, NoStreamsIsAnEmptyCleanEnd) {
  Fixture f;
  tbb::task_arena arena(2, 0);
  ParallelElementIterator it(0, f.Factory(), nullptr, &arena, 2, 4);
  EXPECT_FALSE(it.Valid());
  EXPECT_TRUE(it.status().ok());
}

TEST(ParallelElementIteratorTest, AStreamErrorEndsTheOutputAfterEverythingBeforeIt) {
  Fixture f;
  f.streams = {{1, 2, 3}, {4, 5, 6, 7, 8, 9}, {10, 11}, {12}};
  f.ends = {Status::OK(), IOError("disk gone"), Status::OK(), Status::OK()};
  tbb::task_arena arena(4, 0);
  ParallelElementIterator it(f.streams.size(), f.Factory(), nullptr, &arena, 4, 2);
  EXPECT_EQ(Drain(it), (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(it.status().code(), StatusCode::kIOError);
}

TEST(ParallelElementIteratorTest, AFactoryErrorIsTheStatusAfterEarlierStreams) {
  Fixture f;
  f.streams = {{1}, {2}, {3}, {4}};
  f.failing_factory = 2;
  tbb::task_arena arena(2, 0);
  ParallelElementIterator it(f.streams.size(), f.Factory(), nullptr, &arena, 2, 8);
  EXPECT_EQ(Drain(it), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(it.status().code(), StatusCode::kDataLoss);
}

TEST(ParallelElementIteratorTest, ReadsAtMostTheWindowAheadOfTheConsumer) {
  Fixture f;
  for (int s = 0; s < 20; ++s) f.streams.emplace_back(10000, s);
  tbb::task_arena arena(4, 0);
  constexpr size_t kWindow = 3, kChunk = 16;
  ParallelElementIterator it(f.streams.size(), f.Factory(), nullptr, &arena, kWindow, kChunk);
  ASSERT_TRUE(it.Valid());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // Each stream in the window holds one chunk; the head one more (being
  // consumed), and a NumberedElementStream loads one element past a full chunk.
  EXPECT_LE(f.reads.load(), static_cast<int>((kWindow + 1) * (kChunk + 1)));
  EXPECT_GT(f.reads.load(), 0);
}

TEST(ParallelElementIteratorTest, DestroyingMidStreamReleasesEverything) {
  Fixture f;
  for (int s = 0; s < 8; ++s) f.streams.emplace_back(5000, s);
  auto keep_alive = std::make_shared<int>(7);
  tbb::task_arena arena(4, 0);
  {
    ParallelElementIterator it(f.streams.size(), f.Factory(), keep_alive, &arena, 4, 64);
    for (int i = 0; i < 100 && it.Valid(); ++i) it.Next();
    EXPECT_EQ(keep_alive.use_count(), 2);
  }
  EXPECT_EQ(keep_alive.use_count(), 1);
}

}  // namespace
}  // namespace quarry::internal
