#include "bench/common/row_store_runner.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace quarry::bench {
namespace {

// Parses `args` (without the program name) into *options.
std::string Parse(std::vector<std::string> args, RowStoreOptions* options) {
  std::vector<char*> argv = {const_cast<char*>("bench")};
  for (std::string& a : args) argv.push_back(a.data());
  return ParseRowStoreFlags(static_cast<int>(argv.size()), argv.data(), options);
}

TEST(RowStoreFlagsTest, QuickSizeDefaults) {
  RowStoreOptions o;
  EXPECT_EQ(Parse({"--size", "quick"}, &o), "");
  EXPECT_EQ(o.spec.events, 200'000u);
  EXPECT_EQ(o.seeds, 0u);  // 0: each scenario uses QuerySeedCount, as every system.
  EXPECT_EQ(o.batch_events, 5000u);
  EXPECT_TRUE(o.extra.empty());
}

TEST(RowStoreFlagsTest, ExplicitSeedsWinWhicheverComesFirst) {
  RowStoreOptions o;
  EXPECT_EQ(Parse({"--seeds", "50", "--size=full", "--batch=2000"}, &o), "");
  EXPECT_EQ(o.spec.events, 10'000'000u);
  EXPECT_EQ(o.seeds, 50u);
  EXPECT_EQ(o.batch_events, 2000u);
}

TEST(RowStoreFlagsTest, UnknownFlagsGoToExtra) {
  RowStoreOptions o;
  EXPECT_EQ(Parse({"--size", "full", "--db", "/tmp/x.db", "--conninfo=host=a port=1"}, &o), "");
  EXPECT_EQ(o.seeds, 0u);  // 0: each scenario uses QuerySeedCount, as every system.
  EXPECT_EQ(o.extra["db"], "/tmp/x.db");
  EXPECT_EQ(o.extra["conninfo"], "host=a port=1");
}

TEST(RowStoreFlagsTest, PhaseReadsSkipsIngest) {
  RowStoreOptions o;
  EXPECT_EQ(Parse({"--size", "quick"}, &o), "");
  EXPECT_FALSE(o.reads_only);
  EXPECT_EQ(Parse({"--size", "quick", "--phase", "reads"}, &o), "");
  EXPECT_TRUE(o.reads_only);
  EXPECT_TRUE(o.extra.empty());
  EXPECT_NE(Parse({"--size", "quick", "--phase", "write"}, &o).find("write"), std::string::npos);
}

TEST(RowStoreFlagsTest, PassesDefaultToThreeAndMustBePositive) {
  RowStoreOptions o;
  EXPECT_EQ(Parse({"--size", "quick"}, &o), "");
  EXPECT_EQ(o.passes, 3u);
  EXPECT_EQ(Parse({"--size", "quick", "--passes=1"}, &o), "");
  EXPECT_EQ(o.passes, 1u);
  EXPECT_TRUE(o.extra.empty());  // A known flag, not a store-specific one.
  EXPECT_NE(Parse({"--size", "quick", "--passes", "0"}, &o).find("--passes"), std::string::npos);
}

TEST(RowStoreFlagsTest, RejectsBadInput) {
  RowStoreOptions o;
  EXPECT_NE(Parse({"--size", "huge"}, &o).find("huge"), std::string::npos);
  EXPECT_NE(Parse({"--seeds", "10"}, &o).find("--size"), std::string::npos);
  EXPECT_NE(Parse({"--size", "quick", "--batch", "0"}, &o).find("--batch"), std::string::npos);
  EXPECT_NE(Parse({"--size", "quick", "--seeds", "12x"}, &o).find("12x"), std::string::npos);
  EXPECT_NE(Parse({"--size"}, &o).find("needs a value"), std::string::npos);
  EXPECT_NE(Parse({"quick"}, &o).find("unexpected argument"), std::string::npos);
}

}  // namespace
}  // namespace quarry::bench
