#include "iterators/filter_iterator.h"

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

// Keeps cells whose value is an even decimal number; "bad" is undecodable.
class EvenValueFilter : public FilterIterator {
 public:
  using FilterIterator::FilterIterator;
  int calls() const { return calls_; }

 protected:
  Result<bool> Accept(std::string_view key, std::string_view value) override {
    ++calls_;
    if (value == "bad") return DataLossError("undecodable value at key " + std::string(key));
    return (std::stoi(std::string(value)) % 2) == 0;
  }

 private:
  int calls_ = 0;
};

std::unique_ptr<EvenValueFilter> MakeFilter(const KvMap* data) {
  return std::make_unique<EvenValueFilter>(std::make_unique<MemoryKvIterator>(data));
}

TEST(FilterIteratorTest, YieldsOnlyAcceptedCells) {
  KvMap data = {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}, {"e", "5"}};
  auto it = MakeFilter(&data);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair("b", "2"), Pair("d", "4")));
  EXPECT_OK(status);
  EXPECT_THAT(Drain(it.get(), ClosedRange("c", "d"), &status), ElementsAre(Pair("d", "4")));
  EXPECT_THAT(Drain(it.get(), KeyRange::HalfOpen("c", "d"), &status), ElementsAre());
  EXPECT_OK(status);
}

TEST(FilterIteratorTest, NotValidBeforeSeek) {
  KvMap data = {{"a", "2"}};
  auto it = MakeFilter(&data);
  EXPECT_FALSE(it->Valid());
  EXPECT_OK(it->status());
}

TEST(FilterIteratorTest, AcceptErrorEndsScanWithItsCode) {
  KvMap data = {{"a", "2"}, {"b", "bad"}, {"c", "4"}};
  auto it = MakeFilter(&data);
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status), ElementsAre(Pair("a", "2")));
  EXPECT_THAT(status, StatusIsWithMessage(StatusCode::kDataLoss, "key b"));
  // A new Seek starts afresh.
  EXPECT_THAT(Drain(it.get(), RangeFrom("c"), &status), ElementsAre(Pair("c", "4")));
  EXPECT_OK(status);
}

TEST(FilterIteratorTest, SourceErrorIsReported) {
  KvMap data = {{"a", "2"}, {"b", "3"}, {"c", "4"}};
  auto source = std::make_unique<MemoryKvIterator>(&data);
  source->InjectErrorAt("c", IOError("disk on fire"));
  EvenValueFilter it(std::move(source));
  Status status;
  EXPECT_THAT(Drain(&it, KeyRange::All(), &status), ElementsAre(Pair("a", "2")));
  EXPECT_THAT(status, StatusIs(StatusCode::kIOError));
}

TEST(FilterIteratorTest, EachCellJudgedOnce) {
  KvMap data = {{"a", "1"}, {"b", "2"}, {"c", "3"}};
  auto it = MakeFilter(&data);
  Status status;
  (void)Drain(it.get(), KeyRange::All(), &status);
  EXPECT_EQ(it->calls(), 3);
}

// Reads the split key of each cell through Parts(), recording where it came
// from; accepts every cell.
class PartsReadingFilter : public FilterIterator {
 public:
  using FilterIterator::FilterIterator;
  std::vector<const KeyParts*> seen;
  std::vector<std::string> groups;

 protected:
  Result<bool> Accept(std::string_view, std::string_view) override {
    QUARRY_ASSIGN_OR_RETURN(const KeyParts* parts, Parts());
    seen.push_back(parts);
    groups.emplace_back(parts->group);
    return true;
  }
};

TEST(FilterIteratorTest, AKeyIsSplitOnceAndSharedWithTheLayersAbove) {
  const std::string z(1, '\0');
  KvMap data = {{"v" + z + "\x01" + z + "G1" + z + z, "1"},
                {"w" + z + "\x01" + z + "G2" + z + z, "2"}};
  auto bottom = std::make_unique<PartsReadingFilter>(std::make_unique<MemoryKvIterator>(&data));
  PartsReadingFilter* lower = bottom.get();
  PartsReadingFilter upper(std::move(bottom));
  Status status;
  EXPECT_EQ(Drain(&upper, KeyRange::All(), &status).size(), 2u);
  EXPECT_OK(status);
  EXPECT_EQ(lower->groups, (std::vector<std::string>{"G1", "G2"}));
  EXPECT_EQ(upper.groups, lower->groups);
  // The upper layer read the lower layer's split, not one of its own.
  EXPECT_EQ(upper.seen, lower->seen);
  // A source that splits nothing shares nothing.
  MemoryKvIterator raw(&data);
  raw.Seek(KeyRange::All());
  EXPECT_EQ(raw.SplitParts(), nullptr);
}

TEST(FilterIteratorTest, AMalformedKeyIsDataLossFromParts) {
  KvMap data = {{"no delimiters", "1"}};
  PartsReadingFilter filter(std::make_unique<MemoryKvIterator>(&data));
  filter.Seek(KeyRange::All());
  EXPECT_FALSE(filter.Valid());
  EXPECT_THAT(filter.status(), StatusIs(StatusCode::kDataLoss));
}

IteratorContract EvenFilterContract() {
  IteratorContract c;
  c.name = "EvenValueFilter";
  c.make_data = [](std::mt19937& rng) {
    KvMap data;
    int n = rng() % 30;
    for (int i = 0; i < n; ++i) data[RandomKey(rng)] = std::to_string(rng() % 100);
    return data;
  };
  c.make_iterator = [](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return MakeFilter(data);
  };
  c.model = [](const KvMap& data, const KeyRange& range) {
    KvList out;
    for (const auto& [key, value] : CellsInRange(data, range)) {
      if (std::stoi(value) % 2 == 0) out.emplace_back(key, value);
    }
    return out;
  };
  return c;
}

INSTANTIATE_TEST_SUITE_P(Filter, IteratorContractTest, ::testing::Values(EvenFilterContract()),
                         ContractName);

}  // namespace
}  // namespace quarry::testing
