// quarry.max.successive.merges (store-rocks/hot_key_options.h): parsed and
// validated by RocksProperties, kept across ToPropertiesText, defaulted
// when absent. Its effect on reads is graph_hot_key_test.cc.
#include "store-rocks/hot_key_options.h"

#include <gtest/gtest.h>

#include "store-rocks/rocks_properties.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

TEST(HotKeyOptions, ParsesAndRoundTripsTheBound) {
  ASSERT_OK_AND_ASSIGN(RocksProperties p,
                       RocksProperties::Parse("quarry.max.successive.merges=4\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(p.generic), 4);
  EXPECT_TRUE(p.unknown_keys().empty());
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(MaxSuccessiveMerges(back.generic), 4);
}

TEST(HotKeyOptions, AnExplicitBoundHoldsFromOpenAndIsNeverAdapted) {
  ASSERT_OK_AND_ASSIGN(RocksProperties four,
                       RocksProperties::Parse("quarry.max.successive.merges=4\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(four.generic), 4);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(four.generic), 0);
  ASSERT_OK_AND_ASSIGN(RocksProperties off,
                       RocksProperties::Parse("quarry.max.successive.merges=0\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(off.generic), 0);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(off.generic), 0);
}

TEST(HotKeyOptions, AbsentMeansAdaptiveOnTheOperandSignalAlone) {
  EXPECT_EQ(MaxSuccessiveMerges(StoreProperties()), 0);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(StoreProperties()), kDefaultMaxSuccessiveMerges);
  EXPECT_FALSE(WatchesShadowedVersions(StoreProperties()));
}

TEST(HotKeyOptions, OnlyAdaptiveWatchesShadowedVersions) {
  for (const char* value : {"0", "4"}) {
    ASSERT_OK_AND_ASSIGN(
        RocksProperties p,
        RocksProperties::Parse(std::string("quarry.max.successive.merges=") + value + "\n", "f"));
    EXPECT_FALSE(WatchesShadowedVersions(p.generic)) << value;
  }
  ASSERT_OK_AND_ASSIGN(RocksProperties adaptive,
                       RocksProperties::Parse("quarry.max.successive.merges=adaptive\n", "f"));
  EXPECT_TRUE(WatchesShadowedVersions(adaptive.generic));
}

TEST(HotKeyOptions, AScanMergeRaisesTheScansFlagFromTheThreshold) {
  NoteScanMerge(1000);  // No scan on this thread: nothing to raise.
  bool hot = false;
  t_scan_hot_key_flag = &hot;
  NoteScanMerge(kHotKeyOperands - 1);
  EXPECT_FALSE(hot);
  NoteScanMerge(kHotKeyOperands);
  EXPECT_TRUE(hot);
  t_scan_hot_key_flag = nullptr;
}

TEST(HotKeyOptions, AdaptiveMeansOffUntilAHotScanThenTheDefaultBound) {
  ASSERT_OK_AND_ASSIGN(RocksProperties p,
                       RocksProperties::Parse("quarry.max.successive.merges=adaptive\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(p.generic), 0);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(p.generic), kDefaultMaxSuccessiveMerges);
  EXPECT_GT(kDefaultMaxSuccessiveMerges, 0);
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(back.generic), kDefaultMaxSuccessiveMerges);
}

TEST(HotKeyOptions, BadValuesAreRefusedNamingTheKey) {
  for (const char* bad : {"-1", "many", "", "4x", "1000001"}) {
    Result<RocksProperties> p =
        RocksProperties::Parse(std::string("quarry.max.successive.merges=") + bad + "\n", "f");
    ASSERT_FALSE(p.ok()) << bad;
    EXPECT_NE(p.status().ToString().find("quarry.max.successive.merges"), std::string::npos)
        << p.status().ToString();
    EXPECT_NE(p.status().ToString().find(std::string("'") + bad + "'"), std::string::npos)
        << p.status().ToString();
  }
}

}  // namespace
}  // namespace quarry
