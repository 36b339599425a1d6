// SIGHUP in `quarry serve` (branch service, issue 19): a list of named
// reload actions run in order, each on its own, so that a failing one (a
// users file with a typo) keeps its old state and says why while the others
// still reload. Other parts add their entry to the list (the users file,
// the request log; TLS certificates) rather than handling signals.
//
// Thread safety: RunReloadActions runs on the serve thread only.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

struct ReloadAction {
  std::string name;                // "users file /etc/quarry/users.json"
  std::function<Status()> reload;  // Non-OK: the previous state is kept.
};

// Runs every action, writing "reloaded NAME" or "reloading NAME failed, the
// previous one is kept: MESSAGE" to `out` (flushed). Returns how many
// failed.
int RunReloadActions(const std::vector<ReloadAction>& actions, std::FILE* out);

// Blocks SIGHUP in the calling thread (with BlockTerminationSignals, before
// any thread starts), so that it reaches WaitForServeSignal.
void BlockReloadSignal();
// Waits for SIGINT, SIGTERM or SIGHUP and returns its number.
int WaitForServeSignal();

}  // namespace quarry
