// RBMBackedTimestampSetSerialiser and BoundedTimestampSetSerialiser: a set
// reads back as itself (bucket, size, state and timestamps), in Quarry's
// own format (timestamp_set_serialisers.h), and corrupt bytes are DataLoss.
// DeltaLongTimeSeriesSerialiser likewise, after DeltaLongTimeSeriesSerialiserTest.
#include "schema/serialisers/timestamp_set_serialisers.h"

#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <string>

#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;

Value SetOf(TimestampSet set, std::initializer_list<int64_t> times) {
  for (int64_t t : times) EXPECT_OK(set.Add(t));
  return Value::TimestampSet(std::make_shared<const TimestampSet>(std::move(set)));
}

TEST(TimestampSetSerialiserTest, RbmRoundTrips) {
  RbmBackedTimestampSetSerialiser s;
  Value set = SetOf(TimestampSet::Rbm(TimeBucket::kMinute).value(),
                    {1483860553000, 1484736119000, 1514133600000});
  std::string bytes = SerialiseOrDie(s, set);
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(bytes));
  EXPECT_EQ(back, set);
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
  EXPECT_FALSE(s.CanHandle(ValueType::kBoundedTimestampSet));
}

TEST(TimestampSetSerialiserTest, BoundedKeepsSizeAndState) {
  BoundedTimestampSetSerialiser s;
  TimestampSet bounded = TimestampSet::Bounded(TimeBucket::kDay, 2).value();
  Value sampled = SetOf(bounded, {0, 86'400'000, 2 * 86'400'000});
  ASSERT_TRUE(sampled.AsTimestampSet().sampled());
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(SerialiseOrDie(s, sampled)));
  EXPECT_EQ(back, sampled);
  EXPECT_EQ(back.AsTimestampSet().max_size(), 2);
  Value not_full = SetOf(bounded, {5});
  ASSERT_OK_AND_ASSIGN(Value back2, s.Deserialise(SerialiseOrDie(s, not_full)));
  EXPECT_EQ(back2, not_full);
}

TEST(TimestampSetSerialiserTest, CorruptBytesAreDataLoss) {
  RbmBackedTimestampSetSerialiser s;
  std::string bytes =
      SerialiseOrDie(s, SetOf(TimestampSet::Rbm(TimeBucket::kSecond).value(), {1000, 2000}));
  EXPECT_THAT(s.Deserialise(bytes.substr(0, bytes.size() - 1)), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(bytes + "x"), StatusIs(StatusCode::kDataLoss));
  std::string bad_bucket = bytes;
  bad_bucket[1] = 42;
  EXPECT_THAT(s.Deserialise(bad_bucket), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise("\x09"), StatusIs(StatusCode::kDataLoss));
}

Value SeriesOf(LongTimeSeries series) {
  return Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(std::move(series)));
}

TEST(DeltaLongTimeSeriesSerialiserTest, EveryBucketRoundTrips) {
  DeltaLongTimeSeriesSerialiser s;
  for (int b = 0; b <= static_cast<int>(TimeBucket::kYear); ++b) {
    LongTimeSeries series(static_cast<TimeBucket>(b));
    series.Upsert(1483860553250, 1);
    series.Upsert(1483860553250 + 86'400'000LL * 400, -5);
    series.Upsert(-86'400'000LL * 800, 1LL << 40);  // Before 1970.
    const Value value = SeriesOf(series);
    ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(SerialiseOrDie(s, value)));
    EXPECT_EQ(back, value) << "bucket " << b;
  }
  ASSERT_OK_AND_ASSIGN(
      Value empty, s.Deserialise(SerialiseOrDie(s, SeriesOf(LongTimeSeries(TimeBucket::kSecond)))));
  EXPECT_TRUE(empty.AsLongTimeSeries().entries().empty());
  ASSERT_OK_AND_ASSIGN(Value null, s.Deserialise(""));
  EXPECT_TRUE(null.is_null());
  EXPECT_TRUE(s.IsConsistent());
  EXPECT_FALSE(s.PreservesOrder());
}

TEST(DeltaLongTimeSeriesSerialiserTest, ExtremeInstantsAndValues) {
  DeltaLongTimeSeriesSerialiser s;
  LongTimeSeries series(TimeBucket::kMillisecond);
  series.Put(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
  series.Put(std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min());
  const Value value = SeriesOf(series);
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(SerialiseOrDie(s, value)));
  EXPECT_EQ(back, value);
}

TEST(DeltaLongTimeSeriesSerialiserTest, OneSeriesHasOneEncoding) {
  DeltaLongTimeSeriesSerialiser s;
  LongTimeSeries ten(TimeBucket::kSecond), five_and_five(TimeBucket::kSecond);
  ten.Upsert(1000, 10);
  five_and_five.Upsert(1000, 5);
  five_and_five.Upsert(1000, 5);
  EXPECT_EQ(SerialiseOrDie(s, SeriesOf(ten)), SerialiseOrDie(s, SeriesOf(five_and_five)));
}

TEST(DeltaLongTimeSeriesSerialiserTest, CorruptBytesAreDataLoss) {
  DeltaLongTimeSeriesSerialiser s;
  LongTimeSeries series(TimeBucket::kMinute);
  series.Put(60'000, 1);
  series.Put(120'000, 2);
  const std::string good = SerialiseOrDie(s, SeriesOf(series));
  for (size_t cut = 1; cut < good.size(); ++cut) {
    EXPECT_THAT(s.Deserialise(good.substr(0, cut)), StatusIs(StatusCode::kDataLoss)) << cut;
  }
  EXPECT_THAT(s.Deserialise(good + "x"), StatusIs(StatusCode::kDataLoss));
  std::string bad_bucket = good;
  bad_bucket[1] = 9;
  EXPECT_THAT(s.Deserialise(bad_bucket), StatusIs(StatusCode::kDataLoss));
  // An instant that is not its minute's start.
  LongTimeSeries millis(TimeBucket::kMillisecond);
  millis.Put(60'001, 1);
  std::string off_bucket = SerialiseOrDie(s, SeriesOf(millis));
  off_bucket[1] = static_cast<char>(TimeBucket::kMinute);
  EXPECT_THAT(s.Deserialise(off_bucket), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry
