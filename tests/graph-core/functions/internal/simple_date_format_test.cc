#include "graph-core/functions/internal/simple_date_format.h"

#include <gtest/gtest.h>

#include "graph-core/clock.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::functions_internal {
namespace {

using ::quarry::testing::StatusIsWithMessage;

constexpr int64_t kHour = 3'600'000;

SimpleDateFormat Compiled(std::string_view pattern) {
  Result<SimpleDateFormat> f = SimpleDateFormat::Compile(pattern);
  EXPECT_TRUE(f.ok()) << f.status().ToString();
  return f.ok() ? std::move(f).value() : *SimpleDateFormat::Compile("");
}

TEST(SimpleDateFormatTest, ParsesNumericFields) {
  // 2015-10-21T16:29:00.250Z (worked out with Python's datetime).
  ASSERT_OK_AND_ASSIGN(int64_t ms,
                       Compiled("yyyy-MM-dd HH:mm:ss.SSS").Parse("2015-10-21 16:29:00.250", 0));
  EXPECT_EQ(ms, 1445444940250);
  // Abutting fields take their letter counts.
  ASSERT_OK_AND_ASSIGN(int64_t packed, Compiled("yyyyMMddHHmm").Parse("201510211629", 0));
  EXPECT_EQ(packed, 1445444940000);
  // A zone in the text wins over the default offset.
  ASSERT_OK_AND_ASSIGN(int64_t zoned,
                       Compiled("yyyy-MM-dd HH:mmZ").Parse("2015-10-21 17:29+0100", 5 * kHour));
  EXPECT_EQ(zoned, 1445444940000);
  ASSERT_OK_AND_ASSIGN(int64_t x, Compiled("yyyy-MM-dd'T'HH:mmX").Parse("2015-10-21T16:29Z", 0));
  EXPECT_EQ(x, 1445444940000);
  // The default offset: 16:29 at UTC+2 is 14:29 UTC.
  ASSERT_OK_AND_ASSIGN(int64_t east,
                       Compiled("yyyy-MM-dd HH:mm").Parse("2015-10-21 16:29", 2 * kHour));
  EXPECT_EQ(east, 1445444940000 - 2 * kHour);
}

TEST(SimpleDateFormatTest, LenientRollOverAndTwelveHourClock) {
  // Month 13 of 2015 is January 2016.
  ASSERT_OK_AND_ASSIGN(int64_t rolled, Compiled("yyyy-MM-dd").Parse("2015-13-01", 0));
  EXPECT_EQ(rolled, 1451606400000);
  ASSERT_OK_AND_ASSIGN(int64_t pm, Compiled("yyyy-MM-dd hh:mm a").Parse("2015-10-21 04:29 PM", 0));
  EXPECT_EQ(pm, 1445444940000);
  ASSERT_OK_AND_ASSIGN(int64_t midnight, Compiled("yyyy-MM-dd hh a").Parse("1970-01-01 12 AM", 0));
  EXPECT_EQ(midnight, 0);
  ASSERT_OK_AND_ASSIGN(int64_t named, Compiled("dd MMM yyyy").Parse("21 Oct 2015", 0));
  EXPECT_EQ(named, 1445385600000);
}

TEST(SimpleDateFormatTest, TwoDigitYearsFollowJavasWindow) {
  ScopedFakeClock clock(1445444940000);  // 2015: the window is 1935..2034
  ASSERT_OK_AND_ASSIGN(int64_t y30, Compiled("yy-MM-dd").Parse("30-01-01", 0));
  EXPECT_EQ(y30, 1893456000000);  // 2030-01-01
  ASSERT_OK_AND_ASSIGN(int64_t y69, Compiled("yy-MM-dd").Parse("69-12-26", 0));
  EXPECT_EQ(y69, -518400000);  // 1969-12-26
}

TEST(SimpleDateFormatTest, RefusesMismatchesAndUnknownLetters) {
  EXPECT_THAT(Compiled("yyyy-MM").Parse("2015/10", 0),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "could not be parsed: 2015/10"));
  // A year beyond epoch milliseconds' range is refused, not overflowed.
  EXPECT_THAT(Compiled("yyyy").Parse("999999999", 0),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "could not be parsed"));
  EXPECT_THAT(SimpleDateFormat::Compile("yyyy-ww"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'w'"));
  EXPECT_THAT(SimpleDateFormat::Compile("yyyy 'open"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unterminated quote"));
}

TEST(SimpleDateFormatTest, Formats) {
  SimpleDateFormat f = Compiled("yyyy-MM-dd'T'HH:mm:ss.SSS Z X 'o''clock'");
  EXPECT_EQ(f.Format(1445444940250, 0), "2015-10-21T16:29:00.250 +0000 Z o'clock");
  EXPECT_EQ(f.Format(1445444940250, -4 * kHour), "2015-10-21T12:29:00.250 -0400 -04 o'clock");
  EXPECT_EQ(Compiled("d MMMM yy, h a").Format(-495565200, 0), "26 December 69, 6 AM");
}

TEST(ZoneOffsetMillisTest, EtcZonesUsePosixSigns) {
  ASSERT_OK_AND_ASSIGN(int64_t west, ZoneOffsetMillis("Etc/GMT+4"));
  EXPECT_EQ(west, -4 * kHour);
  ASSERT_OK_AND_ASSIGN(int64_t east, ZoneOffsetMillis("Etc/GMT-10"));
  EXPECT_EQ(east, 10 * kHour);
  ASSERT_OK_AND_ASSIGN(int64_t gmt, ZoneOffsetMillis("GMT+01:30"));
  EXPECT_EQ(gmt, 90 * 60'000);
  EXPECT_FALSE(ZoneOffsetMillis("Europe/London").ok());
}

TEST(InstantStringTest, IsoForm) {
  EXPECT_EQ(InstantString(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(InstantString(-1), "1969-12-31T23:59:59.999Z");
  EXPECT_EQ(InstantString(1445444940250), "2015-10-21T16:29:00.250Z");
}

}  // namespace
}  // namespace quarry::functions_internal
