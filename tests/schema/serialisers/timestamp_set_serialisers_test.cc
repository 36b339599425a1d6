// RBMBackedTimestampSetSerialiser and BoundedTimestampSetSerialiser: a set
// reads back as itself (bucket, size, state and timestamps), in Quarry's
// own format (timestamp_set_serialisers.h), and corrupt bytes are DataLoss.
#include "schema/serialisers/timestamp_set_serialisers.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "graph-core/timestamp_set.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;

Value SetOf(TimestampSet set, std::initializer_list<int64_t> times) {
  for (int64_t t : times) EXPECT_OK(set.Add(t));
  return Value::TimestampSet(std::make_shared<const TimestampSet>(std::move(set)));
}

TEST(TimestampSetSerialiserTest, RbmRoundTrips) {
  RbmBackedTimestampSetSerialiser s;
  Value set = SetOf(TimestampSet::Rbm(TimeBucket::kMinute).value(),
                    {1483860553000, 1484736119000, 1514133600000});
  std::string bytes = SerialiseOrDie(s, set);
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(bytes));
  EXPECT_EQ(back, set);
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
  EXPECT_FALSE(s.CanHandle(ValueType::kBoundedTimestampSet));
}

TEST(TimestampSetSerialiserTest, BoundedKeepsSizeAndState) {
  BoundedTimestampSetSerialiser s;
  TimestampSet bounded = TimestampSet::Bounded(TimeBucket::kDay, 2).value();
  Value sampled = SetOf(bounded, {0, 86'400'000, 2 * 86'400'000});
  ASSERT_TRUE(sampled.AsTimestampSet().sampled());
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(SerialiseOrDie(s, sampled)));
  EXPECT_EQ(back, sampled);
  EXPECT_EQ(back.AsTimestampSet().max_size(), 2);
  Value not_full = SetOf(bounded, {5});
  ASSERT_OK_AND_ASSIGN(Value back2, s.Deserialise(SerialiseOrDie(s, not_full)));
  EXPECT_EQ(back2, not_full);
}

TEST(TimestampSetSerialiserTest, CorruptBytesAreDataLoss) {
  RbmBackedTimestampSetSerialiser s;
  std::string bytes =
      SerialiseOrDie(s, SetOf(TimestampSet::Rbm(TimeBucket::kSecond).value(), {1000, 2000}));
  EXPECT_THAT(s.Deserialise(bytes.substr(0, bytes.size() - 1)), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise(bytes + "x"), StatusIs(StatusCode::kDataLoss));
  std::string bad_bucket = bytes;
  bad_bucket[1] = 42;
  EXPECT_THAT(s.Deserialise(bad_bucket), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(s.Deserialise("\x09"), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry
