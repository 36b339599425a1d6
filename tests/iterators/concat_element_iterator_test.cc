#include "iterators/concat_element_iterator.h"

#include <gtest/gtest.h>

#include <vector>

namespace quarry {
namespace {

// Yields `values` (as entity vertices), then ends with `end`.
class ListStream : public ElementIterator {
 public:
  ListStream(std::vector<int64_t> values, Status end) : values_(std::move(values)), end_(end) {
    Load();
  }
  bool Valid() const override { return pos_ < values_.size(); }
  void Next() override {
    ++pos_;
    Load();
  }
  const Element& element() const override { return current_; }
  Status status() const override { return Valid() ? Status::OK() : end_; }

 private:
  void Load() {
    if (Valid()) current_ = Element::Entity("G", Value::Int64(values_[pos_]), {});
  }
  std::vector<int64_t> values_;
  Status end_;
  size_t pos_ = 0;
  Element current_ = Element::Entity("G", Value::Int64(0), {});
};

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
        return std::unique_ptr<ElementIterator>(new ListStream(streams[i], Status::OK()));
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
              new ListStream({static_cast<int64_t>(i)}, Status::OK()));
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
