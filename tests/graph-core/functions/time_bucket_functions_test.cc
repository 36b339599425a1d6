// Gaffer's CommonTimeUtil bucket rules (UTC; weeks start on Monday), with
// expected instants worked out with Python's datetime: 2015-10-21T16:29:33.250Z
// is a Wednesday in the week starting Monday 2015-10-19.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr int64_t kInstant = 1445444973250;

int64_t Apply(const std::string& cls, const std::string& bucket, int64_t ms) {
  auto fn = ParseFn(R"({"class":")" + cls + R"(","bucket":")" + bucket + R"("})");
  EXPECT_NE(fn, nullptr);
  if (fn == nullptr) return 0;
  Result<Value> v = Call(*fn, {Value::Int64(ms)});
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  return v.ok() ? v->AsInt64() : 0;
}

TEST(ToTimeBucketTest, StartsOfEachBucket) {
  EXPECT_EQ(Apply("ToTimeBucket", "MILLISECOND", kInstant), kInstant);
  EXPECT_EQ(Apply("ToTimeBucket", "SECOND", kInstant), 1445444973000);
  EXPECT_EQ(Apply("ToTimeBucketStart", "HOUR", kInstant), 1445443200000);
  EXPECT_EQ(Apply("ToTimeBucketStart", "DAY", kInstant), 1445385600000);
  EXPECT_EQ(Apply("ToTimeBucketStart", "WEEK", kInstant), 1445212800000);
  EXPECT_EQ(Apply("ToTimeBucketStart", "MONTH", kInstant), 1443657600000);
  EXPECT_EQ(Apply("ToTimeBucketStart", "YEAR", kInstant), 1420070400000);
  // Before the epoch, buckets still floor: -500 ms is in the second from -1000.
  EXPECT_EQ(Apply("ToTimeBucket", "SECOND", -500), -1000);
  EXPECT_EQ(Apply("ToTimeBucket", "WEEK", -500), -259200000);  // Monday 1969-12-29
}

TEST(ToTimeBucketTest, EndsOfEachBucket) {
  EXPECT_EQ(Apply("ToTimeBucketEnd", "MILLISECOND", kInstant), kInstant);
  EXPECT_EQ(Apply("ToTimeBucketEnd", "MINUTE", kInstant), 1445444999999);
  EXPECT_EQ(Apply("ToTimeBucketEnd", "WEEK", kInstant), 1445817599999);
  EXPECT_EQ(Apply("ToTimeBucketEnd", "MONTH", kInstant), 1446335999999);
  EXPECT_EQ(Apply("ToTimeBucketEnd", "MONTH", 1449273600000), 1451606399999);  // December
  EXPECT_EQ(Apply("ToTimeBucketEnd", "YEAR", kInstant), 1451606399999);
}

TEST(DateToTimeBucketTest, DatesInDatesOut) {
  auto start = ParseFn(R"({"class":"DateToTimeBucketStart","bucket":"DAY"})");
  auto end = ParseFn(R"({"class":"DateToTimeBucketEnd","bucket":"DAY"})");
  ASSERT_NE(start, nullptr);
  ASSERT_NE(end, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*start, {Value::Date(kInstant)}));
  EXPECT_EQ(s, Value::Date(1445385600000));
  ASSERT_OK_AND_ASSIGN(Value e, Call(*end, {Value::Date(kInstant)}));
  EXPECT_EQ(e, Value::Date(1445471999999));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*start, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*start, {Value::Int64(kInstant)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(start->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.gaffer.time.function.DateToTimeBucketStart",
                            "bucket":"DAY"})"));
}

TEST(ToTimeBucketTest, BadOrMissingBucket) {
  auto bad = ParseFunction(Json::parse(R"({"class":"ToTimeBucket","bucket":"FORTNIGHT"})"), "f");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.bucket"));
  auto none = ParseFn(R"({"class":"ToTimeBucket"})");
  ASSERT_NE(none, nullptr);
  EXPECT_THAT(Call(*none, {Value::Int64(1)}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "no bucket"));
}

}  // namespace
}  // namespace quarry
