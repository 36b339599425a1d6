// The wall clock used by time-relative predicates (AgeOff, InDateRange
// offsets). Tests replace it with ScopedFakeClock so results are exact.
//
// Thread safety: NowMillis() may be called from any thread; install and
// remove fake clocks only while no other thread reads the clock.
#pragma once

#include <cstdint>

namespace quarry {

// Milliseconds since the Unix epoch: the system clock, or the innermost fake.
int64_t NowMillis();

// While alive, NowMillis() returns the value set here.
class ScopedFakeClock {
 public:
  explicit ScopedFakeClock(int64_t now_ms);
  ~ScopedFakeClock();
  ScopedFakeClock(const ScopedFakeClock&) = delete;
  ScopedFakeClock& operator=(const ScopedFakeClock&) = delete;

  void Set(int64_t now_ms);
  void Advance(int64_t delta_ms);

 private:
  bool had_previous_;
  int64_t previous_;
};

}  // namespace quarry
