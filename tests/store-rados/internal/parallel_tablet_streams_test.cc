#include "store-rados/internal/parallel_tablet_streams.h"

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

  ParallelTabletStreams::Factory Factory() {
    return [this](size_t i) -> Result<std::unique_ptr<ElementIterator>> {
      if (static_cast<int>(i) == failing_factory) {
        return DataLossError("stream " + std::to_string(i));
      }
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

TEST(ParallelTabletStreamsTest, EmitsEveryStreamInIndexOrder) {
  Fixture f;
  std::vector<int64_t> expected;
  for (int s = 0; s < 30; ++s) {
    f.streams.emplace_back();
    for (int i = 0; i < (s * 37) % 50; ++i) {  // Some empty, some longer than a chunk.
      f.streams.back().push_back(s * 1000 + i);
      expected.push_back(s * 1000 + i);
    }
  }
  ParallelTabletStreams it(f.streams.size(), f.Factory(), nullptr, 4, 6, 8);
  EXPECT_EQ(Drain(it), expected);
  EXPECT_TRUE(it.status().ok());
}

TEST(ParallelTabletStreamsTest, NoStreamsIsAnEmptyCleanEnd) {
  Fixture f;
  ParallelTabletStreams it(0, f.Factory(), nullptr, 2, 2, 4);
  EXPECT_FALSE(it.Valid());
  EXPECT_TRUE(it.status().ok());
}

TEST(ParallelTabletStreamsTest, AStreamErrorEndsTheOutputAfterEverythingBeforeIt) {
  Fixture f;
  f.streams = {{1, 2}, {3}, {4, 5}, {6}};
  f.ends = {Status::OK(), Status::OK(), UnavailableError("osd gone"), Status::OK()};
  ParallelTabletStreams it(f.streams.size(), f.Factory(), nullptr, 4, 4, 1);
  EXPECT_EQ(Drain(it), (std::vector<int64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(it.status().code(), StatusCode::kUnavailable);
}

TEST(ParallelTabletStreamsTest, AFactoryErrorIsTheStatusAfterEarlierStreams) {
  Fixture f;
  f.streams = {{1}, {2}, {3}, {4}};
  f.failing_factory = 2;
  ParallelTabletStreams it(f.streams.size(), f.Factory(), nullptr, 2, 2, 8);
  EXPECT_EQ(Drain(it), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(it.status().code(), StatusCode::kDataLoss);
}

TEST(ParallelTabletStreamsTest, ReadsAtMostTheWindowAheadOfTheConsumer) {
  Fixture f;
  for (int s = 0; s < 20; ++s) f.streams.emplace_back(10000, s);
  constexpr size_t kWindow = 3, kChunk = 16;
  ParallelTabletStreams it(f.streams.size(), f.Factory(), nullptr, 3, kWindow, kChunk);
  ASSERT_TRUE(it.Valid());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // Per stream in the window: kChunksAhead buffered chunks, one being
  // filled, and (the head) one being consumed; a NumberedElementStream loads one
  // element past each chunk.
  const size_t per_stream = (ParallelTabletStreams::kChunksAhead + 2) * (kChunk + 1);
  EXPECT_LE(f.reads.load(), static_cast<int>(kWindow * per_stream));
  EXPECT_GT(f.reads.load(), 0);
}

TEST(ParallelTabletStreamsTest, DestroyingMidStreamReleasesEverything) {
  Fixture f;
  for (int s = 0; s < 8; ++s) f.streams.emplace_back(5000, s);
  auto keep_alive = std::make_shared<int>(7);
  {
    ParallelTabletStreams it(f.streams.size(), f.Factory(), keep_alive, 4, 4, 64);
    for (int i = 0; i < 100 && it.Valid(); ++i) it.Next();
  }
  EXPECT_EQ(keep_alive.use_count(), 1);
}

}  // namespace
}  // namespace quarry::internal
