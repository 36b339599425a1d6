#include "iterators/combining_iterator.h"

#include <map>
#include <memory>
#include <string>

#include "tests/iterators/iterator_contract.h"
#include "tests/testutil/memory_kv_iterator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

// The group of a key is its prefix up to and including the first ':' (the
// whole key when there is none). Keys containing '!' are undecodable.
std::string PrefixGroup(std::string_view key) {
  size_t colon = key.find(':');
  return std::string(colon == std::string_view::npos ? key : key.substr(0, colon + 1));
}

// Sums the decimal values of each group; "bad" values are undecodable.
class SumByPrefix : public CombiningIterator {
 public:
  using CombiningIterator::CombiningIterator;

 protected:
  Status GroupStart(std::string_view key, std::string* start) const override {
    if (key.find('!') != std::string_view::npos) return DataLossError("undecodable key");
    *start = PrefixGroup(key);
    return Status::OK();
  }
  Status Reduce(std::string_view group_start, GroupCells* cells, std::string* value) override {
    long sum = 0;
    for (; cells->Valid(); cells->Next()) {
      if (cells->value() == "bad")
        return DataLossError("bad value in group " + std::string(group_start));
      sum += std::stol(std::string(cells->value()));
    }
    *value = std::to_string(sum);
    return Status::OK();
  }
};

// Keeps the first value of each group and reads no further.
class FirstOfGroup : public SumByPrefix {
 public:
  using SumByPrefix::SumByPrefix;

 protected:
  Status Reduce(std::string_view, GroupCells* cells, std::string* value) override {
    *value = std::string(cells->value());
    return Status::OK();
  }
};

// Emits each group under its start followed by 0xff.
class SumUnderGroupEnd : public SumByPrefix {
 public:
  using SumByPrefix::SumByPrefix;

 protected:
  Status OutputKey(std::string_view group_start, std::string_view, std::string* key) override {
    *key = std::string(group_start) + "\xff";
    return Status::OK();
  }
};

// Sums groups, except that "a:" cells are kept apart (as a non-aggregated
// group's inserts are by the query aggregation).
class SumKeepingAApart : public SumByPrefix {
 public:
  using SumByPrefix::SumByPrefix;

 protected:
  bool KeepsCellsApart(std::string_view key) const override { return key.starts_with("a:"); }
};

template <typename T>
std::unique_ptr<T> Make(const KvMap* data) {
  return std::make_unique<T>(std::make_unique<MemoryKvIterator>(data));
}

const KvMap kData = {{"a:1", "1"}, {"a:2", "2"}, {"a:3", "4"}, {"b:1", "10"}, {"c", "5"}};

TEST(CombiningIteratorTest, CombinesEachGroupUnderItsLastKey) {
  auto it = Make<SumByPrefix>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair("a:3", "7"), Pair("b:1", "10"), Pair("c", "5")));
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, CellsKeptApartAreEmittedOneByOne) {
  auto it = Make<SumKeepingAApart>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair("a:1", "1"), Pair("a:2", "2"), Pair("a:3", "4"), Pair("b:1", "10"),
                          Pair("c", "5")));
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, SeekIntoMiddleOfGroupCombinesWholeGroup) {
  auto it = Make<SumByPrefix>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), RangeFrom("a:2"), &status),
              ElementsAre(Pair("a:3", "7"), Pair("b:1", "10"), Pair("c", "5")));
  EXPECT_THAT(Drain(it.get(), ClosedRange("a:25", "b"), &status), ElementsAre(Pair("a:3", "7")));
  // The source is seeked from the group's start, never from mid-group.
  auto source = std::make_unique<MemoryKvIterator>(&kData);
  MemoryKvIterator* raw = source.get();
  SumByPrefix direct(std::move(source));
  direct.Seek(RangeFrom("a:3"));
  EXPECT_EQ(raw->last_range(), RangeFrom("a:"));
}

TEST(CombiningIteratorTest, RangeStartNeedNotBeADecodableKey) {
  // GroupStart rejects keys containing '!', but a range bound is never
  // passed to it: only stored keys are.
  auto it = Make<SumByPrefix>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), RangeFrom("a!"), &status),
              ElementsAre(Pair("a:3", "7"), Pair("b:1", "10"), Pair("c", "5")));
  EXPECT_OK(status);
  EXPECT_THAT(Drain(it.get(), RangeFrom("a:2!"), &status),
              ElementsAre(Pair("a:3", "7"), Pair("b:1", "10"), Pair("c", "5")));
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, ReseekAfterOutputKeyResumesWithNextGroup) {
  auto it = Make<SumByPrefix>(&kData);
  it->Seek(RangeFrom("a:3", false));
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key(), "b:1");
  EXPECT_EQ(it->value(), "10");
}

