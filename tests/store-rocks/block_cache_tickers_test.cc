#include "store-rocks/block_cache_tickers.h"

#include <gtest/gtest.h>

#include <map>
#include <thread>
#include <vector>

#include "store-rocks/engine_stats.h"
#include "tests/store-rocks/graph_test_util.h"

namespace quarry {
namespace {

TEST(BlockCacheTickersTest, CountsHitsAndMissesAndIgnoresEveryOtherTicker) {
  BlockCacheTickers tickers;
  tickers.recordTick(rocksdb::BLOCK_CACHE_HIT, 3);
  tickers.recordTick(rocksdb::BLOCK_CACHE_HIT, 1);
  tickers.recordTick(rocksdb::BLOCK_CACHE_MISS, 2);
  tickers.recordTick(rocksdb::BLOCK_CACHE_DATA_HIT, 7);
  tickers.recordTick(rocksdb::NUMBER_DB_SEEK, 5);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_HIT), 4u);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_MISS), 2u);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_DATA_HIT), 0u);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::NUMBER_DB_SEEK), 0u);
  std::map<std::string, uint64_t> map;
  ASSERT_TRUE(tickers.getTickerMap(&map));
  EXPECT_EQ(map, (std::map<std::string, uint64_t>{{"rocksdb.block.cache.hit", 4},
                                                  {"rocksdb.block.cache.miss", 2}}));
}

TEST(BlockCacheTickersTest, AddsFromManyThreadsExactly) {
  BlockCacheTickers tickers;
  constexpr int kThreads = 8;
  constexpr int kEach = 20000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&tickers] {
      for (int i = 0; i < kEach; ++i) {
        tickers.recordTick(rocksdb::BLOCK_CACHE_HIT, 1);
        tickers.recordTick(rocksdb::BLOCK_CACHE_MISS, 2);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_HIT), uint64_t{kThreads} * kEach);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_MISS), uint64_t{kThreads} * kEach * 2);
}

TEST(BlockCacheTickersTest, SetResetAndTakeCounts) {
  BlockCacheTickers tickers;
  tickers.recordTick(rocksdb::BLOCK_CACHE_HIT, 9);
  tickers.setTickerCount(rocksdb::BLOCK_CACHE_HIT, 4);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_HIT), 4u);
  tickers.recordTick(rocksdb::BLOCK_CACHE_MISS, 6);
  EXPECT_EQ(tickers.getAndResetTickerCount(rocksdb::BLOCK_CACHE_MISS), 6u);
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_MISS), 0u);
  ASSERT_TRUE(tickers.Reset().ok());
  EXPECT_EQ(tickers.getTickerCount(rocksdb::BLOCK_CACHE_HIT), 0u);
  EXPECT_FALSE(tickers.HistEnabledForType(rocksdb::DB_GET));
}

// A graph's engine stats come from these tickers: reading compacted data
// after a reopen misses the cold cache first, then hits it.
class BlockCacheTickersGraphTest : public testing::GraphTest {};

TEST_F(BlockCacheTickersGraphTest, AGraphsEngineStatsCountItsReads) {
  Create(testing::StoreTestSchema());
  Add(testing::RandomStoreElements(/*seed=*/7, /*count=*/2000, /*vertices=*/200));
  ASSERT_TRUE(graph_->Compact().ok());
  Reopen();
  Result<EngineStats> before = ReadEngineStats(*graph_);
  ASSERT_TRUE(before.ok()) << before.status().ToString();
  ASSERT_FALSE(testing::Drain(graph_->GetAllElements(QueryOptions())).empty());
  Result<EngineStats> cold = ReadEngineStats(*graph_);
  ASSERT_TRUE(cold.ok());
  EXPECT_GT(cold->block_cache_misses, before->block_cache_misses);
  ASSERT_FALSE(testing::Drain(graph_->GetAllElements(QueryOptions())).empty());
  Result<EngineStats> warm = ReadEngineStats(*graph_);
  ASSERT_TRUE(warm.ok());
  EXPECT_GT(warm->block_cache_hits, cold->block_cache_hits);
}

}  // namespace
}  // namespace quarry
