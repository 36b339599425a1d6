#include "iterators/multi_range_iterator.h"

#include <memory>
#include <string>
#include <vector>

#include "tests/iterators/iterator_contract.h"
#include "tests/testutil/memory_kv_iterator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

const KvMap kRangeData = {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"},
                          {"e", "5"}, {"f", "6"}, {"g", "7"}};

TEST(MultiRangeIteratorTest, YieldsUnionOfRangesOnceInOrder) {
  MultiRangeIterator it(
      std::make_unique<MemoryKvIterator>(&kRangeData),
      {ClosedRange("e", "f"), ClosedRange("b", "c"), ClosedRange("c", "d"), ExactRange("b")});
  Status status;
  EXPECT_THAT(
      Drain(&it, KeyRange::All(), &status),
      ElementsAre(Pair("b", "2"), Pair("c", "3"), Pair("d", "4"), Pair("e", "5"), Pair("f", "6")));
  EXPECT_OK(status);
  EXPECT_THAT(it.ranges(), ElementsAre(ClosedRange("b", "d"), ClosedRange("e", "f")));
}

TEST(MultiRangeIteratorTest, SeekRangeIntersectsTheRanges) {
  MultiRangeIterator it(std::make_unique<MemoryKvIterator>(&kRangeData),
                        {ClosedRange("a", "b"), ClosedRange("d", "e"), RangeFrom("g")});
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange{"b", "e", false, false}, &status), ElementsAre(Pair("d", "4")));
  EXPECT_THAT(Drain(&it, RangeFrom("e"), &status), ElementsAre(Pair("e", "5"), Pair("g", "7")));
  EXPECT_THAT(Drain(&it, KeyRange{"", "a", true, true}, &status), ElementsAre(Pair("a", "1")));
  EXPECT_THAT(Drain(&it, ClosedRange("f", "f"), &status), ElementsAre());
  EXPECT_OK(status);
}

TEST(MultiRangeIteratorTest, SeeksSourceOncePerNonEmptyPiece) {
  auto source = std::make_unique<MemoryKvIterator>(&kRangeData);
  MemoryKvIterator* raw = source.get();
  MultiRangeIterator it(std::move(source),
                        {ExactRange("a"), ExactRange("c"), ExactRange("e"), ExactRange("g")});
  Status status;
  EXPECT_THAT(Drain(&it, ClosedRange("b", "f"), &status),
              ElementsAre(Pair("c", "3"), Pair("e", "5")));
  EXPECT_EQ(raw->seeks(), 2);
  EXPECT_EQ(raw->last_range(), ExactRange("e"));
}

TEST(MultiRangeIteratorTest, RangesMergedOnceServeSeveralIterators) {
  SharedRanges merged =
      MergedRanges({ClosedRange("e", "f"), ClosedRange("b", "c"), ClosedRange("c", "d")});
  EXPECT_THAT(*merged, ElementsAre(ClosedRange("b", "d"), ClosedRange("e", "f")));
  MultiRangeIterator first(std::make_unique<MemoryKvIterator>(&kRangeData), merged);
  MultiRangeIterator second(std::make_unique<MemoryKvIterator>(&kRangeData), merged);
  EXPECT_EQ(merged.use_count(), 3);  // Shared, not copied.
  Status status;
  const auto expected =
      ElementsAre(Pair("b", "2"), Pair("c", "3"), Pair("d", "4"), Pair("e", "5"), Pair("f", "6"));
  EXPECT_THAT(Drain(&first, KeyRange::All(), &status), expected);
  EXPECT_THAT(Drain(&second, KeyRange::All(), &status), expected);
  EXPECT_THAT(Drain(&second, RangeFrom("e"), &status), ElementsAre(Pair("e", "5"), Pair("f", "6")));
  EXPECT_OK(status);
}

