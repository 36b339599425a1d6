#include "tests/iterators/iterator_contract.h"

#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

constexpr uint32_t kContractSeed = 4242;
constexpr int kTrials = 60;
constexpr int kRangesPerTrial = 12;

std::string Trace(int trial) {
  return "seed=" + std::to_string(kContractSeed) + " trial=" + std::to_string(trial);
}

const std::string& RandomExistingKey(const KvMap& data, std::mt19937& rng) {
  auto it = data.begin();
  std::advance(it, rng() % data.size());
  return it->first;
}

// A bound near the data: an existing key, a prefix of one, its successor, or
// a fresh random key.
std::string RandomBound(const KvMap& data, std::mt19937& rng) {
  if (data.empty()) return RandomKey(rng);
  const std::string& key = RandomExistingKey(data, rng);
  switch (rng() % 4) {
    case 0:
      return key;
    case 1:
      return key.substr(0, rng() % (key.size() + 1));
    case 2:
      return key + std::string(1, '\0');
    default:
      return RandomKey(rng);
  }
}

}  // namespace

KvList Drain(KvIterator* it, const KeyRange& range, Status* status) {
  KvList out;
  for (it->Seek(range); it->Valid(); it->Next()) {
    out.emplace_back(std::string(it->key()), std::string(it->value()));
  }
  *status = it->status();
  return out;
}

KvList DrainReseekingEachKey(KvIterator* it, const KeyRange& range, Status* status) {
  KvList out;
  it->Seek(range);
  while (it->Valid()) {
    out.emplace_back(std::string(it->key()), std::string(it->value()));
    it->Seek(RangeResumingAfter(range, out.back().first));
  }
  *status = it->status();
  return out;
}

std::string RandomKey(std::mt19937& rng) {
  static constexpr std::string_view kAlphabet = "abcde:0123";
  std::string key(1, "abcde"[rng() % 5]);
  int extra = rng() % 4;
  for (int i = 0; i < extra; ++i) key.push_back(kAlphabet[rng() % kAlphabet.size()]);
  return key;
}

KeyRange RandomRange(const KvMap& data, std::mt19937& rng) {
  int kind = rng() % 10;
  if (kind == 0) return KeyRange::All();
  if (kind == 1) return KeyRange::Prefix(RandomBound(data, rng));
  std::string start = RandomBound(data, rng);
  bool start_inclusive = rng() % 2;
  std::string end = RandomBound(data, rng);
  bool end_inclusive = rng() % 2;
  if (start > end) std::swap(start, end);
  if (kind == 2) return RangeFrom(start, start_inclusive);
  KeyRange range;
  range.end = end;  // Empty means unbounded.
  range.end_inclusive = end_inclusive;
  if (kind == 3) return range;
  range.start = start;
  range.start_inclusive = start_inclusive;
  return range;
}

KvList CellsInRange(const KvMap& data, const KeyRange& range) {
  KvList out;
  for (const auto& [key, value] : data) {
    if (range.Contains(key)) out.emplace_back(key, value);
  }
  return out;
}

std::string ContractName(const ::testing::TestParamInfo<IteratorContract>& info) {
  return info.param.name;
}

TEST_P(IteratorContractTest, MatchesModelForRandomDataAndRanges) {
  const IteratorContract& contract = GetParam();
  std::mt19937 rng(kContractSeed);
  for (int trial = 0; trial < kTrials; ++trial) {
    SCOPED_TRACE(Trace(trial));
    KvMap data = contract.make_data(rng);
    std::unique_ptr<KvIterator> it = contract.make_iterator(&data);
    EXPECT_FALSE(it->Valid()) << "valid before the first Seek";
    for (int r = 0; r < kRangesPerTrial; ++r) {
      KeyRange range = RandomRange(data, rng);
      SCOPED_TRACE("range " + range.DebugString());
      Status status;
      KvList got = Drain(it.get(), range, &status);  // The same iterator, re-seeked.
      ASSERT_OK(status);
      EXPECT_EQ(got, contract.model(data, range));
    }
  }
}

TEST_P(IteratorContractTest, ReseekAfterEveryKeyMatchesOnePass) {
  const IteratorContract& contract = GetParam();
  std::mt19937 rng(kContractSeed + 1);
  for (int trial = 0; trial < kTrials; ++trial) {
    SCOPED_TRACE(Trace(trial));
    KvMap data = contract.make_data(rng);
    std::unique_ptr<KvIterator> one_pass = contract.make_iterator(&data);
    std::unique_ptr<KvIterator> reseeked = contract.make_iterator(&data);
    for (int r = 0; r < kRangesPerTrial; ++r) {
      KeyRange range = RandomRange(data, rng);
      SCOPED_TRACE("range " + range.DebugString());
      Status status;
      KvList expected = Drain(one_pass.get(), range, &status);
      ASSERT_OK(status);
      EXPECT_EQ(DrainReseekingEachKey(reseeked.get(), range, &status), expected);
      ASSERT_OK(status);
      // Resuming on a freshly built stack (as after a torn-down scan) too.
      KvList resumed;
      std::unique_ptr<KvIterator> fresh = contract.make_iterator(&data);
      for (fresh->Seek(range); fresh->Valid();
           fresh->Seek(RangeResumingAfter(range, resumed.back().first))) {
        resumed.emplace_back(std::string(fresh->key()), std::string(fresh->value()));
        fresh = contract.make_iterator(&data);
      }
      ASSERT_OK(fresh->status());
      EXPECT_EQ(resumed, expected);
    }
  }
}

TEST_P(IteratorContractTest, SeekIntoMiddleOfGroupYieldsWholeGroup) {
  const IteratorContract& contract = GetParam();
  if (!contract.group_start) GTEST_SKIP() << "not a grouping iterator";
  std::mt19937 rng(kContractSeed + 2);
  int mid_group_seeks = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    SCOPED_TRACE(Trace(trial));
    KvMap data = contract.make_data(rng);
    std::unique_ptr<KvIterator> it = contract.make_iterator(&data);
    KvList whole = contract.model(data, KeyRange::All());
    for (auto cell = data.begin(); cell != data.end(); ++cell) {
      // Only keys with an earlier key of the same group before them.
      if (cell == data.begin() ||
          contract.group_start(std::prev(cell)->first) != contract.group_start(cell->first)) {
        continue;
      }
      ++mid_group_seeks;
      SCOPED_TRACE("seek to " + cell->first);
      it->Seek(RangeFrom(cell->first));
      ASSERT_OK(it->status());
      // The full aggregate is the whole-range model's first cell at or after the key.
      auto expected = std::find_if(whole.begin(), whole.end(),
                                   [&](const auto& kv) { return kv.first >= cell->first; });
      if (expected == whole.end()) {
        EXPECT_FALSE(it->Valid());
        continue;
      }
      ASSERT_TRUE(it->Valid());
      EXPECT_EQ(it->key(), expected->first);
      EXPECT_EQ(it->value(), expected->second);
    }
  }
  EXPECT_GT(mid_group_seeks, 0) << "the data never had a group of two cells";
}

}  // namespace quarry::testing

namespace quarry::testing {
namespace {

// The harness checked against the identity layer: the in-memory iterator
// itself, whose model is simply the cells in range.
IteratorContract MemoryContract() {
  IteratorContract c;
  c.name = "MemoryKvIterator";
  c.make_data = [](std::mt19937& rng) {
    KvMap data;
    int n = rng() % 30;
    for (int i = 0; i < n; ++i) data[RandomKey(rng)] = std::to_string(i);
    return data;
  };
  c.make_iterator = [](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return std::make_unique<MemoryKvIterator>(data);
  };
  c.model = CellsInRange;
  return c;
}

INSTANTIATE_TEST_SUITE_P(Memory, IteratorContractTest, ::testing::Values(MemoryContract()),
                         ContractName);

}  // namespace
}  // namespace quarry::testing
