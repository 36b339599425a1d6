#include "graph-core/clock.h"
#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::Test2;
using ::quarry::testing::TryPred;

constexpr int64_t kNow = 1'000'000'000'000;
constexpr int64_t kDay = 86'400'000;

TEST(AgeOffPredicateTest, DefaultIs365DaysWithAnExclusiveBoundary) {
  ScopedFakeClock clock(kNow);
  auto p = Pred(R"({"class": "AgeOff"})");
  const int64_t age = 365 * kDay;                   // 31,536,000,000 ms
  EXPECT_FALSE(p->Test(Value::Int64(kNow - age)));  // now - input == ageOffTime
  EXPECT_TRUE(p->Test(Value::Int64(kNow - age + 1)));
  EXPECT_FALSE(p->Test(Value::Int64(kNow - age - 1)));
  EXPECT_TRUE(p->Test(Value::Int64(kNow)));
  EXPECT_TRUE(p->Test(Value::Int64(kNow + kDay)));  // the future is kept
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::Int32(5)));
  EXPECT_TRUE(p->Test(Value::Date(kNow - 1)));
}

TEST(AgeOffPredicateTest, NowIsReadAtTestTime) {
  ScopedFakeClock clock(kNow);
  auto p = Pred(R"({"class": "AgeOff", "ageOffTime": 1000})");
  EXPECT_TRUE(p->Test(Value::Int64(kNow - 999)));
  clock.Advance(1);
  EXPECT_FALSE(p->Test(Value::Int64(kNow - 999)));
}

TEST(AgeOffPredicateTest, DaysAndHoursSetters) {
  ScopedFakeClock clock(kNow);
  auto days = Pred(R"({"class": "uk.gov.gchq.koryphe.impl.predicate.AgeOff", "ageOffDays": 2})");
  EXPECT_TRUE(days->Test(Value::Int64(kNow - 2 * kDay + 1)));
  EXPECT_FALSE(days->Test(Value::Int64(kNow - 2 * kDay)));
  auto hours = Pred(R"({"class": "AgeOff", "ageOffHours": 3})");
  EXPECT_TRUE(hours->Test(Value::Int64(kNow - 3 * 3'600'000 + 1)));
  EXPECT_FALSE(hours->Test(Value::Int64(kNow - 3 * 3'600'000)));
  EXPECT_THAT(TryPred(R"({"class": "AgeOff", "ageOffDays": 1, "ageOffTime": 5})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "only one of"));
  EXPECT_THAT(TryPred(R"({"class": "AgeOff", "ageOffTime": "1d"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.ageOffTime"));
}

TEST(AgeOffPredicateTest, ExtremeInputsDoNotOverflow) {
  ScopedFakeClock clock(kNow);
  auto p = Pred(R"({"class": "AgeOff", "ageOffTime": 9223372036854775807})");
  EXPECT_TRUE(p->Test(Value::Int64(kNow - INT64_MAX + 1)));  // now - input = MAX - 1
  EXPECT_FALSE(p->Test(Value::Int64(INT64_MIN)));            // now - input exceeds 64 bits
  auto q = Pred(R"({"class": "AgeOff"})");
  EXPECT_FALSE(q->Test(Value::Int64(INT64_MIN)));
  EXPECT_TRUE(q->Test(Value::Int64(INT64_MAX)));
}

TEST(AgeOffPredicateTest, AgeOffFromDays) {
  ScopedFakeClock clock(kNow);
  auto p = Pred(R"({"class": "AgeOffFromDays"})");
  EXPECT_TRUE(Test2(*p, Value::Int64(kNow - 2 * kDay + 1), Value::Int32(2)));
  EXPECT_FALSE(Test2(*p, Value::Int64(kNow - 2 * kDay), Value::Int32(2)));
  EXPECT_FALSE(Test2(*p, Value(), Value::Int32(2)));
  EXPECT_FALSE(Test2(*p, Value::Int64(kNow), Value()));
  EXPECT_FALSE(Test2(*p, Value::Int64(kNow), Value::String("2")));
}

TEST(AgeOffPredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(R"({"class": "AgeOff"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.AgeOff",
                          "ageOffTime": 31536000000})");
  ExpectJsonRoundTrip(R"({"class": "AgeOff", "ageOffDays": 1})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.AgeOff",
                          "ageOffTime": 86400000})");
  ExpectJsonRoundTrip(R"({"class": "AgeOffFromDays"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.AgeOffFromDays"})");
}

}  // namespace
}  // namespace quarry
