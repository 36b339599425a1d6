#include "store-rocks/internal/write_coalescer.h"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace quarry::internal {

bool SetThisThreadNice(int nice) {
  if (nice == 0) return true;
#if defined(__linux__)
  // On Linux a nice value belongs to the thread (its tid), not the process.
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  return setpriority(PRIO_PROCESS, tid, nice) == 0;
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
