#include "bench/common/args.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

namespace quarry::bench {
namespace {

bool Parse(std::vector<const char*> argv, BenchArgs* args) {
  argv.insert(argv.begin(), "bench");
  return ParseBenchArgs(static_cast<int>(argv.size()), const_cast<char**>(argv.data()), args);
}

TEST(BenchArgsTest, FlagsOverrideTheEnvironment) {
  ::setenv("BENCH_SIZE", "quick", 1);
  ::setenv("BENCH_WORK", "/tmp/from-env", 1);
  BenchArgs args;
  ASSERT_TRUE(Parse({"--size", "full", "--work", "/tmp/w", "--repo", "/r"}, &args));
  EXPECT_EQ(args.size, "full");
  EXPECT_EQ(args.spec.events, 10'000'000u);
  EXPECT_EQ(args.work, "/tmp/w");
  EXPECT_EQ(args.repo, "/r");
}

TEST(BenchArgsTest, EnvironmentIsTheDefault) {
  ::setenv("BENCH_SIZE", "full", 1);
  ::setenv("BENCH_WORK", "/tmp/from-env", 1);
  ::setenv("BENCH_REPO", "/repo", 1);
  BenchArgs args;
  ASSERT_TRUE(Parse({}, &args));
  EXPECT_EQ(args.size, "full");
  EXPECT_EQ(args.spec.distinct_edges, 2'000'000u);
  EXPECT_EQ(args.work, "/tmp/from-env");
  EXPECT_EQ(args.repo, "/repo");
  ::unsetenv("BENCH_SIZE");
  ::unsetenv("BENCH_WORK");
  ::unsetenv("BENCH_REPO");
}

TEST(BenchArgsTest, OnlySelectsScenariosByPrefix) {
  BenchArgs args;
  ASSERT_TRUE(Parse({"--only", "1hop-hub"}, &args));
  EXPECT_TRUE(args.Wants("1hop-hub-single"));
  EXPECT_TRUE(args.Wants("1hop-"));  // The family holding it.
  EXPECT_FALSE(args.Wants("1hop-uniform-single"));
  EXPECT_FALSE(args.Wants("full-scan"));
  BenchArgs all;
  ASSERT_TRUE(Parse({}, &all));
  EXPECT_TRUE(all.Wants("full-scan"));
}

TEST(BenchArgsTest, OnlyTakesACommaSeparatedListOfPrefixes) {
  BenchArgs args;
  ASSERT_TRUE(Parse({"--only", "1hop-hub,full-scan"}, &args));
  EXPECT_TRUE(args.Wants("1hop-hub-batch100"));
  EXPECT_TRUE(args.Wants("full-scan"));
  EXPECT_FALSE(args.Wants("1hop-uniform-single"));
  EXPECT_FALSE(args.Wants("age-off-compaction"));
  EXPECT_FALSE(args.Wants("bulk-import"));
}

TEST(BenchArgsTest, PhaseReadsReusesTheData) {
  BenchArgs args;
  ASSERT_TRUE(Parse({}, &args));
  EXPECT_FALSE(args.reads_only);
  ASSERT_TRUE(Parse({"--phase", "reads"}, &args));
  EXPECT_TRUE(args.reads_only);
  ASSERT_TRUE(Parse({"--phase", "all"}, &args));
  EXPECT_FALSE(args.reads_only);
  EXPECT_FALSE(Parse({"--phase", "writes"}, &args));
}

TEST(BenchArgsTest, PassesDefaultToThreeAndMustBePositive) {
  BenchArgs args;
  ASSERT_TRUE(Parse({}, &args));
  EXPECT_EQ(args.passes, 3u);
  ASSERT_TRUE(Parse({"--passes", "5"}, &args));
  EXPECT_EQ(args.passes, 5u);
  EXPECT_FALSE(Parse({"--passes", "0"}, &args));
  EXPECT_FALSE(Parse({"--passes", "2x"}, &args));
  EXPECT_FALSE(Parse({"--passes", ""}, &args));
}

TEST(BenchArgsTest, RejectsUnknownSizesAndFlags) {
  BenchArgs args;
  EXPECT_FALSE(Parse({"--size", "huge"}, &args));
  EXPECT_FALSE(Parse({"--speed", "fast"}, &args));
  EXPECT_FALSE(Parse({"--size"}, &args));
}

TEST(BenchArgsTest, TenThousandUniformSeedsAndFewerHubSeeds) {
  EXPECT_EQ(QuerySeedCount(DatasetSpec::Quick(), /*hub_heavy=*/false), 10'000u);
  EXPECT_EQ(QuerySeedCount(DatasetSpec::Full(), /*hub_heavy=*/false), 10'000u);
  EXPECT_EQ(QuerySeedCount(DatasetSpec::Quick(), /*hub_heavy=*/true), 200u);
  EXPECT_EQ(QuerySeedCount(DatasetSpec::Full(), /*hub_heavy=*/true), 200u);
}

}  // namespace
}  // namespace quarry::bench
