#include "store-rocks/rocks_kv_iterator.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "iterators/key_range_ops.h"
#include "keypackages/key_format.h"
#include "store-rocks/internal/distinct_id_allocator.h"
#include "store-rocks/prefix_extractor.h"
#include "store-rocks/rocks_instance.h"
#include "tests/iterators/iterator_contract.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;

class RocksKvIteratorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("quarry_rocks_kv_" + std::to_string(std::random_device()()));
    GroupPlugins plugins;
    plugins.prefix_extractor = NewRowPrefixTransform();
    ASSERT_OK_AND_ASSIGN(db_,
                         RocksInstance::Open(dir_, RocksProperties(),
                                             {{"plain", plugins}, {"distinct", plugins}}, true));
  }
  void TearDown() override {
    db_.reset();
    std::filesystem::remove_all(dir_);
  }
  void Put(std::string_view group, const std::string& key, const std::string& value) {
    ASSERT_OK(
        FromRocks(db_->db()->Put(db_->write_options(), db_->Group(group), key, value), "put"));
  }
  // (key, value) pairs a fresh Seek(range) yields.
  std::vector<std::pair<std::string, std::string>> Scan(std::string_view group,
                                                        const KeyRange& range) {
    RocksKvIterator it(db_->db(), db_->Group(group), RocksScanOptions());
    it.Seek(range);
    std::vector<std::pair<std::string, std::string>> out;
    for (; it.Valid(); it.Next()) out.emplace_back(it.key(), it.value());
    EXPECT_OK(it.status());
    return out;
  }

  std::filesystem::path dir_;
  std::unique_ptr<RocksInstance> db_;
};

using ::quarry::testing::IteratorContractTest;
using ::quarry::testing::KvMap;
using KVs = std::vector<std::pair<std::string, std::string>>;

TEST_F(RocksKvIteratorTest, HonoursInclusiveAndExclusiveBounds) {
  for (std::string k : {"a\x00"
                        "1"s,
                        "a\x00"
                        "2"s,
                        "a\x00"
                        "3"s,
                        "b\x00"
                        "1"s})
    Put("plain", k, k);
  EXPECT_EQ(Scan("plain", ClosedRange("a\x00"
                                      "1"s,
                                      "a\x00"
                                      "2"s)),
            (KVs{{"a\x00"
                  "1"s,
                  "a\x00"
                  "1"s},
                 {"a\x00"
                  "2"s,
                  "a\x00"
                  "2"s}}));
  KeyRange open = KeyRange::HalfOpen(
      "a\x00"
      "1"s,
      "a\x00"
      "3"s);
  open.start_inclusive = false;
  EXPECT_EQ(Scan("plain", open), (KVs{{"a\x00"
                                       "2"s,
                                       "a\x00"
                                       "2"s}}));
  // A prefix range (prefix bloom mode) and an unbounded one (total order).
  EXPECT_EQ(Scan("plain", KeyRange::Prefix("a\x00"s)).size(), 3u);
  EXPECT_EQ(Scan("plain", RangeFrom("a\x00"
                                    "2"s))
                .size(),
            3u);
  EXPECT_EQ(Scan("plain", KeyRange::All()).size(), 4u);
  EXPECT_TRUE(Scan("distinct", KeyRange::All()).empty());
}

