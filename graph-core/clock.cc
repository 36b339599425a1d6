#include "graph-core/clock.h"

#include <atomic>
#include <chrono>

namespace quarry {
namespace {

std::atomic<bool> g_fake_active{false};
std::atomic<int64_t> g_fake_now{0};

}  // namespace

int64_t NowMillis() {
  if (g_fake_active.load(std::memory_order_acquire)) {
    return g_fake_now.load(std::memory_order_acquire);
  }
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

ScopedFakeClock::ScopedFakeClock(int64_t now_ms)
    : had_previous_(g_fake_active.load()), previous_(g_fake_now.load()) {
  g_fake_now.store(now_ms);
  g_fake_active.store(true);
}

ScopedFakeClock::~ScopedFakeClock() {
  g_fake_now.store(previous_);
  g_fake_active.store(had_previous_);
}

void ScopedFakeClock::Set(int64_t now_ms) { g_fake_now.store(now_ms); }
void ScopedFakeClock::Advance(int64_t delta_ms) { g_fake_now.fetch_add(delta_ms); }

}  // namespace quarry