TEST(CombiningIteratorTest, RangeEndingInsideGroupExcludesIt) {
  auto it = Make<SumByPrefix>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), ClosedRange("a:1", "a:2"), &status), ElementsAre());
  EXPECT_THAT(Drain(it.get(), ClosedRange("a:1", "a:3"), &status), ElementsAre(Pair("a:3", "7")));
  EXPECT_THAT(Drain(it.get(), KeyRange::HalfOpen("a:1", "c"), &status),
              ElementsAre(Pair("a:3", "7"), Pair("b:1", "10")));
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, EmptyRangeAndEmptySource) {
  auto it = Make<SumByPrefix>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), ClosedRange("z", "a"), &status), ElementsAre());
  KvMap empty;
  auto none = Make<SumByPrefix>(&empty);
  EXPECT_THAT(Drain(none.get(), KeyRange::All(), &status), ElementsAre());
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, ReduceMayLeaveCellsUnread) {
  auto it = Make<FirstOfGroup>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair("a:3", "1"), Pair("b:1", "10"), Pair("c", "5")));
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, OutputKeyOverrideStaysSeekSafe) {
  auto it = Make<SumUnderGroupEnd>(&kData);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair("a:\xff", "7"), Pair("b:\xff", "10"), Pair("c\xff", "5")));
  // Emitted when a cell of the group is at or after the start...
  EXPECT_THAT(Drain(it.get(), RangeFrom("a:2"), &status),
              ElementsAre(Pair("a:\xff", "7"), Pair("b:\xff", "10"), Pair("c\xff", "5")));
  // ...and not when all its cells are before it, even if its key is after.
  EXPECT_THAT(Drain(it.get(), RangeFrom("a:5"), &status),
              ElementsAre(Pair("b:\xff", "10"), Pair("c\xff", "5")));
  EXPECT_THAT(DrainReseekingEachKey(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair("a:\xff", "7"), Pair("b:\xff", "10"), Pair("c\xff", "5")));
  EXPECT_OK(status);
}

TEST(CombiningIteratorTest, ReduceErrorEndsScan) {
  KvMap data = {{"a:1", "1"}, {"b:1", "bad"}, {"c:1", "3"}};
  auto it = Make<SumByPrefix>(&data);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status), ElementsAre(Pair("a:1", "1")));
  EXPECT_THAT(status, StatusIsWithMessage(StatusCode::kDataLoss, "group b:"));
}

TEST(CombiningIteratorTest, GroupStartErrorEndsScan) {
  KvMap data = {{"!x", "1"}, {"a:1", "1"}};
  auto it = Make<SumByPrefix>(&data);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status), ElementsAre());
  EXPECT_THAT(status, StatusIs(StatusCode::kDataLoss));
  // Also when the bad key is met inside a group or first after the seek start.
  KvMap inside = {{"a:1", "1"}, {"a:2!", "1"}};
  auto it2 = Make<SumByPrefix>(&inside);
  EXPECT_THAT(Drain(it2.get(), KeyRange::All(), &status), ElementsAre());
  EXPECT_THAT(status, StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(Drain(it2.get(), RangeFrom("a:2"), &status), ElementsAre());
  EXPECT_THAT(status, StatusIs(StatusCode::kDataLoss));
}

TEST(CombiningIteratorTest, SourceErrorMidGroupEndsScan) {
  auto source = std::make_unique<MemoryKvIterator>(&kData);
  source->InjectErrorAt("a:2", IOError("read failed"));
  SumByPrefix it(std::move(source));
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status), ElementsAre());
  EXPECT_THAT(status, StatusIs(StatusCode::kIOError));
}

// The model: group the whole map by prefix, sum, emit under the group's last
// key when that key is in the range.
KvList SumModel(const KvMap& data, const KeyRange& range) {
  std::map<std::string, std::pair<std::string, long>> groups;  // start -> (last key, sum)
  for (const auto& [key, value] : data) {
    auto& g = groups[PrefixGroup(key)];
    g.first = key;
    g.second += std::stol(value);
  }
  KvList out;
  for (const auto& [start, g] : groups) {
    if (range.Contains(g.first)) out.emplace_back(g.first, std::to_string(g.second));
  }
  return out;
}

IteratorContract SumContract() {
  IteratorContract c;
  c.name = "SumByPrefix";
  c.make_data = [](std::mt19937& rng) {
    KvMap data;
    int n = rng() % 40;
    for (int i = 0; i < n; ++i) data[RandomKey(rng)] = std::to_string(rng() % 100);
    return data;
  };
  c.make_iterator = [](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return Make<SumByPrefix>(data);
  };
  c.model = SumModel;
  c.group_start = PrefixGroup;
  return c;
}

INSTANTIATE_TEST_SUITE_P(Combiner, IteratorContractTest, ::testing::Values(SumContract()),
                         ContractName);

}  // namespace
}  // namespace quarry::testing