// With a snapshot one RocksDB iterator serves every Seek of a kind, its
// upper bound changed in place: each Seek must still yield exactly its own
// range (narrower, wider, earlier, exclusive) and nothing written after the
// snapshot.
TEST_F(RocksKvIteratorTest, ReseeksAtASnapshotYieldEachRangeExactly) {
  std::vector<std::string> keys;
  for (char row : {'a', 'b', 'c'}) {
    for (int i = 0; i < 40; ++i) {
      char cell[8];
      std::snprintf(cell, sizeof(cell), "%03d", i);
      keys.push_back(std::string(1, row) + "\x00"s + cell);
      Put("plain", keys.back(), std::string(300, 'v'));  // About a dozen cells per block.
    }
  }
  // Half the cells in a file (blocks, index, filter), half in the memtable.
  ASSERT_OK(FromRocks(db_->db()->Flush(rocksdb::FlushOptions(), db_->Group("plain")), "flush"));
  for (char row : {'a', 'b', 'c'}) Put("plain", std::string(1, row) + "\x00"s + "0205", "mem");
  for (char row : {'a', 'b', 'c'}) keys.push_back(std::string(1, row) + "\x00"s + "0205");
  std::sort(keys.begin(), keys.end());
  rocksdb::ManagedSnapshot snapshot(db_->db());
  Put("plain", "b\x00"s + "0105", "late");  // After the snapshot: never seen.
  RocksScanOptions options;
  options.snapshot = snapshot.snapshot();
  RocksKvIterator it(db_->db(), db_->Group("plain"), options);
  auto expect = [&](const KeyRange& range) {
    std::vector<std::string> want;
    for (const std::string& k : keys) {
      if (!KeyBeforeRange(range, k) && !KeyAfterRange(range, k)) want.push_back(k);
    }
    std::vector<std::string> got;
    for (it.Seek(range); it.Valid(); it.Next()) got.emplace_back(it.key());
    EXPECT_OK(it.status());
    return got == want
               ? ::testing::AssertionSuccess()
               : ::testing::AssertionFailure() << got.size() << " keys, want " << want.size();
  };
  KeyRange exclusive = KeyRange::HalfOpen("b\x00"s + "010", "b\x00"s + "020");
  exclusive.start_inclusive = false;
  for (const KeyRange& range :
       {ClosedRange("b\x00"s + "010", "b\x00"s + "012"),  // Prefix, bounded.
        ClosedRange("b\x00"s + "005", "b\x00"s + "030"),  // Earlier and wider.
        ClosedRange("b\x00"s + "011", "b\x00"s + "011"),  // Inside the last block.
        exclusive, KeyRange::Prefix("c\x00"s), KeyRange::Prefix("a\x00"s),
        ClosedRange("a\x00"s + "039", "c\x00"s + "001"),  // Across rows: total order.
        ClosedRange("a\x00"s + "000", "b\x00"s + "002"), RangeFrom("c\x00"s + "038"),
        RangeFrom("a\x00"s + "039"), ClosedRange("b\x00"s + "039", "b\x00"s + "039")}) {
    EXPECT_TRUE(expect(range));
  }
}

TEST_F(RocksKvIteratorTest, KeepsEveryInsertAsItsOwnIncreasingKey) {
  // Entity V, group g, no qualifier or visibility, inserted three times.
  const std::string k1 = "a\x00\x01\x00g\x00\x00"s, k2 = "b\x00\x01\x00g\x00\x00"s;
  auto with_id = [](std::string key, uint64_t id) {
    AppendInsertId(id, &key);
    return key;
  };
  for (auto [key, id] : std::vector<std::pair<std::string, uint64_t>>{{k1, 7}, {k1, 3}, {k2, 1}}) {
    Put("distinct", with_id(key, id), std::to_string(id));
  }
  // Inserts of one element come in id order, each under its own key.
  EXPECT_EQ(Scan("distinct", KeyRange::All()),
            (KVs{{with_id(k1, 3), "3"}, {with_id(k1, 7), "7"}, {with_id(k2, 1), "1"}}));
  // Every insert of an element lies under its key as a prefix.
  EXPECT_EQ(Scan("distinct", KeyRange::Prefix(k1)).size(), 2u);
  // Bounds compare whole keys: resuming after one insert yields the next.
  EXPECT_EQ(Scan("distinct", RangeResumingAfter(KeyRange::All(), with_id(k1, 3))),
            (KVs{{with_id(k1, 7), "7"}, {with_id(k2, 1), "1"}}));
  EXPECT_EQ(Scan("distinct", ExactRange(with_id(k1, 7))), (KVs{{with_id(k1, 7), "7"}}));
  EXPECT_EQ(Scan("distinct", KeyRange::HalfOpen(k1, k2)).size(), 2u);
}

TEST_F(RocksKvIteratorTest, DistinctIdsNeverRepeatAcrossReopen) {
  uint64_t first, second, third;
  {
    ASSERT_OK_AND_ASSIGN(auto ids, internal::DistinctIdAllocator::Open(db_.get()));
    ASSERT_OK_AND_ASSIGN(first, ids->Reserve(3));
    ASSERT_OK_AND_ASSIGN(second, ids->Reserve(2));
  }
  EXPECT_EQ(second, first + 3);
  // A "crash": a new allocator over the same metadata starts past every id
  // that could have been handed out.
  ASSERT_OK_AND_ASSIGN(auto ids, internal::DistinctIdAllocator::Open(db_.get()));
  ASSERT_OK_AND_ASSIGN(third, ids->Reserve(1));
  EXPECT_GE(third, second + 2);
}

// RocksKvIterator through the iterator contract suite
// (tests/iterators/iterator_contract.h): its model is the cells in range.
// Each trial's data is written to a RocksDB once and shared by the trial's
// iterators (the suite builds one per resumed key).
class RocksContractDb {
 public:
  // The database holding `data`, reopened only when the data changes.
  static std::shared_ptr<RocksContractDb> For(const KvMap& data) {
    static std::shared_ptr<RocksContractDb> last;
    if (last == nullptr || last->data_ != data) last.reset(new RocksContractDb(data));
    return last;
  }
  ~RocksContractDb() {
    db_.reset();
    std::filesystem::remove_all(dir_);
  }
  RocksInstance* db() const { return db_.get(); }

