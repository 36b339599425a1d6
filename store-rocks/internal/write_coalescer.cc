#include "store-rocks/internal/write_coalescer.h"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace quarry::internal {

bool RaiseThisThreadNice(int increment) {
  if (increment <= 0) return true;
#if defined(__linux__)
  // On Linux a nice value belongs to the thread (its tid), not the process.
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, tid);
  if (now == -1 && errno != 0) return false;
  return setpriority(PRIO_PROCESS, tid, std::min(now + increment, 19)) == 0;
#else
  return false;
#endif
}

void NameThisThread(const char* name) {
#if defined(__linux__)
  pthread_setname_np(pthread_self(), name);
#else
  (void)name;
#endif
}

}  // namespace quarry::internal
