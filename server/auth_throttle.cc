#include "server/auth_throttle.h"

namespace quarry {
namespace {

constexpr size_t kPruneAbove = 4096;  // Sources tracked before stale ones are dropped.

}  // namespace

Status AuthThrottle::Check(std::string_view source, Clock::time_point now) {
  std::lock_guard lock(mu_);
  auto it = sources_.find(source);
  if (it == sources_.end() || it->second.blocked_until <= now) return Status::OK();
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(it->second.blocked_until - now).count() + 1;
  return UnauthenticatedError("too many failed authentications from " + std::string(source) +
                              "; refused for another " + std::to_string(seconds) + " s");
}

void AuthThrottle::RecordFailure(std::string_view source, std::string_view user_id,
                                 Clock::time_point now) {
  int failures = 0;
  bool blocked = false;
  {
    std::lock_guard lock(mu_);
    if (sources_.size() > kPruneAbove) PruneLocked(now);
    Source& entry = sources_[std::string(source)];
    if (entry.failures == 0 ||
        now - entry.window_start > std::chrono::milliseconds(options_.window_ms)) {
      entry.failures = 0;
      entry.window_start = now;
    }
    failures = ++entry.failures;
    if (failures > options_.max_failures) {
      entry.blocked_until = now + std::chrono::milliseconds(options_.block_ms);
      entry.failures = 0;
      blocked = true;
    }
  }
  if (log_ == nullptr) return;
  std::fprintf(log_, "quarry serve: authentication failed for user '%.*s' from %.*s%s\n",
               static_cast<int>(user_id.size()), user_id.data(), static_cast<int>(source.size()),
               source.data(), blocked ? " (too many failures: source blocked)" : "");
  std::fflush(log_);
}

void AuthThrottle::RecordSuccess(std::string_view source) {
  std::lock_guard lock(mu_);
  auto it = sources_.find(source);
  if (it != sources_.end() && it->second.blocked_until <= Clock::now()) sources_.erase(it);
}

void AuthThrottle::PruneLocked(Clock::time_point now) {
  for (auto it = sources_.begin(); it != sources_.end();) {
    const bool counting =
        now - it->second.window_start <= std::chrono::milliseconds(options_.window_ms);
    if (it->second.blocked_until <= now && !counting) {
      it = sources_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace quarry
