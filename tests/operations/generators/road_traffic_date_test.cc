// ParseRoadTrafficDate: both of Gaffer's patterns, as UTC, strictly.
// Expected values: days since 1970-01-01 counted by hand, times 86,400,000.
#include "operations/generators/road_traffic_date.h"

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// 2000-05-03: 30 years 1970..1999 with 7 leap days = 10957 days to
// 2000-01-01, then 31 + 29 + 31 + 30 + 2 = 123 days: 11080 days.
constexpr int64_t k20000503 = 11080LL * 86400000;

TEST(RoadTrafficDateTest, ParsesIsoPattern) {
  ASSERT_OK_AND_ASSIGN(int64_t ms, ParseRoadTrafficDate("2000-05-03 00:00:00"));
  EXPECT_EQ(ms, k20000503);
  ASSERT_OK_AND_ASSIGN(ms, ParseRoadTrafficDate("2000-05-03 07:08:09"));
  EXPECT_EQ(ms, k20000503 + ((7 * 60 + 8) * 60 + 9) * 1000LL);
}

TEST(RoadTrafficDateTest, ParsesDayMonthYearPattern) {
  ASSERT_OK_AND_ASSIGN(int64_t ms, ParseRoadTrafficDate("03/05/2000 13:45"));
  EXPECT_EQ(ms, k20000503 + (13 * 60 + 45) * 60000LL);
}

TEST(RoadTrafficDateTest, EpochAndLeapDay) {
  ASSERT_OK_AND_ASSIGN(int64_t ms, ParseRoadTrafficDate("1970-01-01 00:00:00"));
  EXPECT_EQ(ms, 0);
  // 2000-02-29 is 31 + 28 = 59 days after 2000-01-01 (10957 days).
  ASSERT_OK_AND_ASSIGN(ms, ParseRoadTrafficDate("29/02/2000 00:00"));
  EXPECT_EQ(ms, (10957LL + 59) * 86400000);
  // Before the epoch: 1969-12-31 23:59:59 is one second before it.
  ASSERT_OK_AND_ASSIGN(ms, ParseRoadTrafficDate("1969-12-31 23:59:59"));
  EXPECT_EQ(ms, -1000);
}

TEST(RoadTrafficDateTest, RejectsImpossibleDates) {
  for (const char* text :
       {"2001-02-29 00:00:00", "2000-13-01 00:00:00", "2000-00-10 00:00:00", "32/01/2000 00:00",
        "2000-05-03 24:00:00", "2000-05-03 00:60:00", "2000-05-03 00:00:60"}) {
    EXPECT_THAT(ParseRoadTrafficDate(text), StatusIs(StatusCode::kInvalidArgument)) << text;
  }
}

TEST(RoadTrafficDateTest, RejectsOtherShapes) {
  for (const char* text : {"", "2000-05-03", "2000-05-03 00:00", "2000-05-03 00:00:00 ",
                           " 2000-05-03 00:00:00", "2000/05/03 00:00:00", "3/5/2000 00:00",
                           "03/05/2000 00:00:00", "2000-05-03T00:00:00", "2O00-05-03 00:00:00"}) {
    EXPECT_THAT(ParseRoadTrafficDate(text), StatusIs(StatusCode::kInvalidArgument)) << text;
  }
  EXPECT_THAT(ParseRoadTrafficDate("yesterday"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'yesterday'"));
}

}  // namespace
}  // namespace quarry
