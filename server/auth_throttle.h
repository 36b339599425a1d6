// AuthThrottle: failed authentications counted per source address, so that
// guessing tokens is slow: a source with more than `max_failures` failures
// within `window_ms` is refused for `block_ms` without its credentials being
// checked. Every failure is logged with the source and the user id it
// claimed, never the token.
//
// Thread safety: all methods may be called concurrently.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

struct AuthThrottleOptions {
  int max_failures = 10;
  int64_t window_ms = 60'000;
  int64_t block_ms = 60'000;
};

class AuthThrottle {
 public:
  using Clock = std::chrono::steady_clock;

  // `log`: where failures are reported (stderr in the server); not owned.
  explicit AuthThrottle(AuthThrottleOptions options, std::FILE* log = stderr)
      : options_(options), log_(log) {}

  // OK unless `source` is blocked: then Unauthenticated saying so and when
  // to retry (the credentials are not looked at).
  Status Check(std::string_view source, Clock::time_point now = Clock::now());
  // Counts a failure from `source` claiming `user_id` and logs it.
  void RecordFailure(std::string_view source, std::string_view user_id,
                     Clock::time_point now = Clock::now());
  // A success clears the source's failures.
  void RecordSuccess(std::string_view source);

 private:
  struct Source {
    int failures = 0;
    Clock::time_point window_start;
    Clock::time_point blocked_until;
  };
  // REQUIRES: mu_ held. Drops sources that are neither blocked nor counting,
  // so the map cannot grow without bound.
  void PruneLocked(Clock::time_point now);

  const AuthThrottleOptions options_;
  std::FILE* const log_;
  std::mutex mu_;
  std::map<std::string, Source, std::less<>> sources_;  // Guarded by mu_.
};

}  // namespace quarry
