// Gaffer's time library sets. Expected values follow Gaffer's
// RBMBackedTimestampSetTest, BoundedTimestampSetTest, CommonTimeUtilTest and
// the aggregator tests; instants are worked out by hand (UTC).
#include "graph-core/timestamp_set.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;

constexpr int64_t kMinute = 60'000;
constexpr int64_t kDayInMs = 86'400'000;
// 2017-01-08T07:29:13Z and its minute 07:29:00.
constexpr int64_t k20170108T072913 = 1483860553000;
constexpr int64_t k20170108T0729 = 1483860540000;

TimestampSet Rbm(TimeBucket bucket) { return TimestampSet::Rbm(bucket).value(); }

TEST(TimeBucketTest, StartsAndEndsInUtc) {
  // 2017-01-08 was a Sunday: its week began on Monday 2017-01-02.
  EXPECT_EQ(TimeBucketStart(k20170108T072913, TimeBucket::kMinute), k20170108T0729);
  EXPECT_EQ(TimeBucketStart(k20170108T072913, TimeBucket::kWeek), 1483315200000);
  EXPECT_EQ(TimeBucketStart(k20170108T072913, TimeBucket::kMonth), 1483228800000);
  EXPECT_EQ(TimeBucketEnd(k20170108T072913, TimeBucket::kMonth), 1485907200000 - 1);
  EXPECT_EQ(TimeBucketEnd(k20170108T072913, TimeBucket::kYear), 1514764800000 - 1);
  EXPECT_EQ(ParseTimeBucket("HOUR"), TimeBucket::kHour);
  EXPECT_EQ(ParseTimeBucket("hour"), std::nullopt);
  EXPECT_EQ(TimeBucketName(TimeBucket::kYear), "YEAR");
}

TEST(TimestampSetTest, TruncatesToTheBucketAndKeepsEachOnce) {
  TimestampSet set = Rbm(TimeBucket::kMinute);
  ASSERT_OK(set.Add(k20170108T072913));
  ASSERT_OK(set.Add(k20170108T0729 + 59'999));  // The same minute.
  ASSERT_OK(set.Add(k20170108T0729 - kMinute));
  EXPECT_THAT(set.timestamps(), ElementsAre(k20170108T0729 - kMinute, k20170108T0729));
  EXPECT_EQ(set.ToJavaString(),
            "RBMBackedTimestampSet[timeBucket=MINUTE,timestamps=2017-01-08T07:28:00Z,"
            "2017-01-08T07:29:00Z]");
}

// RBMBackedTimestampSet: MILLISECOND is refused, and so are instants
// outside 0 .. Integer.MAX_VALUE seconds.
TEST(TimestampSetTest, RefusesWhatTheBitmapCannotHold) {
  EXPECT_THAT(TimestampSet::Rbm(TimeBucket::kMillisecond),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "MILLISECOND is not supported"));
  TimestampSet set = Rbm(TimeBucket::kSecond);
  EXPECT_THAT(set.Add(-1), StatusIsWithMessage(StatusCode::kInvalidArgument, "Invalid instant"));
  EXPECT_THAT(
      set.Add(2147483648000),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "Invalid instant of 2038-01-19T03:14:08Z"));
  EXPECT_OK(set.Add(2147483647000));
  EXPECT_THAT(TimestampSet::Bounded(TimeBucket::kDay, 0),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "strictly positive"));
}

