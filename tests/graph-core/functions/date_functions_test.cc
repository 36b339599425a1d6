// Expected values from gaffer-doc's koryphe-functions reference (ParseDate
// with Etc/GMT+4, ParseTime with and without format, ToDateString), worked
// out in UTC where the doc's JVM ran in Europe/London: e.g. "2015-10-21
// 16:29:00.000" in Etc/GMT+4 (four hours west) is 20:29 UTC.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/clock.h"
#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(ParseDateTest, FormatAndEtcZone) {
  auto fn = ParseFn(R"({"class":"ParseDate","format":"yyyy-MM-dd HH:mm:ss.SSS",
                        "timeZone":"Etc/GMT+4","microseconds":false})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {Value::String("2015-10-21 16:29:00.000")}));
  EXPECT_EQ(a, Value::Date(1445459340000));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {Value::String("1885-01-01 12:00:00.000")}));
  EXPECT_EQ(b, Value::Date(-2682230400000));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::String("21/10/2015")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "could not be parsed: 21/10/2015"));
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.ParseDate",
      "format":"yyyy-MM-dd HH:mm:ss.SSS","timeZone":"Etc/GMT+4","microseconds":false})"));
}

TEST(ParseDateTest, DateUtilFormsAndMicroseconds) {
  auto fn = ParseFn(R"({"class":"ParseDate"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {Value::String("2015/10/21 16:29")}));
  EXPECT_EQ(a, Value::Date(1445444940000));
  ASSERT_OK_AND_ASSIGN(Value epoch, Call(*fn, {Value::String("1445444940000")}));
  EXPECT_EQ(epoch, Value::Date(1445444940000));
  auto micros = ParseFn(R"({"class":"ParseDate","microseconds":true})");
  ASSERT_NE(micros, nullptr);
  ASSERT_OK_AND_ASSIGN(Value m, Call(*micros, {Value::String("1445444940000123")}));
  EXPECT_EQ(m, Value::Date(1445444940000));
  EXPECT_THAT(Call(*fn, {Value::Int64(5)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ParseDateTest, BadFieldsAreNamed) {
  auto zone = ParseFunction(Json::parse(R"({"class":"ParseDate","timeZone":"Mars/Base"})"), "p");
  EXPECT_THAT(zone.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeZone"));
  auto format = ParseFunction(Json::parse(R"({"class":"ParseDate","format":"yyyy-ww"})"), "p");
  EXPECT_THAT(format.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "p.format"));
}

TEST(ParseTimeTest, DocumentedExamplesInUtc) {
  auto plain = ParseFn(R"({"class":"ParseTime","timeUnit":"MILLISECOND"})");
  ASSERT_NE(plain, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*plain, {Value::String("2015-10-21 16:29:00.000")}));
  EXPECT_EQ(a, Value::Int64(1445444940000));
  auto hours = ParseFn(R"({"class":"ParseTime","format":"yyyy-MM hh:mm"})");
  ASSERT_NE(hours, nullptr);
  ASSERT_OK_AND_ASSIGN(Value b, Call(*hours, {Value::String("2015-10 16:29")}));
  EXPECT_EQ(b, Value::Int64(1443716940000));  // lenient: hh of 16 is 16:00
  ASSERT_OK_AND_ASSIGN(Value c, Call(*hours, {Value::String("1885-01 12:00")}));
  EXPECT_EQ(c, Value::Int64(-2682288000000));  // hh 12 is 00 without a PM marker
  EXPECT_THAT(Call(*hours, {Value::String("2015-10-21 16:29")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "Date string could not be parsed: 2015-10-21 16:29"));
  EXPECT_EQ(hours->ToJson()["timeUnit"], "MILLISECOND");
  auto seconds = ParseFn(R"({"class":"ParseTime","format":"yyyy-MM-dd","timeZone":"GMT",
                             "timeUnit":"SECOND"})");
  ASSERT_NE(seconds, nullptr);
  // Text after the pattern is ignored, as SimpleDateFormat.parse does.
  ASSERT_OK_AND_ASSIGN(Value d, Call(*seconds, {Value::String("2015-10-21 16:29:00.000")}));
  EXPECT_EQ(d, Value::Int64(1445385600));
  ASSERT_OK_AND_ASSIGN(Value e, Call(*seconds, {Value::String("1885-01-01 12:00:00.000")}));
  EXPECT_EQ(e, Value::Int64(-2682288000));
  auto bad = ParseFunction(Json::parse(R"({"class":"ParseTime","timeUnit":"WEEK"})"), "p");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeUnit"));
}

TEST(ToDateStringTest, DocumentedFormats) {
  auto millis = ParseFn(R"({"class":"ToDateString","format":"yyyy-MM-dd HH:mm:ss.SSS"})");
  auto minute = ParseFn(R"({"class":"ToDateString","format":"yy-MM-dd HH:mm"})");
  ASSERT_NE(millis, nullptr);
  ASSERT_NE(minute, nullptr);
  // Tue Jan 06 19:39:25.200 GMT 1970 and Fri Dec 26 06:20:34.800 GMT 1969.
  Value jan6 = Value::Date(502765200);
  Value dec26 = Value::Date(-495565200);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*millis, {jan6}));
  EXPECT_EQ(a, Value::String("1970-01-06 19:39:25.200"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*millis, {dec26}));
  EXPECT_EQ(b, Value::String("1969-12-26 06:20:34.800"));
  ASSERT_OK_AND_ASSIGN(Value c, Call(*minute, {dec26}));
  EXPECT_EQ(c, Value::String("69-12-26 06:20"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*minute, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*minute, {Value::Int64(1667818823683)}), StatusIs(StatusCode::kInvalidArgument));
  // No format: Instant.toString().
  auto iso = ParseFn(R"({"class":"ToDateString"})");
  ASSERT_NE(iso, nullptr);
  ASSERT_OK_AND_ASSIGN(Value d, Call(*iso, {jan6}));
  EXPECT_EQ(d, Value::String("1970-01-06T19:39:25.200Z"));
  ASSERT_OK_AND_ASSIGN(Value e, Call(*iso, {Value::Date(0)}));
  EXPECT_EQ(e, Value::String("1970-01-01T00:00:00Z"));
}

TEST(CurrentTimeTest, ReadsTheClock) {
  ScopedFakeClock clock(1700000000123);
  auto date = ParseFn(R"({"class":"CurrentDate"})");
  auto time = ParseFn(R"({"class":"CurrentTime"})");
  ASSERT_NE(date, nullptr);
  ASSERT_NE(time, nullptr);
  ASSERT_OK_AND_ASSIGN(Value d, Call(*date, {Value::String("ignored")}));
  EXPECT_EQ(d, Value::Date(1700000000123));
  ASSERT_OK_AND_ASSIGN(Value t, Call(*time, {Value()}));
  EXPECT_EQ(t, Value::Int64(1700000000123));
}

}  // namespace
}  // namespace quarry
