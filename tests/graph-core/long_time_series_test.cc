// Gaffer's LongTimeSeries: expected values follow Gaffer's LongTimeSeriesTest
// and LongTimeSeriesAggregatorTest (the JSON text is the test's
// shouldJsonSerialiseAndDeserialise), with instants worked out by hand (UTC).
#include "graph-core/long_time_series.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <memory>

#include "graph-core/json_value.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;
using ::testing::Pair;

constexpr int64_t kMinute = 60'000;

TEST(LongTimeSeriesTest, PutReplacesAndUpsertAddsWithinABucket) {
  LongTimeSeries series(TimeBucket::kMinute);
  series.Put(kMinute, 100);
  series.Put(kMinute, 100);
  EXPECT_THAT(series.entries(), ElementsAre(Pair(kMinute, 100)));
  series.Upsert(kMinute + 1, 200);  // The same minute.
  EXPECT_THAT(series.entries(), ElementsAre(Pair(kMinute, 300)));
  series.Put(kMinute + 59'999, 7);
  EXPECT_THAT(series.entries(), ElementsAre(Pair(kMinute, 7)));
}

TEST(LongTimeSeriesTest, InstantsAreBucketStartsInOrder) {
  LongTimeSeries series(TimeBucket::kMinute);
  for (int i = 10; i >= 1; --i) series.Put(kMinute * i + 30'000, 1);
  ASSERT_EQ(series.entries().size(), 10u);
  int64_t expected = kMinute;
  for (const auto& [start, value] : series.entries()) {
    EXPECT_EQ(start, expected);
    expected += kMinute;
  }
  // Weeks start on Monday: 2017-01-08 (a Sunday) is in the week of 01-02.
  LongTimeSeries weekly(TimeBucket::kWeek);
  weekly.Upsert(1483860553000, 1);
  EXPECT_THAT(weekly.entries(), ElementsAre(Pair(1483315200000, 1)));
}

TEST(LongTimeSeriesTest, EqualityNeedsTheSameBucketAndEntries) {
  LongTimeSeries a(TimeBucket::kMinute), b(TimeBucket::kMinute), c(TimeBucket::kMinute);
  for (LongTimeSeries* s : {&a, &b}) {
    s->Upsert(1000, 1000);
    s->Upsert(10000, 10000);
  }
  c.Upsert(1000, 1000);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(a, LongTimeSeries(TimeBucket::kSecond));
  const Value va = Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(a));
  const Value vb = Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(b));
  EXPECT_EQ(va, vb);
  EXPECT_EQ(va.Hash(), vb.Hash());
  EXPECT_EQ(va.type(), ValueType::kLongTimeSeries);
}

TEST(LongTimeSeriesTest, LargeInstantsAndValuesAndJavasWrappingSum) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  LongTimeSeries series(TimeBucket::kSecond);
  series.Upsert(kMax, kMax);
  EXPECT_THAT(series.entries(), ElementsAre(Pair(kMax / 1000 * 1000, kMax)));
  series.Upsert(kMax, 1);  // Java's long addition wraps.
  EXPECT_EQ(series.entries().begin()->second, std::numeric_limits<int64_t>::min());
}

TEST(LongTimeSeriesTest, MergeSumsBucketByBucket) {
  LongTimeSeries a(TimeBucket::kSecond), b(TimeBucket::kSecond), want(TimeBucket::kSecond);
  a.Put(1'000, 100);
  a.Put(10'000, 200);
  b.Put(1'000, 100);
  b.Put(10'000, 200);
  b.Put(100'000, 500);
  want.Put(1'000, 200);
  want.Put(10'000, 400);
  want.Put(100'000, 500);
  ASSERT_OK(a.Merge(b));
  EXPECT_EQ(a, want);
  EXPECT_THAT(a.Merge(LongTimeSeries(TimeBucket::kMinute)),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "different time buckets: a had bucket SECOND, b had bucket "
                                  "MINUTE"));
}

TEST(LongTimeSeriesJsonTest, WritesAndReadsGaffersForm) {
  LongTimeSeries series(TimeBucket::kSecond);
  series.Put(1000, 10);
  series.Put(100000, 1000);
  const Value value = Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(series));
  const std::string json =
      R"({"uk.gov.gchq.gaffer.time.LongTimeSeries":{"timeBucket":"SECOND",)"
      R"("timeSeries":{"1970-01-01T00:00:01Z":10,"1970-01-01T00:01:40Z":1000}}})";
  EXPECT_EQ(ValueToJson(value).dump(), json);
  ASSERT_OK_AND_ASSIGN(Value back, ValueFromJson(Json::parse(json), "p"));
  EXPECT_EQ(back, value);
  EXPECT_EQ(back.ToJavaString(),
            "LongTimeSeries[timeBucket=SECOND,timeSeries={1970-01-01T00:00:01Z=10, "
            "1970-01-01T00:01:40Z=1000}]");
}

TEST(LongTimeSeriesJsonTest, KeysAreTruncatedAndALaterKeyOfABucketWins) {
  ASSERT_OK_AND_ASSIGN(Value v,
                       ValueFromJson(Json::parse(R"({"uk.gov.gchq.gaffer.time.LongTimeSeries":{
          "timeBucket":"MINUTE","timeSeries":{"2017-01-08T07:29:13Z":1,
          "2017-01-08T07:29:59.250Z":2,"2017-01-08T07:30:00.001Z":3}}})"),
                                     "p"));
  EXPECT_THAT(v.AsLongTimeSeries().entries(),
              ElementsAre(Pair(1483860540000, 2), Pair(1483860600000, 3)));
  LongTimeSeries millis(TimeBucket::kMillisecond);
  millis.Put(1483860553250, 4);
  EXPECT_EQ(
      ValueToJson(Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(millis))).dump(),
      R"({"uk.gov.gchq.gaffer.time.LongTimeSeries":{"timeBucket":"MILLISECOND",)"
      R"("timeSeries":{"2017-01-08T07:29:13.250Z":4}}})");
}

TEST(LongTimeSeriesJsonTest, RefusesWhatGafferRefuses) {
  auto read = [](std::string_view payload) {
    return ValueFromJson(
        Json::parse(R"({"uk.gov.gchq.gaffer.time.LongTimeSeries":)" + std::string(payload) + "}"),
        "p");
  };
  EXPECT_THAT(read(R"({"timeSeries":{"1970-01-01T00:00:01Z":10}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeBucket: required"));
  EXPECT_THAT(read(R"({"timeBucket":"FORTNIGHT"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeBucket"));
  EXPECT_THAT(read(R"({"timeBucket":"SECOND","timeSeries":{"yesterday":1}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "ISO-8601 instant"));
  EXPECT_THAT(read(R"({"timeBucket":"SECOND","timeSeries":{"1970-01-01T00:00:01Z":"ten"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "1970-01-01T00:00:01Z"));
  ASSERT_OK_AND_ASSIGN(Value empty, read(R"({"timeBucket":"HOUR"})"));
  EXPECT_TRUE(empty.AsLongTimeSeries().entries().empty());
}

}  // namespace
}  // namespace quarry