// RBMBackedTimestampSetAggregatorTest: the union; different buckets fail.
TEST(TimestampSetTest, MergeIsTheUnionOfOneBucket) {
  TimestampSet a = Rbm(TimeBucket::kSecond), b = Rbm(TimeBucket::kSecond);
  ASSERT_OK(a.Add(1000));
  ASSERT_OK(a.Add(1'000'000));
  ASSERT_OK(b.Add(1000));
  ASSERT_OK(b.Add(1'000'000'000));
  ASSERT_OK(a.Merge(b));
  EXPECT_THAT(a.timestamps(), ElementsAre(1000, 1'000'000, 1'000'000'000));
  EXPECT_THAT(a.Merge(Rbm(TimeBucket::kMinute)),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "a has SECOND, b has MINUTE"));
}

// BoundedTimestampSetTest: NOT_FULL holds every timestamp up to maxSize;
// one more switches it to SAMPLE, holding exactly maxSize of them.
TEST(TimestampSetTest, BoundedSetSamplesOnceOverItsSize) {
  TimestampSet set = TimestampSet::Bounded(TimeBucket::kDay, 10).value();
  for (int64_t d = 0; d < 10; ++d) ASSERT_OK(set.Add(d * kDayInMs + 5));
  EXPECT_FALSE(set.sampled());
  EXPECT_EQ(set.timestamps().size(), 10u);
  ASSERT_OK(set.Add(10 * kDayInMs));
  EXPECT_TRUE(set.sampled());
  EXPECT_EQ(set.timestamps().size(), 10u);
  EXPECT_THAT(set.ToJavaString(),
              ::testing::StartsWith("BoundedTimestampSet[timeBucket=DAY,state=SAMPLE,maxSize=10,"));
  // The sample does not depend on the order sets are merged in.
  TimestampSet x = TimestampSet::Bounded(TimeBucket::kDay, 5).value();
  TimestampSet y = x;
  for (int64_t d = 0; d < 8; ++d) ASSERT_OK((d % 2 ? x : y).Add(d * kDayInMs));
  TimestampSet xy = x, yx = y;
  ASSERT_OK(xy.Merge(y));
  ASSERT_OK(yx.Merge(x));
  EXPECT_EQ(xy, yx);
  EXPECT_EQ(xy.timestamps().size(), 5u);
  EXPECT_THAT(x.Merge(TimestampSet::Bounded(TimeBucket::kDay, 6).value()),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "same maximum size"));
}

// RBMBackedTimestampSetInRangeTest's set: 0, 5 and 10 seconds.
TEST(TimestampSetTest, MaskKeepsTheBucketsInRangeInclusive) {
  auto masked = [](std::optional<int64_t> start, std::optional<int64_t> end) {
    TimestampSet set = Rbm(TimeBucket::kSecond);
    for (int64_t s : {0, 5, 10}) EXPECT_OK(set.Add(s * 1000));
    EXPECT_OK(set.Mask(start, end));
    return set.timestamps();
  };
  EXPECT_THAT(masked(std::nullopt, std::nullopt), ElementsAre(0, 5000, 10000));
  EXPECT_THAT(masked(4000, 2'000'000), ElementsAre(5000, 10000));
  EXPECT_THAT(masked(std::nullopt, 0), ElementsAre(0));
  EXPECT_THAT(masked(5000, std::nullopt), ElementsAre(5000, 10000));
  EXPECT_THAT(masked(std::nullopt, -20'000), ElementsAre());
  // A negative start reads as unsigned in Gaffer's bitmap: nothing is kept.
  EXPECT_THAT(masked(-5000, 5000), ElementsAre());
  // MaskedRange names the same run without changing the set.
  TimestampSet three = Rbm(TimeBucket::kSecond);
  for (int64_t sec : {0, 5, 10}) ASSERT_OK(three.Add(sec * 1000));
  ASSERT_OK_AND_ASSIGN(auto kept, three.MaskedRange(4000, 2'000'000));
  EXPECT_EQ(kept, (std::pair<size_t, size_t>(1, 3)));
  ASSERT_OK_AND_ASSIGN(auto none, three.MaskedRange(-5000, 5000));
  EXPECT_EQ(none.first, none.second);
  EXPECT_EQ(three.timestamps().size(), 3u);
  TimestampSet set = Rbm(TimeBucket::kSecond);
  ASSERT_OK(set.Add(0));
  EXPECT_THAT(set.Mask(10, 5), StatusIsWithMessage(StatusCode::kInvalidArgument,
                                                   "start time should not be chronologically"));
  EXPECT_THAT(set.Mask(0, INT64_MAX), StatusIsWithMessage(StatusCode::kInvalidArgument,
                                                          "Failed to convert end time to SECOND"));
}

TEST(TimestampSetTest, ParsesInstants) {
  EXPECT_EQ(ParseInstant("2017-01-08T07:29:13Z"), k20170108T072913);
  EXPECT_EQ(ParseInstant("2017-01-08T07:29:13.5Z"), k20170108T072913 + 500);
  EXPECT_EQ(ParseInstant("2017-01-08T07:29:13.123456789Z"), k20170108T072913 + 123);
  EXPECT_EQ(ParseInstant("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(ParseInstant("2017-01-08 07:29:13Z"), std::nullopt);
  EXPECT_EQ(ParseInstant("2017-01-08T07:29:13"), std::nullopt);
  EXPECT_EQ(ParseInstant("2017-13-08T07:29:13Z"), std::nullopt);
}

}  // namespace
}  // namespace quarry
