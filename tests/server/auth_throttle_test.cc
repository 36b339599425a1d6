// AuthThrottle: failures per source address, blocking, the log line.
#include "server/auth_throttle.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::testing::HasSubstr;
using Clock = AuthThrottle::Clock;

std::string ReadAll(std::FILE* file) {
  std::rewind(file);
  std::string out;
  char buffer[512];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), file)) > 0) out.append(buffer, n);
  return out;
}

TEST(AuthThrottleTest, BlocksASourceAfterTooManyFailuresOnly) {
  std::FILE* log = std::tmpfile();
  AuthThrottle throttle({/*max_failures=*/3, /*window_ms=*/60'000, /*block_ms=*/30'000}, log);
  const Clock::time_point t0 = Clock::now();
  for (int i = 0; i < 3; ++i) {
    EXPECT_OK(throttle.Check("10.0.0.1", t0));
    throttle.RecordFailure("10.0.0.1", "alice", t0);
  }
  EXPECT_OK(throttle.Check("10.0.0.1", t0));  // 3 failures: at the limit, not over it.
  throttle.RecordFailure("10.0.0.1", "alice", t0);
  Status blocked = throttle.Check("10.0.0.1", t0 + std::chrono::seconds(1));
  EXPECT_THAT(blocked, StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(blocked.message(),
              HasSubstr("too many failed authentications from 10.0.0.1; refused for another 30 s"));
  // Another source is not affected; the block ends.
  EXPECT_OK(throttle.Check("10.0.0.2", t0));
  EXPECT_OK(throttle.Check("10.0.0.1", t0 + std::chrono::seconds(31)));
  const std::string text = ReadAll(log);
  EXPECT_THAT(text, HasSubstr("authentication failed for user 'alice' from 10.0.0.1\n"));
  EXPECT_THAT(text, HasSubstr("(too many failures: source blocked)"));
  std::fclose(log);
}

TEST(AuthThrottleTest, FailuresOutsideTheWindowDoNotAccumulate) {
  AuthThrottle throttle({2, 1000, 30'000}, nullptr);
  const Clock::time_point t0 = Clock::now();
  for (int i = 0; i < 10; ++i) {
    throttle.RecordFailure("10.0.0.1", "bob", t0 + std::chrono::seconds(2 * i));
  }
  EXPECT_OK(throttle.Check("10.0.0.1", t0 + std::chrono::seconds(20)));
}

TEST(AuthThrottleTest, SuccessClearsFailures) {
  AuthThrottle throttle({2, 60'000, 30'000}, nullptr);
  const Clock::time_point t0 = Clock::now();
  throttle.RecordFailure("10.0.0.1", "bob", t0);
  throttle.RecordFailure("10.0.0.1", "bob", t0);
  throttle.RecordSuccess("10.0.0.1");
  throttle.RecordFailure("10.0.0.1", "bob", t0);
  throttle.RecordFailure("10.0.0.1", "bob", t0);
  EXPECT_OK(throttle.Check("10.0.0.1", t0));
}

}  // namespace
}  // namespace quarry
