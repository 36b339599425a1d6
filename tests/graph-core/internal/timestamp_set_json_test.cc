// The timestamp sets' JSON, as Gaffer's Jackson mapper reads and writes it:
// the builder takes "timeBucket", "timestamps" (ISO strings or seconds) and,
// for BoundedTimestampSet, "maxSize" and "state"; the getters write
// earliest, latest, numberOfTimestamps, ... alphabetically, instants as
// seconds (JSR310 with dates as timestamps).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/json_value.h"
#include "graph-core/timestamp_set.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;

Result<Value> Read(std::string_view text) { return ValueFromJson(Json::parse(text), "p"); }

TEST(TimestampSetJsonTest, ReadsIsoStringsAndSeconds) {
  ASSERT_OK_AND_ASSIGN(Value v, Read(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":
      {"timeBucket": "MINUTE",
       "timestamps": ["2017-01-08T07:29:13Z", 1483860560, 1484736119.5],
       "numberOfTimestamps": 99}})"));
  ASSERT_EQ(v.type(), ValueType::kRbmTimestampSet);
  // 07:29:13 and 07:29:20 share a minute; 2017-01-18T10:41:59.5Z is its own.
  EXPECT_THAT(v.AsTimestampSet().timestamps(), ElementsAre(1483860540000, 1484736060000));
  EXPECT_EQ(v.AsTimestampSet().bucket(), TimeBucket::kMinute);
}

TEST(TimestampSetJsonTest, WritesTheGettersAlphabetically) {
  ASSERT_OK_AND_ASSIGN(Value v, Read(R"({"uk.gov.gchq.gaffer.time.BoundedTimestampSet":
      {"timeBucket": "DAY", "maxSize": 3, "timestamps": ["1970-01-02T05:00:00Z"]}})"));
  EXPECT_EQ(ValueToJson(v).dump(),
            R"({"uk.gov.gchq.gaffer.time.BoundedTimestampSet":{"earliest":86400.0,)"
            R"("latest":86400.0,"maxSize":3,"numberOfTimestamps":1,"state":"NOT_FULL",)"
            R"("timeBucket":"DAY","timestamps":[86400.0]}})");
  ASSERT_OK_AND_ASSIGN(Value empty, Read(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":
      {"timeBucket": "HOUR"}})"));
  EXPECT_EQ(ValueToJson(empty).dump(),
            R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":{"numberOfTimestamps":0,)"
            R"("timeBucket":"HOUR","timestamps":[]}})");
  // What it writes reads back as the same set.
  ASSERT_OK_AND_ASSIGN(Value again, ValueFromJson(ValueToJson(v), "p"));
  EXPECT_EQ(again, v);
}

TEST(TimestampSetJsonTest, BadSetsAreNamed) {
  EXPECT_THAT(Read(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet": {"timestamps": []}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeBucket: required"));
  EXPECT_THAT(
      Read(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":
      {"timeBucket": "MINUTE", "timestamps": ["yesterday"]}})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timestamps[0]: expected an ISO"));
  EXPECT_THAT(Read(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":
      {"timeBucket": "MILLISECOND"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "MILLISECOND is not supported"));
  EXPECT_THAT(Read(R"({"uk.gov.gchq.gaffer.time.BoundedTimestampSet": {"timeBucket": "DAY"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.maxSize: required"));
  EXPECT_THAT(Read(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":
      {"timeBucket": "SECOND", "timestamps": [-1]}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Invalid instant"));
}

}  // namespace
}  // namespace quarry
