#include "iterators/concat_element_iterator.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/testutil/numbered_element_stream.h"

namespace quarry {
namespace {

std::vector<int64_t> Drain(ElementIterator& it) {
  std::vector<int64_t> out;
  for (; it.Valid(); it.Next()) out.push_back(it.element().vertex().AsInt64());
  return out;
}

TEST(ConcatElementIteratorTest, StreamsInOrderBuildingEachWhenThePreviousEnds) {
  std::vector<std::vector<int64_t>> streams = {{1, 2}, {}, {3}, {}, {4, 5}};
  std::vector<size_t> built;
  ConcatElementIterator it(
      streams.size(),
      [&](size_t i) -> Result<std::unique_ptr<ElementIterator>> {
        built.push_back(i);
        return std::unique_ptr<ElementIterator>(
            new testing::NumberedElementStream(streams[i], Status::OK()));
      },
      nullptr);
  EXPECT_EQ(built, (std::vector<size_t>{0}));  // Only the first, up front.
  EXPECT_EQ(Drain(it), (std::vector<int64_t>{1, 2, 3, 4, 5}));
  EXPECT_TRUE(it.status().ok());
  EXPECT_EQ(built.size(), streams.size());
}

TEST(ConcatElementIteratorTest, AnErrorEndsTheOutputAndLaterStreamsAreNotBuilt) {
  size_t built = 0;
  auto keep_alive = std::make_shared<int>(1);
  {
    ConcatElementIterator it(
        4,
        [&](size_t i) -> Result<std::unique_ptr<ElementIterator>> {
          ++built;
          if (i == 2) return DataLossError("stream 2");
          return std::unique_ptr<ElementIterator>(
              new testing::NumberedElementStream({static_cast<int64_t>(i)}, Status::OK()));
        },
        keep_alive);
    EXPECT_EQ(Drain(it), (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(it.status().code(), StatusCode::kDataLoss);
    EXPECT_EQ(built, 3u);
    EXPECT_EQ(keep_alive.use_count(), 2);
  }
  EXPECT_EQ(keep_alive.use_count(), 1);
}

}  // namespace
}  // namespace quarry