TEST(MultiRangeIteratorTest, AWholeKeyspaceSeekSeeksEachRangeAsItIs) {
  auto source = std::make_unique<MemoryKvIterator>(&kRangeData);
  MemoryKvIterator* raw = source.get();
  const KeyRange exclusive_start{"b", "d", /*start_inclusive=*/false, /*end_inclusive=*/true};
  MultiRangeIterator it(std::move(source), {exclusive_start});
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status), ElementsAre(Pair("c", "3"), Pair("d", "4")));
  EXPECT_EQ(raw->seeks(), 1);
  EXPECT_EQ(raw->last_range(), exclusive_start);
  EXPECT_OK(status);
}

TEST(MultiRangeIteratorTest, ResetRangesRestrictsTheNextSeekToTheNewRanges) {
  MultiRangeIterator it(std::make_unique<MemoryKvIterator>(&kRangeData), {ClosedRange("a", "b")});
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status), ElementsAre(Pair("a", "1"), Pair("b", "2")));
  it.ResetRanges(MergedRanges({ExactRange("g"), ClosedRange("d", "e")}));
  EXPECT_FALSE(it.Valid());  // Not positioned until Seek.
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status),
              ElementsAre(Pair("d", "4"), Pair("e", "5"), Pair("g", "7")));
  EXPECT_THAT(it.ranges(), ElementsAre(ClosedRange("d", "e"), ExactRange("g")));
  EXPECT_OK(status);
}

TEST(MultiRangeIteratorTest, NoRangesYieldsNothing) {
  MultiRangeIterator it(std::make_unique<MemoryKvIterator>(&kRangeData), std::vector<KeyRange>{});
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status), ElementsAre());
  EXPECT_OK(status);
}

TEST(MultiRangeIteratorTest, StaleSourcePositionIsNotYielded) {
  MultiRangeIterator it(std::make_unique<MemoryKvIterator>(&kRangeData), {ClosedRange("a", "b")});
  it.Seek(KeyRange::All());
  ASSERT_TRUE(it.Valid());
  it.Seek(RangeFrom("c"));  // No range piece: the source is left where it was.
  EXPECT_FALSE(it.Valid());
  EXPECT_OK(it.status());
}

TEST(MultiRangeIteratorTest, SourceErrorStopsAtThatPiece) {
  auto source = std::make_unique<MemoryKvIterator>(&kRangeData);
  source->InjectErrorAt("c", IOError("bad block"));
  MultiRangeIterator it(std::move(source),
                        {ExactRange("a"), ClosedRange("c", "d"), ExactRange("f")});
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status), ElementsAre(Pair("a", "1")));
  EXPECT_THAT(status, StatusIs(StatusCode::kIOError));
}

std::vector<KeyRange> ContractRanges() {
  return {
      KeyRange::Prefix("a"), ClosedRange("b:2", "c:1"),           KeyRange::HalfOpen("c", "c:5"),
      ExactRange("d:3"),     KeyRange{"d:3", "d:9", false, true}, RangeFrom("e:2"),
      ClosedRange("a2", "b")};
}

IteratorContract MultiRangeContract() {
  IteratorContract c;
  c.name = "MultiRange";
  c.make_data = [](std::mt19937& rng) {
    KvMap data;
    int n = rng() % 40;
    for (int i = 0; i < n; ++i) data[RandomKey(rng)] = std::to_string(i);
    return data;
  };
  c.make_iterator = [](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return std::make_unique<MultiRangeIterator>(std::make_unique<MemoryKvIterator>(data),
                                                ContractRanges());
  };
  c.model = [](const KvMap& data, const KeyRange& range) {
    KvList out;
    for (const auto& [key, value] : CellsInRange(data, range)) {
      bool covered = false;
      for (const KeyRange& r : ContractRanges()) covered |= r.Contains(key);
      if (covered) out.emplace_back(key, value);
    }
    return out;
  };
  return c;
}

INSTANTIATE_TEST_SUITE_P(MultiRange, IteratorContractTest, ::testing::Values(MultiRangeContract()),
                         ContractName);

}  // namespace
}  // namespace quarry::testing
