// ToTimestampSet (ToTimestampSetTest), MaskTimestampSetByTimeRange
// (MaskTimestampSetByTimeRangeTest's idea: keep the buckets inside the
// range) and ToSingletonTreeSet.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/timestamp_set.h"
#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;

constexpr int64_t kDay = 86'400'000;

TEST(ToTimestampSetTest, MakesOneTimestampSets) {
  auto rbm = ParseFn(R"({"class": "ToTimestampSet", "bucket": "DAY"})");
  ASSERT_NE(rbm, nullptr);
  EXPECT_EQ(rbm->ToJson().dump(),
            R"({"class":"uk.gov.gchq.gaffer.time.function.ToTimestampSet","bucket":"DAY",)"
            R"("millisCorrection":1})");
  ASSERT_OK_AND_ASSIGN(Value one, Call(*rbm, {Value::Int64(3 * kDay + 12345)}));
  ASSERT_EQ(one.type(), ValueType::kRbmTimestampSet);
  EXPECT_THAT(one.AsTimestampSet().timestamps(), ElementsAre(3 * kDay));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*rbm, {Value()}));
  EXPECT_TRUE(empty.AsTimestampSet().timestamps().empty());

  auto bounded = ParseFn(R"({"class": "uk.gov.gchq.gaffer.time.function.ToTimestampSet",
                             "bucket": "DAY", "maxSize": 10, "millisCorrection": 1000})");
  ASSERT_NE(bounded, nullptr);
  ASSERT_OK_AND_ASSIGN(Value b, Call(*bounded, {Value::Int64(86400)}));  // Seconds.
  ASSERT_EQ(b.type(), ValueType::kBoundedTimestampSet);
  EXPECT_EQ(b.AsTimestampSet().max_size(), 10);
  EXPECT_THAT(b.AsTimestampSet().timestamps(), ElementsAre(kDay));
  EXPECT_THAT(Call(*rbm, {Value::String("x")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "ToTimestampSet"));
}

TEST(MaskTimestampSetByTimeRangeTest, KeepsTheRangeOnACopy) {
  auto to_set = ParseFn(R"({"class": "ToTimestampSet", "bucket": "DAY"})");
  auto fold = [&](std::initializer_list<int64_t> days) {
    auto set = std::make_shared<TimestampSet>(TimestampSet::Rbm(TimeBucket::kDay).value());
    for (int64_t d : days) EXPECT_OK(set->Add(d * kDay));
    return Value::TimestampSet(set);
  };
  Value input = fold({1, 2, 3, 4});
  auto mask = ParseFn(R"({"class": "MaskTimestampSetByTimeRange", "startTime": 2, "endTime": 3,
                          "timeUnit": "DAY"})");
  ASSERT_NE(mask, nullptr);
  ASSERT_OK_AND_ASSIGN(Value masked, Call(*mask, {input}));
  EXPECT_THAT(masked.AsTimestampSet().timestamps(), ElementsAre(2 * kDay, 3 * kDay));
  EXPECT_EQ(input.AsTimestampSet().timestamps().size(), 4u);
  auto open_end = ParseFn(R"({"class": "MaskTimestampSetByTimeRange", "startTime": 259200000})");
  ASSERT_OK_AND_ASSIGN(Value tail, Call(*open_end, {input}));
  EXPECT_THAT(tail.AsTimestampSet().timestamps(), ElementsAre(3 * kDay, 4 * kDay));
  auto backwards = ParseFn(R"({"class": "MaskTimestampSetByTimeRange", "startTime": 9,
                               "endTime": 1})");
  EXPECT_THAT(Call(*backwards, {input}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "chronologically later"));
}

TEST(ToSingletonTreeSetTest, WrapsOneValue) {
  auto fn = ParseFn(R"({"class": "uk.gov.gchq.gaffer.time.function.ToSingletonTreeSet"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value one, Call(*fn, {Value::Int64(7)}));
  EXPECT_EQ(one, Value::TreeSet({Value::Int64(7)}));
  ASSERT_OK_AND_ASSIGN(Value none, Call(*fn, {Value()}));
  EXPECT_EQ(none, Value::TreeSet({}));
}

}  // namespace
}  // namespace quarry
