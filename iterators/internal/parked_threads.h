// ParkedThreads: a process-wide set of threads that wait, parked, for one job
// each. Starting a thread costs tens of microseconds (more on a virtual
// machine); a read-ahead scan (read_ahead_kv_iterator.h) would start one per
// query, so a finished job's thread waits for the next instead, and exits
// only after a minute without one.
//
// Thread safety: Run may be called from any thread. The set is never
// destroyed; a job must finish before the objects it uses are destroyed (its
// submitter waits for it), and none may still run when the process exits.
#pragma once

#include <functional>

namespace quarry::iterators_internal {

// Runs `job` on a parked thread, or on a new one if none is parked. Throws
// std::system_error when no thread can be started (nothing is run then).
void RunOnParkedThread(std::function<void()> job);

}  // namespace quarry::iterators_internal
