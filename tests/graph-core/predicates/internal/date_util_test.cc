#include "graph-core/predicates/internal/date_util.h"

#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using ::quarry::testing::StatusIs;

int64_t Utc(std::string_view text) {
  Result<int64_t> ms = ParseDateMillis(text, 0);
  EXPECT_TRUE(ms.ok()) << text << ": " << ms.status().ToString();
  return ms.ok() ? *ms : -1;
}

TEST(DateUtilTest, EpochMillisWhenOnlyDigits) {
  EXPECT_EQ(Utc("0"), 0);
  EXPECT_EQ(Utc("1483228800000"), 1'483'228'800'000);
  // koryphe checks for digits first, so a separator-less date is epoch ms.
  EXPECT_EQ(Utc("20170101"), 20'170'101);
  EXPECT_THAT(ParseDateMillis("", 0), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseDateMillis("99999999999999999999", 0), StatusIs(StatusCode::kInvalidArgument));
}

TEST(DateUtilTest, CivilFormsWithAnySeparator) {
  EXPECT_EQ(Utc("2017/01"), 1'483'228'800'000);
  EXPECT_EQ(Utc("2017/01/01"), 1'483'228'800'000);
  EXPECT_EQ(Utc("2017-01-01 12"), 1'483'272'000'000);
  EXPECT_EQ(Utc("2017_01_01_12_30"), 1'483'273'800'000);
  EXPECT_EQ(Utc("2017|01|01|12:30:15"), 1'483'273'815'000);
  EXPECT_EQ(Utc("2017-01-01 12:30:15.250"), 1'483'273'815'250);
  EXPECT_EQ(Utc("2016/02/29"), 1'456'704'000'000);
  EXPECT_EQ(Utc("1969/12/31"), -86'400'000);
}

TEST(DateUtilTest, ZoneOffsetShiftsCivilTimes) {
  ASSERT_OK_AND_ASSIGN(int64_t ms, ParseDateMillis("2017/01/01", 3'600'000));
  EXPECT_EQ(ms, 1'483'228'800'000 - 3'600'000);
  // Epoch millis are zone-independent.
  ASSERT_OK_AND_ASSIGN(int64_t epoch, ParseDateMillis("5", 3'600'000));
  EXPECT_EQ(epoch, 5);
}

TEST(DateUtilTest, InvalidDates) {
  for (const char* bad : {"2017/02/29", "2017/13", "2017/00/01", "2017/01/32", "2017/01/01 24",
                          "2017/01/01 12:60", "abc", "2017/01/01T00", "-5"}) {
    EXPECT_THAT(ParseDateMillis(bad, 0), StatusIs(StatusCode::kInvalidArgument)) << bad;
  }
}

TEST(DateUtilTest, TimeZones) {
  EXPECT_EQ(*ParseTimeZoneOffset("UTC"), 0);
  EXPECT_EQ(*ParseTimeZoneOffset("GMT"), 0);
  EXPECT_EQ(*ParseTimeZoneOffset("Z"), 0);
  EXPECT_EQ(*ParseTimeZoneOffset("GMT+01:00"), 3'600'000);
  EXPECT_EQ(*ParseTimeZoneOffset("UTC-5"), -18'000'000);
  EXPECT_EQ(*ParseTimeZoneOffset("+0530"), 19'800'000);
  EXPECT_THAT(ParseTimeZoneOffset("Europe/London"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseTimeZoneOffset("GMT+25"), StatusIs(StatusCode::kInvalidArgument));
}

TEST(DateUtilTest, TimeUnits) {
  EXPECT_EQ(ParseTimeUnit("DAY"), TimeUnit::kDay);
  EXPECT_EQ(ParseTimeUnit("MICROSECOND"), TimeUnit::kMicrosecond);
  EXPECT_EQ(ParseTimeUnit("day"), std::nullopt);
  EXPECT_EQ(ToMillis(TimeUnit::kDay, -7), -604'800'000);
  EXPECT_EQ(ToMillis(TimeUnit::kMinute, 2), 120'000);
  EXPECT_EQ(FromMillis(TimeUnit::kSecond, 1'999), 1);
  EXPECT_EQ(FromMillis(TimeUnit::kMicrosecond, 3), 3'000);
  EXPECT_EQ(ToMillis(TimeUnit::kDay, INT64_MAX), INT64_MAX);  // saturates
}

}  // namespace
}  // namespace quarry::internal
