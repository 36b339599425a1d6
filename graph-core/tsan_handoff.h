// Happens-before edges for ThreadSanitizer across a library it cannot see.
//
// Debian's TBB is not built with ThreadSanitizer, so TSan does not see that
// a task enqueued on a tbb::task_arena runs after the code that enqueued
// it: every read the task makes of state its launcher wrote would be
// reported as a race. The launcher calls TsanHandOff(token) just before the
// enqueue and the task calls TsanTakeOver(token) before touching that state;
// `token` is an address both share (the state itself). Both compile to
// nothing unless built with -fsanitize=thread (scripts/check.sh tsan).
//
// Thread safety: safe from any thread.
#pragma once

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define QUARRY_TSAN_ANNOTATIONS 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(QUARRY_TSAN_ANNOTATIONS)
#define QUARRY_TSAN_ANNOTATIONS 1
#endif

#ifdef QUARRY_TSAN_ANNOTATIONS
#include <sanitizer/tsan_interface.h>
#endif

namespace quarry {

// What this thread did before the call happens before whatever a thread
// does after a later TsanTakeOver(token).
inline void TsanHandOff(const void* token) {
#ifdef QUARRY_TSAN_ANNOTATIONS
  __tsan_release(const_cast<void*>(token));
#else
  (void)token;
#endif
}

// The receiving side of TsanHandOff(token).
inline void TsanTakeOver(const void* token) {
#ifdef QUARRY_TSAN_ANNOTATIONS
  __tsan_acquire(const_cast<void*>(token));
#else
  (void)token;
#endif
}

}  // namespace quarry