 private:
  explicit RocksContractDb(const KvMap& data) : data_(data) {
    dir_ = std::filesystem::temp_directory_path() /
           ("quarry_rocks_contract_" + std::to_string(std::random_device()()));
    GroupPlugins plugins;
    plugins.prefix_extractor = NewRowPrefixTransform();
    db_ = RocksInstance::Open(dir_, RocksProperties(), {{"g", plugins}}, true).value();
    for (const auto& [key, value] : data) {
      EXPECT_OK(
          FromRocks(db_->db()->Put(db_->write_options(), db_->Group("g"), key, value), "put"));
    }
  }
  KvMap data_;
  std::filesystem::path dir_;
  std::unique_ptr<RocksInstance> db_;
};

// A RocksKvIterator that keeps its database open.
// With a snapshot, its Seeks reuse one RocksDB iterator across ranges of a
// kind; without, each opens its own.
class OwningRocksKvIterator : public KvIterator {
 public:
  OwningRocksKvIterator(std::shared_ptr<RocksContractDb> db, bool with_snapshot)
      : db_(std::move(db)),
        snapshot_(with_snapshot ? std::make_unique<rocksdb::ManagedSnapshot>(db_->db()->db())
                                : nullptr),
        it_(db_->db()->db(), db_->db()->Group("g"), Options(snapshot_.get())) {}
  void Seek(const KeyRange& range) override { it_.Seek(range); }
  bool Valid() const override { return it_.Valid(); }
  void Next() override { it_.Next(); }
  std::string_view key() const override { return it_.key(); }
  std::string_view value() const override { return it_.value(); }
  Status status() const override { return it_.status(); }

 private:
  static RocksScanOptions Options(rocksdb::ManagedSnapshot* snapshot) {
    RocksScanOptions options;
    if (snapshot != nullptr) options.snapshot = snapshot->snapshot();
    return options;
  }
  std::shared_ptr<RocksContractDb> db_;
  std::unique_ptr<rocksdb::ManagedSnapshot> snapshot_;
  RocksKvIterator it_;
};

// Stored keys of a non-aggregated group: entities and edges under a few
// vertices (so prefix-bloom seeks happen), each inserted one to three times
// under increasing insert ids, some with a visibility.
KvMap RandomInsertKeys(std::mt19937& rng) {
  KvMap data;
  uint64_t next_id = rng() % 3 == 0 ? 0x0100000000000000ull : 0;  // Ids with 00 bytes or not.
  int n = rng() % 12;
  for (int i = 0; i < n; ++i) {
    std::string key(1, static_cast<char>('a' + rng() % 3));
    key += '\x00';
    if (rng() % 2 == 0) {
      key += "\x01"s;  // ByteEntity entity row.
    } else {
      key += "\x02\x00"s + static_cast<char>('a' + rng() % 3) + "\x00\x02"s;
    }
    key +=
        "\x00g\x00"s + (rng() % 2 == 0 ? "" : "\x01\x02") + '\x00' + (rng() % 3 == 0 ? "vis" : "");
    for (int copies = 1 + rng() % 3; copies > 0; --copies) {
      std::string stored = key;
      AppendInsertId(next_id++, &stored);
      data[stored] = std::to_string(i);
    }
  }
  return data;
}

::quarry::testing::IteratorContract RocksContract(std::string name,
                                                  std::function<KvMap(std::mt19937&)> make_data,
                                                  bool with_snapshot) {
  ::quarry::testing::IteratorContract c;
  c.name = std::move(name);
  c.make_data = std::move(make_data);
  c.make_iterator = [with_snapshot](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return std::make_unique<OwningRocksKvIterator>(RocksContractDb::For(*data), with_snapshot);
  };
  c.model = ::quarry::testing::CellsInRange;
  return c;
}

KvMap RandomKeys(std::mt19937& rng) {
  KvMap data;
  int n = rng() % 30;
  for (int i = 0; i < n; ++i) data[::quarry::testing::RandomKey(rng)] = std::to_string(i);
  return data;
}

INSTANTIATE_TEST_SUITE_P(
    RocksKvIterator, IteratorContractTest,
    ::testing::Values(RocksContract("InsertIdKeys", RandomInsertKeys, /*with_snapshot=*/false),
                      RocksContract("RandomKeys", RandomKeys, /*with_snapshot=*/false),
                      RocksContract("InsertIdKeysAtSnapshot", RandomInsertKeys, true),
                      RocksContract("RandomKeysAtSnapshot", RandomKeys, true)),
    ::quarry::testing::ContractName);

}  // namespace
}  // namespace quarry
