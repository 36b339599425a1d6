#include "store-rocks/rocks_kv_iterator.h"

#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "iterators/key_range_ops.h"
#include "store-rocks/distinct_key.h"
#include "store-rocks/internal/distinct_id_allocator.h"
#include "store-rocks/prefix_extractor.h"
#include "store-rocks/rocks_instance.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;

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
                                                        const KeyRange& range, bool distinct) {
    RocksScanOptions options;
    options.with_distinct_suffix = distinct;
    RocksKvIterator it(db_->db(), db_->Group(group), options);
    it.Seek(range);
    std::vector<std::pair<std::string, std::string>> out;
    for (; it.Valid(); it.Next()) out.emplace_back(it.key(), it.value());
    EXPECT_OK(it.status());
    return out;
  }

  std::filesystem::path dir_;
  std::unique_ptr<RocksInstance> db_;
};

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
  EXPECT_EQ(Scan("plain",
                 ClosedRange("a\x00"
                             "1"s,
                             "a\x00"
                             "2"s),
                 false),
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
  EXPECT_EQ(Scan("plain", open, false), (KVs{{"a\x00"
                                              "2"s,
                                              "a\x00"
                                              "2"s}}));
  // A prefix range (prefix bloom mode) and an unbounded one (total order).
  EXPECT_EQ(Scan("plain", KeyRange::Prefix("a\x00"s), false).size(), 3u);
  EXPECT_EQ(Scan("plain",
                 RangeFrom("a\x00"
                           "2"s),
                 false)
                .size(),
            3u);
  EXPECT_EQ(Scan("plain", KeyRange::All(), false).size(), 4u);
  EXPECT_TRUE(Scan("distinct", KeyRange::All(), true).empty());
}

TEST_F(RocksKvIteratorTest, StripsDistinctSuffixAndKeepsEveryInsert) {
  std::string k1 = "a\x00"
                   "1"s,
              k2 = "a\x00"
                   "2"s;
  for (auto [key, id] : std::vector<std::pair<std::string, uint64_t>>{{k1, 7}, {k1, 3}, {k2, 1}}) {
    std::string stored = key;
    AppendDistinctSuffix(id, &stored);
    Put("distinct", stored, std::to_string(id));
  }
  // Inserts of one key come in id order, keys without the suffix.
  EXPECT_EQ(Scan("distinct", KeyRange::All(), true), (KVs{{k1, "3"}, {k1, "7"}, {k2, "1"}}));
  // Bounds apply to the key without its suffix.
  EXPECT_EQ(Scan("distinct", ExactRange(k1), true), (KVs{{k1, "3"}, {k1, "7"}}));
  EXPECT_EQ(Scan("distinct", RangeResumingAfter(KeyRange::All(), k1), true), (KVs{{k2, "1"}}));
  EXPECT_EQ(Scan("distinct", KeyRange::HalfOpen(k1, k2), true).size(), 2u);
}

TEST_F(RocksKvIteratorTest, MalformedDistinctKeyIsDataLoss) {
  Put("distinct", "short", "v");
  RocksKvIterator it(db_->db(), db_->Group("distinct"), {.with_distinct_suffix = true});
  it.Seek(KeyRange::All());
  EXPECT_FALSE(it.Valid());
  EXPECT_THAT(it.status(), StatusIs(StatusCode::kDataLoss));
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

}  // namespace
}  // namespace quarry
