// quarry.max.successive.merges (store-rocks/hot_key_options.h): parsed and
// validated by StoreProperties, kept across ToPropertiesText, defaulted
// when absent. Its effect on reads is graph_hot_key_test.cc.
#include "store-rocks/hot_key_options.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

TEST(HotKeyOptions, ParsesAndRoundTripsTheBound) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.max.successive.merges=4\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(p), 4);
  EXPECT_TRUE(p.unknown_keys().empty());
  ASSERT_OK_AND_ASSIGN(StoreProperties back, StoreProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(MaxSuccessiveMerges(back), 4);
}

TEST(HotKeyOptions, AnExplicitBoundHoldsFromOpenAndIsNeverAdapted) {
  ASSERT_OK_AND_ASSIGN(StoreProperties four,
                       StoreProperties::Parse("quarry.max.successive.merges=4\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(four), 4);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(four), 0);
  ASSERT_OK_AND_ASSIGN(StoreProperties off,
                       StoreProperties::Parse("quarry.max.successive.merges=0\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(off), 0);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(off), 0);
}

TEST(HotKeyOptions, AbsentMeansNeverFolding) {
  EXPECT_EQ(MaxSuccessiveMerges(StoreProperties()), 0);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(StoreProperties()), 0);
}

TEST(HotKeyOptions, AdaptiveMeansOffUntilAHotScanThenTheDefaultBound) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.max.successive.merges=adaptive\n", "f"));
  EXPECT_EQ(MaxSuccessiveMerges(p), 0);
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(p), kDefaultMaxSuccessiveMerges);
  EXPECT_GT(kDefaultMaxSuccessiveMerges, 0);
  ASSERT_OK_AND_ASSIGN(StoreProperties back, StoreProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(AdaptiveMaxSuccessiveMerges(back), kDefaultMaxSuccessiveMerges);
}

TEST(HotKeyOptions, BadValuesAreRefusedNamingTheKey) {
  for (const char* bad : {"-1", "many", "", "4x", "1000001"}) {
    Result<StoreProperties> p =
        StoreProperties::Parse(std::string("quarry.max.successive.merges=") + bad + "\n", "f");
    ASSERT_FALSE(p.ok()) << bad;
    EXPECT_NE(p.status().ToString().find("quarry.max.successive.merges"), std::string::npos)
        << p.status().ToString();
    EXPECT_NE(p.status().ToString().find(std::string("'") + bad + "'"), std::string::npos)
        << p.status().ToString();
  }
}

}  // namespace
}  // namespace quarry
