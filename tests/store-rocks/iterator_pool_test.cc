#include "store-rocks/iterator_pool.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "store-rocks/prefix_extractor.h"
#include "store-rocks/rocks_instance.h"
#include "store-rocks/rocks_kv_iterator.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;

std::unique_ptr<PooledRocksIterator> Entry(rocksdb::ColumnFamilyHandle* cf, uint64_t sequence,
                                           bool prefix_seek = true, bool bounded = true) {
  auto entry = std::make_unique<PooledRocksIterator>();
  entry->cf = cf;
  entry->sequence = sequence;
  entry->prefix_seek = prefix_seek;
  entry->bounded = bounded;
  return entry;
}

TEST(RocksIteratorPoolTest, TakesOnlyAnExactMatchAndDropsWhatCanNeverMatch) {
  RocksIteratorPool pool;
  auto* cf_a = reinterpret_cast<rocksdb::ColumnFamilyHandle*>(0x10);
  auto* cf_b = reinterpret_cast<rocksdb::ColumnFamilyHandle*>(0x20);
  EXPECT_EQ(pool.Take(cf_a, 5, true, true), nullptr);
  pool.Give(Entry(cf_a, 5));
  pool.Give(Entry(cf_b, 5));
  pool.Give(Entry(cf_a, 7, /*prefix_seek=*/false));
  EXPECT_EQ(pool.Take(cf_a, 5, /*prefix_seek=*/false, true), nullptr);  // Other read options.
  EXPECT_EQ(pool.Take(cf_a, 5, true, /*bounded=*/false), nullptr);
  EXPECT_EQ(pool.idle_for_testing(), 3u);
  std::unique_ptr<PooledRocksIterator> got = pool.Take(cf_b, 5, true, true);
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(got->cf, cf_b);
  EXPECT_EQ(pool.idle_for_testing(), 2u);
  // A snapshot at 7: the entry at 5 can never match again and is dropped.
  got = pool.Take(cf_a, 7, false, true);
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(got->sequence, 7u);
  EXPECT_EQ(pool.idle_for_testing(), 0u);
}

// An iterator in use when a flush or compaction completed still reads the
// replaced memtables and files: it is not kept when its scan ends.
TEST(RocksIteratorPoolTest, DropsAnIteratorOpenedBeforeAClear) {
  RocksIteratorPool pool;
  auto* cf = reinterpret_cast<rocksdb::ColumnFamilyHandle*>(0x10);
  auto before = Entry(cf, 5);
  before->generation = pool.generation();
  pool.Clear();
  pool.Give(std::move(before));
  EXPECT_EQ(pool.idle_for_testing(), 0u);
  auto after = Entry(cf, 5);
  after->generation = pool.generation();
  pool.Give(std::move(after));
  EXPECT_EQ(pool.idle_for_testing(), 1u);
}

TEST(RocksIteratorPoolTest, KeepsAtMostItsCapacityAndClears) {
  RocksIteratorPool pool;
  auto* cf = reinterpret_cast<rocksdb::ColumnFamilyHandle*>(0x10);
  for (uint64_t i = 0; i <= RocksIteratorPool::kCapacity; ++i) pool.Give(Entry(cf, 100 + i));
  EXPECT_EQ(pool.idle_for_testing(), RocksIteratorPool::kCapacity);
  EXPECT_EQ(pool.Take(cf, 100, true, true), nullptr);  // The oldest went first.
  pool.Clear();
  EXPECT_EQ(pool.idle_for_testing(), 0u);
}

// Through a graph: a one-seed query leaves its iterators for the next query
// at the same state, never serves a later state from them, and a
// compaction empties the pool.
class IteratorPoolGraphTest : public testing::GraphTest {
 protected:
  size_t Idle() { return testing::Rocks(*graph_).instance(0).iterator_pool()->idle_for_testing(); }
  int64_t CountOf(const std::string& vertex) {
    std::vector<ElementId> seeds{EntitySeed{Value::String(vertex)}};
    std::vector<Element> got = testing::Drain(graph_->GetElements(seeds, QueryOptions()));
    for (const Element& e : got) {
      if (e.group() == "Count") return e.properties().Get("count").AsInt64();
    }
    return -1;
  }
};

