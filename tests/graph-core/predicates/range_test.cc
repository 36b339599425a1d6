#include "graph-core/clock.h"
#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

constexpr int64_t kDay = 86'400'000;
constexpr int64_t k2017 = 1'483'228'800'000;     // 2017-01-01T00:00:00Z
constexpr int64_t k2017Feb = 1'485'907'200'000;  // 2017-02-01T00:00:00Z

TEST(RangePredicateTest, InRangeIsClosedByDefault) {
  auto p = Pred(R"({"class": "InRange", "start": {"Long": 5}, "end": {"Long": 10}})");
  EXPECT_TRUE(p->Test(Value::Int64(5)));
  EXPECT_TRUE(p->Test(Value::Int64(7)));
  EXPECT_TRUE(p->Test(Value::Int64(10)));
  EXPECT_FALSE(p->Test(Value::Int64(4)));
  EXPECT_FALSE(p->Test(Value::Int64(11)));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::Int32(7)));  // an Integer is not in a Long range
}

TEST(RangePredicateTest, InRangeOpenBounds) {
  auto p = Pred(R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InRange",
                   "start": {"Long": 5}, "end": {"Long": 10},
                   "startInclusive": false, "endInclusive": false})");
  EXPECT_FALSE(p->Test(Value::Int64(5)));
  EXPECT_TRUE(p->Test(Value::Int64(6)));
  EXPECT_TRUE(p->Test(Value::Int64(9)));
  EXPECT_FALSE(p->Test(Value::Int64(10)));
  auto half = Pred(R"({"class": "InRange", "start": 5, "end": 10, "endInclusive": false})");
  EXPECT_TRUE(half->Test(Value::Int32(5)));
  EXPECT_FALSE(half->Test(Value::Int32(10)));
}

TEST(RangePredicateTest, InRangeOmittedBoundIsUnbounded) {
  auto above = Pred(R"({"class": "InRange", "start": "m"})");
  EXPECT_TRUE(above->Test(Value::String("m")));
  EXPECT_TRUE(above->Test(Value::String("zzzz")));
  EXPECT_FALSE(above->Test(Value::String("a")));
  auto below = Pred(R"({"class": "InRange", "end": {"Long": 0}, "endInclusive": false})");
  EXPECT_TRUE(below->Test(Value::Int64(INT64_MIN)));
  EXPECT_FALSE(below->Test(Value::Int64(0)));
  auto all = Pred(R"({"class": "InRange"})");
  EXPECT_TRUE(all->Test(Value::FreqMap({})));
  EXPECT_FALSE(all->Test(Value()));
  EXPECT_THAT(TryPred(R"({"class": "InRange", "start": {"TreeSet": []}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.start"));
}

TEST(RangePredicateTest, InRangeBoundsMustShareAClass) {
  EXPECT_THAT(TryPred(R"({"class": "InRange", "start": {"Long": 1}, "end": 2})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "same class"));
}

TEST(RangePredicateTest, InvertedRangeFollowsKoryphe) {
  // RangeUtil tests the pair (v, v): with start > end, a value below the start
  // and above the end "spans" the range and passes, as in koryphe.
  auto p = Pred(R"({"class": "InRange", "start": 10, "end": 5})");
  EXPECT_TRUE(p->Test(Value::Int32(7)));
  EXPECT_FALSE(p->Test(Value::Int32(12)));
  EXPECT_FALSE(p->Test(Value::Int32(3)));
}

TEST(RangePredicateTest, InRangeDualOverlapsUnlessFullyContained) {
  using ::quarry::testing::Test2;
  auto p = Pred(R"({"class": "InRangeDual", "start": {"Long": 10}, "end": {"Long": 20}})");
  EXPECT_TRUE(Test2(*p, Value::Int64(12), Value::Int64(18)));  // {  [  ]  }
  EXPECT_TRUE(Test2(*p, Value::Int64(5), Value::Int64(15)));   // [  {  ]  }
  EXPECT_TRUE(Test2(*p, Value::Int64(15), Value::Int64(25)));  // {  [  }  ]
  EXPECT_TRUE(Test2(*p, Value::Int64(5), Value::Int64(25)));   // [  {  }  ]
  EXPECT_FALSE(Test2(*p, Value::Int64(1), Value::Int64(9)));
  EXPECT_FALSE(Test2(*p, Value::Int64(21), Value::Int64(30)));
  EXPECT_FALSE(Test2(*p, Value::Int64(12), Value()));
  EXPECT_FALSE(Test2(*p, Value::Int64(12), Value::Int32(18)));
  auto start_fully = Pred(R"({"class": "InRangeDual", "start": {"Long": 10},
                             "end": {"Long": 20}, "startFullyContained": true})");
  EXPECT_FALSE(Test2(*start_fully, Value::Int64(5), Value::Int64(15)));
  EXPECT_TRUE(Test2(*start_fully, Value::Int64(15), Value::Int64(25)));
  auto both = Pred(R"({"class": "InRangeDual", "start": {"Long": 10}, "end": {"Long": 20},
                      "startFullyContained": true, "endFullyContained": true})");
  EXPECT_FALSE(Test2(*both, Value::Int64(5), Value::Int64(25)));
  EXPECT_FALSE(Test2(*both, Value::Int64(15), Value::Int64(25)));
  EXPECT_TRUE(Test2(*both, Value::Int64(10), Value::Int64(20)));
}

