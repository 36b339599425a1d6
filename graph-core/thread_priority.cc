#include "graph-core/thread_priority.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>

namespace quarry {
namespace {

// On Linux a nice value belongs to the thread (its tid), not the process.
bool RaiseNice(int increment) {
  if (increment <= 0) return true;
#if defined(__linux__)
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, tid);
  if (now == -1 && errno != 0) return false;
  return setpriority(PRIO_PROCESS, tid, std::min(now + increment, 19)) == 0;
#else
  (void)increment;
  return false;
#endif
}

}  // namespace

Result<ThreadPriority> ParseThreadPriority(std::string_view text, std::string_view what) {
  if (text == "idle") return ThreadPriority::Idle();
  int n = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 0 || n > 19) {
    return InvalidArgumentError(std::string(what) + ": expected 'idle' or an integer 0..19, got '" +
                                std::string(text) + "'");
  }
  return ThreadPriority::Nice(n);
}

std::string ToString(const ThreadPriority& priority) {
  return priority.idle ? "idle" : std::to_string(priority.nice);
}

bool LowerThisThreadPriority(const ThreadPriority& priority) {
  if (!priority.idle) return RaiseNice(priority.nice);
#if defined(SCHED_IDLE)
  sched_param param{};
  param.sched_priority = 0;
  // Linux: 0 is the calling thread.
  if (sched_setscheduler(0, SCHED_IDLE, &param) == 0) return true;
#endif
  return RaiseNice(19);
}

void NameThisThread(const char* name) {
#if defined(__linux__)
  pthread_setname_np(pthread_self(), name);
#else
  (void)name;
#endif
}

}  // namespace quarry
