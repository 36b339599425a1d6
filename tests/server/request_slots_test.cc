// RequestSlots: concurrent requests per user.
#include "server/request_slots.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

TEST(RequestSlotsTest, UserAtItsLimitIsRefusedAndAnotherIsServed) {
  RequestSlots slots;
  ASSERT_OK_AND_ASSIGN(RequestSlots::Slot first, slots.Acquire("alice", 2));
  ASSERT_OK_AND_ASSIGN(RequestSlots::Slot second, slots.Acquire("alice", 2));
  Result<RequestSlots::Slot> third = slots.Acquire("alice", 2);
  EXPECT_THAT(third.status(), StatusIs(StatusCode::kResourceExhausted));
  EXPECT_THAT(third.status().message(),
              ::testing::HasSubstr("user 'alice' already has 2 requests running"));
  EXPECT_OK(slots.Acquire("bob", 2).status());
  EXPECT_EQ(slots.running("alice"), 2);
}

TEST(RequestSlotsTest, SlotsAreReturnedWhenDestroyedOrMoved) {
  RequestSlots slots;
  {
    ASSERT_OK_AND_ASSIGN(RequestSlots::Slot slot, slots.Acquire("alice", 1));
    RequestSlots::Slot moved = std::move(slot);
    EXPECT_EQ(slots.running("alice"), 1);
  }
  EXPECT_EQ(slots.running("alice"), 0);
  EXPECT_OK(slots.Acquire("alice", 1).status());
}

}  // namespace
}  // namespace quarry