TEST(RangePredicateTest, TimeRangeDuals) {
  using ::quarry::testing::Test2;
  auto date = Pred(R"({"class": "InDateRangeDual", "start": "2017/01/01", "end": "2017/02/01",
                      "endFullyContained": true})");
  EXPECT_TRUE(Test2(*date, Value::Date(k2017 - kDay), Value::Date(k2017 + kDay)));
  EXPECT_FALSE(Test2(*date, Value::Date(k2017 + kDay), Value::Date(k2017Feb + kDay)));
  EXPECT_FALSE(Test2(*date, Value::Int64(k2017), Value::Int64(k2017)));
  auto time = Pred(R"({"class": "InTimeRangeDual", "start": "2017/01/01", "timeUnit": "SECOND"})");
  EXPECT_TRUE(Test2(*time, Value::Int64(1'483'228'000), Value::Int64(1'483'228'800)));
  EXPECT_FALSE(Test2(*time, Value::Int64(1'483'228'000), Value::Int64(1'483'228'799)));
}

TEST(RangePredicateTest, InDateRangeWithDateStrings) {
  auto p = Pred(R"({"class": "InDateRange", "start": "2017/01/01", "end": "2017-02-01"})");
  EXPECT_TRUE(p->Test(Value::Date(k2017)));
  EXPECT_FALSE(p->Test(Value::Date(k2017 - 1)));
  EXPECT_TRUE(p->Test(Value::Date(k2017Feb)));
  EXPECT_FALSE(p->Test(Value::Date(k2017Feb + 1)));
  EXPECT_FALSE(p->Test(Value::Int64(k2017)));  // input must be a Date
  EXPECT_FALSE(p->Test(Value()));
  auto open =
      Pred(R"({"class": "InDateRange", "start": "1483228800000", "startInclusive": false})");
  EXPECT_FALSE(open->Test(Value::Date(k2017)));
  EXPECT_TRUE(open->Test(Value::Date(k2017 + 1)));
}

TEST(RangePredicateTest, InDateRangeTimeZone) {
  auto p = Pred(R"({"class": "InDateRange", "start": "2017/01/01", "timeZone": "GMT+01:00"})");
  EXPECT_TRUE(p->Test(Value::Date(k2017 - 3'600'000)));
  EXPECT_FALSE(p->Test(Value::Date(k2017 - 3'600'001)));
  EXPECT_THAT(TryPred(R"({"class": "InDateRange", "start": "2017/01", "timeZone": "Mars/Base"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeZone"));
}

TEST(RangePredicateTest, InDateRangeOffsetsCountFromNow) {
  const int64_t now = 1'000'000'000'000;
  ScopedFakeClock clock(now);
  auto p = Pred(R"({"class": "InDateRange", "startOffset": -7, "endOffset": 0})");
  EXPECT_TRUE(p->Test(Value::Date(now - 7 * kDay)));
  EXPECT_FALSE(p->Test(Value::Date(now - 7 * kDay - 1)));
  EXPECT_TRUE(p->Test(Value::Date(now)));
  EXPECT_FALSE(p->Test(Value::Date(now + 1)));
  clock.Advance(1);  // the window moves with the clock
  EXPECT_FALSE(p->Test(Value::Date(now - 7 * kDay)));
  EXPECT_TRUE(p->Test(Value::Date(now + 1)));
  auto hours = Pred(R"({"class": "InDateRange", "startOffset": -2, "offsetUnit": "HOUR"})");
  EXPECT_TRUE(hours->Test(Value::Date(now + 1 - 2 * 3'600'000)));
  EXPECT_FALSE(hours->Test(Value::Date(now - 2 * 3'600'000)));
}

TEST(RangePredicateTest, InDateRangeOffsetAddsToStart) {
  auto p = Pred(R"({"class": "InDateRange", "start": "2017/01/01", "startOffset": 1,
                   "offsetUnit": "DAY"})");
  EXPECT_FALSE(p->Test(Value::Date(k2017 + kDay - 1)));
  EXPECT_TRUE(p->Test(Value::Date(k2017 + kDay)));
}

TEST(RangePredicateTest, InTimeRangeCountsInItsTimeUnit) {
  auto ms = Pred(R"({"class": "InTimeRange", "start": "2017/01/01", "end": "2017/02/01"})");
  EXPECT_TRUE(ms->Test(Value::Int64(k2017)));
  EXPECT_FALSE(ms->Test(Value::Int64(k2017 - 1)));
  EXPECT_FALSE(ms->Test(Value::Date(k2017)));  // input must be a Long
  auto seconds = Pred(R"({"class": "InTimeRange", "start": "2017/01/01", "timeUnit": "SECOND"})");
  EXPECT_TRUE(seconds->Test(Value::Int64(1'483'228'800)));
  EXPECT_FALSE(seconds->Test(Value::Int64(1'483'228'799)));
}

TEST(RangePredicateTest, BadFields) {
  EXPECT_THAT(TryPred(R"({"class": "InDateRange", "start": "2017/13/01"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.start"));
  EXPECT_THAT(TryPred(R"({"class": "InDateRange", "end": "yesterday"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.end"));
  EXPECT_THAT(TryPred(R"({"class": "InTimeRange", "timeUnit": "FORTNIGHT"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.timeUnit"));
  EXPECT_THAT(TryPred(R"({"class": "InDateRange", "startOffset": "x"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.startOffset"));
}

TEST(RangePredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(R"({"class": "InRange", "start": {"Long": 1}, "end": {"Long": 2}})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InRange",
                          "start": {"java.lang.Long": 1}, "end": {"java.lang.Long": 2}})");
  ExpectJsonRoundTrip(R"({"class": "InRangeDual", "start": 1, "startFullyContained": true})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InRangeDual",
                          "start": 1, "startFullyContained": true})");
  ExpectJsonRoundTrip(
      R"({"class": "InDateRangeDual", "end": "2017/01", "endFullyContained": false})",
      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InDateRangeDual",
                          "end": "2017/01", "endFullyContained": false})");
  ExpectJsonRoundTrip(R"({"class": "InTimeRangeDual", "startOffset": 1})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InTimeRangeDual",
                          "startOffset": 1})");
  ExpectJsonRoundTrip(R"({"class": "InRange", "start": "a", "startInclusive": false})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InRange",
                          "start": "a", "startInclusive": false})");
  ExpectJsonRoundTrip(
      R"({"class": "InDateRange", "start": "2017/01/01", "endOffset": -1, "offsetUnit": "HOUR",
          "endInclusive": false, "timeZone": "UTC"})",
      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InDateRange",
          "start": "2017/01/01", "endOffset": -1, "offsetUnit": "HOUR",
          "endInclusive": false, "timeZone": "UTC"})");
  ExpectJsonRoundTrip(R"({"class": "InTimeRange", "start": "0", "timeUnit": "SECOND"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange",
                          "start": "0", "timeUnit": "SECOND"})");
  ExpectJsonRoundTrip(R"({"class": "InTimeRange", "start": "0", "timeUnit": "MILLISECOND"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange",
                          "start": "0"})");
}

}  // namespace
}  // namespace quarry