TEST_F(IteratorPoolGraphTest, QueriesReuseIteratorsOnlyAtTheSameState) {
  Create(testing::StoreTestSchema());
  Add({testing::CountEntity("v1", 1), testing::LinkEdge("v1", "v2", true, 3)});
  EXPECT_EQ(Idle(), 0u);
  EXPECT_EQ(CountOf("v1"), 1);
  const size_t after_first = Idle();
  EXPECT_GT(after_first, 0u);  // One per column family read.
  EXPECT_EQ(CountOf("v1"), 1);
  EXPECT_EQ(Idle(), after_first);  // Taken and given back, not opened anew.
  Add({testing::CountEntity("v1", 1)});
  EXPECT_EQ(CountOf("v1"), 2);     // The kept iterators saw the old state.
  EXPECT_EQ(Idle(), after_first);  // The old ones were dropped.
  ASSERT_OK(graph_->Compact());
  EXPECT_EQ(Idle(), 0u);
  EXPECT_EQ(CountOf("v1"), 2);
}

// One snapshot serves every query between two writes while something holds
// it, and the pool itself never keeps one alive.
TEST_F(IteratorPoolGraphTest, LatestSnapshotIsReusedOnlyWhileHeldAndUnchanged) {
  Create(testing::StoreTestSchema());
  Add({testing::CountEntity("v1", 1)});
  RocksInstance& instance = testing::Rocks(*graph_).instance(0);
  RocksIteratorPool* pool = instance.iterator_pool();
  rocksdb::DB* db = instance.db();
  auto live = [&] {
    uint64_t n = 0;
    EXPECT_TRUE(db->GetIntProperty("rocksdb.num-snapshots", &n));
    return n;
  };
  std::shared_ptr<rocksdb::ManagedSnapshot> first = pool->LatestSnapshot(db);
  EXPECT_EQ(first->snapshot()->GetSequenceNumber(), db->GetLatestSequenceNumber());
  EXPECT_EQ(pool->LatestSnapshot(db), first);  // Held and unchanged: the same one.
  EXPECT_EQ(live(), 1u);
  Add({testing::CountEntity("v1", 1)});
  std::shared_ptr<rocksdb::ManagedSnapshot> second = pool->LatestSnapshot(db);
  EXPECT_NE(second, first);  // A write moved the sequence number on.
  EXPECT_GT(second->snapshot()->GetSequenceNumber(), first->snapshot()->GetSequenceNumber());
  EXPECT_EQ(live(), 2u);
  first.reset();
  second.reset();
  EXPECT_EQ(live(), 0u);  // Nothing holds them: the pool kept none.
  EXPECT_EQ(CountOf("v1"), 2);
}

// A kept iterator holds only its own instance's snapshot: a query that read
// one instance of a two-instance graph must leave none on the other, where
// it would hold back compaction (and the validators' age-off) for as long
// as the iterator stays kept.
TEST_F(IteratorPoolGraphTest, AKeptIteratorHoldsNoOtherInstancesSnapshot) {
  StoreProperties props;
  props.raw["quarry.data.dirs"] = testing::CommaList({dir_.string(), dir_.string() + "/b"});
  Create(testing::StoreTestSchema(), props);
  ASSERT_OK(graph_->SetSplitPoints({"m"}));
  Add({testing::CountEntity("a1", 1), testing::CountEntity("z1", 4)});
  internal::RocksGraph& rocks = testing::Rocks(*graph_);
  ASSERT_EQ(rocks.instance_count(), 2u);
  auto snapshots = [&] {
    uint64_t total = 0;
    for (size_t i = 0; i < rocks.instance_count(); ++i) {
      uint64_t n = 0;
      EXPECT_TRUE(rocks.instance(i).db()->GetIntProperty("rocksdb.num-snapshots", &n));
      total += n;
    }
    return total;
  };
  EXPECT_EQ(snapshots(), 0u);
  EXPECT_EQ(CountOf("z1"), 4);
  size_t kept = 0;
  for (size_t i = 0; i < rocks.instance_count(); ++i) {
    kept += rocks.instance(i).iterator_pool()->idle_for_testing();
  }
  EXPECT_GT(kept, 0u);
  EXPECT_EQ(snapshots(), 1u);  // The queried instance's, held by its kept iterators.
}

}  // namespace
}  // namespace quarry
