// RBMBackedTimestampSetAggregator and BoundedTimestampSetAggregator
// (Gaffer's aggregator tests): the union of the sets, refusing different
// buckets; the bounded one samples once over its maximum size. And
// LongTimeSeriesAggregator (LongTimeSeriesAggregatorTest): the sum per bucket.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/json_value.h"
#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"
#include "tests/graph-core/operators/operator_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Fold;
using ::quarry::testing::ParseOp;
using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;

Value Set(std::string_view cls, std::string_view fields) {
  Result<Value> v = ValueFromJson(Json::parse("{\"uk.gov.gchq.gaffer.time." + std::string(cls) +
                                              "\": {" + std::string(fields) + "}}"),
                                  "v");
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  return v.ok() ? *v : Value();
}

TEST(TimestampSetAggregatorTest, RbmUnion) {
  auto op = ParseOp(R"({"class": "RBMBackedTimestampSetAggregator"})");
  ASSERT_NE(op, nullptr);
  Value a = Set("RBMBackedTimestampSet", R"("timeBucket": "SECOND", "timestamps": [1, 1000])");
  Value b = Set("RBMBackedTimestampSet", R"("timeBucket": "SECOND", "timestamps": [1, 1000000])");
  ASSERT_OK_AND_ASSIGN(Value folded, Fold(*op, {a, b}));
  EXPECT_THAT(folded.AsTimestampSet().timestamps(), ElementsAre(1000, 1000000, 1000000000));
  // The inputs are not changed (Values share their sets).
  EXPECT_EQ(a.AsTimestampSet().timestamps().size(), 2u);
  Value minute = Set("RBMBackedTimestampSet", R"("timeBucket": "MINUTE", "timestamps": [60])");
  EXPECT_THAT(Fold(*op, {a, minute}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "same time bucket"));
  EXPECT_EQ(op->ToJson()["class"],
            "uk.gov.gchq.gaffer.time.binaryoperator.RBMBackedTimestampSetAggregator");
}

TEST(TimestampSetAggregatorTest, BoundedSamplesOverItsSize) {
  auto op = ParseOp(
      R"({"class": "uk.gov.gchq.gaffer.time.binaryoperator.BoundedTimestampSetAggregator"})");
  ASSERT_NE(op, nullptr);
  Value a =
      Set("BoundedTimestampSet", R"("timeBucket": "SECOND", "maxSize": 3, "timestamps": [1, 2])");
  Value b =
      Set("BoundedTimestampSet", R"("timeBucket": "SECOND", "maxSize": 3, "timestamps": [3])");
  ASSERT_OK_AND_ASSIGN(Value three, Fold(*op, {a, b}));
  EXPECT_FALSE(three.AsTimestampSet().sampled());
  EXPECT_THAT(three.AsTimestampSet().timestamps(), ElementsAre(1000, 2000, 3000));
  Value c =
      Set("BoundedTimestampSet", R"("timeBucket": "SECOND", "maxSize": 3, "timestamps": [4])");
  ASSERT_OK_AND_ASSIGN(Value four, Fold(*op, {three, c}));
  EXPECT_TRUE(four.AsTimestampSet().sampled());
  EXPECT_EQ(four.AsTimestampSet().timestamps().size(), 3u);
  Value other = Set("BoundedTimestampSet", R"("timeBucket": "SECOND", "maxSize": 4)");
  EXPECT_THAT(Fold(*op, {a, other}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "same maximum size"));
}

TEST(LongTimeSeriesAggregatorTest, SumsEachBucketAndRefusesOtherBuckets) {
  auto op =
      ParseOp(R"({"class": "uk.gov.gchq.gaffer.time.binaryoperator.LongTimeSeriesAggregator"})");
  ASSERT_NE(op, nullptr);
  Value a = Set("LongTimeSeries", R"("timeBucket": "SECOND", "timeSeries": {
      "1970-01-01T00:00:01Z": 100, "1970-01-01T00:00:10Z": 200})");
  Value b = Set("LongTimeSeries", R"("timeBucket": "SECOND", "timeSeries": {
      "1970-01-01T00:00:01Z": 100, "1970-01-01T00:00:10Z": 200, "1970-01-01T00:01:40Z": 500})");
  ASSERT_OK_AND_ASSIGN(Value sum, Fold(*op, {a, b}));
  EXPECT_THAT(sum.AsLongTimeSeries().entries(),
              ElementsAre(::testing::Pair(1'000, 200), ::testing::Pair(10'000, 400),
                          ::testing::Pair(100'000, 500)));
  // The inputs are not changed (Values share their series).
  EXPECT_EQ(a.AsLongTimeSeries().entries().size(), 2u);
  Value minute = Set("LongTimeSeries", R"("timeBucket": "MINUTE")");
  EXPECT_THAT(
      Fold(*op, {a, minute}),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "Can't aggregate two LongTimeSeries with different time buckets"));
  EXPECT_EQ(op->ToJson()["class"],
            "uk.gov.gchq.gaffer.time.binaryoperator.LongTimeSeriesAggregator");
}

}  // namespace
}  // namespace quarry
