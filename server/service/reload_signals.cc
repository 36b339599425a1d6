#include "server/service/reload_signals.h"

#include <pthread.h>
#include <signal.h>

namespace quarry {

int RunReloadActions(const std::vector<ReloadAction>& actions, std::FILE* out) {
  int failed = 0;
  for (const ReloadAction& action : actions) {
    Status status = action.reload();
    if (status.ok()) {
      std::fprintf(out, "reloaded %s\n", action.name.c_str());
    } else {
      ++failed;
      std::fprintf(out, "reloading %s failed, the previous one is kept: %s\n", action.name.c_str(),
                   status.message().c_str());
    }
  }
  std::fflush(out);
  return failed;
}

void BlockReloadSignal() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

int WaitForServeSignal() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  int signal_number = 0;
  while (sigwait(&set, &signal_number) != 0) {
  }
  return signal_number;
}

}  // namespace quarry
