// RBMBackedTimestampSetInRange, with RBMBackedTimestampSetInRangeTest's set
// (0, 5 and 10 seconds after the epoch, SECOND buckets) and its cases.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/json_value.h"
#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

Value Seconds(std::string_view timestamps) {
  return ValueFromJson(Json::parse(R"({"uk.gov.gchq.gaffer.time.RBMBackedTimestampSet":
                         {"timeBucket": "SECOND", "timestamps": )" +
                                   std::string(timestamps) + "}}"),
                       "v")
      .value();
}

bool InRange(std::string_view fields) {
  auto p = Pred(R"({"class": "RBMBackedTimestampSetInRange", "timeUnit": "SECOND")" +
                std::string(fields) + "}");
  return p != nullptr && p->Test(Seconds("[0, 5, 10]"));
}

TEST(RbmBackedTimestampSetInRangeTest, GaffersCases) {
  EXPECT_TRUE(InRange(""));
  EXPECT_TRUE(InRange(R"(, "startTime": 4, "endTime": 2000)"));
  EXPECT_FALSE(InRange(R"(, "startTime": 4, "endTime": 2000, "includeAllTimestamps": true)"));
  EXPECT_FALSE(InRange(R"(, "startTime": -5, "endTime": 5)"));
  EXPECT_TRUE(InRange(R"(, "startTime": {"java.lang.Long": 5})"));
  EXPECT_TRUE(InRange(R"(, "endTime": 0)"));
  EXPECT_FALSE(InRange(R"(, "startTime": 2000)"));
  EXPECT_FALSE(InRange(R"(, "endTime": -20)"));
  EXPECT_TRUE(InRange(R"(, "startTime": 0, "endTime": 10, "includeAllTimestamps": true)"));
}

// Where Gaffer throws (a null or empty set, a bound whose bucket number
// overflows an int), the filter leaves the element out.
TEST(RbmBackedTimestampSetInRangeTest, WhatGafferRefusesIsFalse) {
  auto p = Pred(R"({"class": "RBMBackedTimestampSetInRange", "startTime": 0, "endTime": 5})");
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Seconds("[]")));
  EXPECT_FALSE(p->Test(Value::Int64(3)));
  EXPECT_FALSE(InRange(R"(, "startTime": 0, "endTime": 1700000000000, "timeUnit": "DAY")"));
}

TEST(RbmBackedTimestampSetInRangeTest, JsonRoundTripAndBadFields) {
  auto p = Pred(R"({"class": "uk.gov.gchq.gaffer.time.predicate.RBMBackedTimestampSetInRange",
                    "startTime": {"java.lang.Long": 1483228800000}, "timeUnit": "MILLISECOND"})");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->ToJson().dump(),
            R"({"class":"uk.gov.gchq.gaffer.time.predicate.RBMBackedTimestampSetInRange",)"
            R"("startTime":{"java.lang.Long":1483228800000}})");
  // A bare bound too big for an int is a Long, as Jackson reads a Number.
  auto bare = Pred(R"({"class": "RBMBackedTimestampSetInRange", "startTime": 1483228800000,
                       "endTime": 1485907200000})");
  ASSERT_NE(bare, nullptr);
  EXPECT_FALSE(bare->Test(Seconds("[0, 5, 10]")));
  EXPECT_TRUE(bare->Test(Seconds(R"(["2017-01-08T07:29:13Z"])")));
  EXPECT_THAT(TryPred(R"({"class": "RBMBackedTimestampSetInRange", "timeUnit": "FORTNIGHT"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown time unit 'FORTNIGHT'"));
  EXPECT_THAT(TryPred(R"({"class": "RBMBackedTimestampSetInRange", "startTime": "soon"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.startTime: expected a number"));
}

}  // namespace
}  // namespace quarry
