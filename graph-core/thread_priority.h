// How much CPU priority a thread gives up so that other threads get the
// cores first (issue 18, hot keys). A server's writes run at a lower
// priority than its reads: when aggregating writes saturate the cores, a
// read that wakes still runs at once instead of waiting for a write's time
// slice (bench/RESULTS.md, "Hot keys").
//
// Two strengths:
//   idle   Linux's SCHED_IDLE: the thread runs only on a core no thread of
//          normal priority wants, and a waking normal thread preempts it at
//          once. Where SCHED_IDLE is missing, nice 19.
//   N      N (1..19) added to the thread's nice value: it still competes,
//          with a smaller share (nice 10 gets about a tenth of a nice 0
//          thread's share of a contended core).
// 0 changes nothing.
//
// Either is one way for an unprivileged process: a thread cannot take its
// priority back (Linux needs CAP_SYS_NICE, or an RLIMIT_NICE most systems
// do not grant). So lower only threads that do nothing else for their life,
// such as a pool's workers.
//
// Thread safety: the functions act on the calling thread only.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

struct ThreadPriority {
  bool idle = false;  // SCHED_IDLE; `nice` is then ignored.
  int nice = 0;       // 0..19, added to the nice value.

  static constexpr ThreadPriority Normal() { return {}; }
  static constexpr ThreadPriority Idle() { return {.idle = true}; }
  static constexpr ThreadPriority Nice(int n) { return {.nice = n}; }
  constexpr bool lowered() const { return idle || nice > 0; }
  friend bool operator==(const ThreadPriority&, const ThreadPriority&) = default;
};

// "idle", or an integer 0..19. InvalidArgument naming `what` (a property
// or flag) and the bad text otherwise.
Result<ThreadPriority> ParseThreadPriority(std::string_view text, std::string_view what);
// The text ParseThreadPriority reads back: "idle" or the nice increment.
std::string ToString(const ThreadPriority& priority);

// Lowers the calling thread as `priority` says (nothing for Normal). False
// if the OS refused; the thread then keeps its priority.
bool LowerThisThreadPriority(const ThreadPriority& priority);

// Names the calling thread (top -H, perf, /proc/.../comm); best effort, at
// most 15 characters are kept.
void NameThisThread(const char* name);

}  // namespace quarry
