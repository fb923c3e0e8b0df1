// Window-based process synchronization ("MPI Benchmarking Revisited" §3.3, §4.5; ReproMPI's window,
// SKaMPI's "real" synchronization): clocks are synchronized (clock_cache.h), the root broadcasts a
// start time on the global clock at the beginning of each batch, and observation k of the batch
// waits until start + k * window. An observation is invalid on a rank that reaches its slot late or
// ends after the slot closes; the executor drops it if any rank flagged it.
#pragma once

#include <memory>

#include "runtime/plan/settings.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

// Collective over comm (synchronizes clocks when needed). Throws std::runtime_error with a
// message for the user on bad settings.
std::unique_ptr<ProcSync> make_window_sync(MPI_Comm comm, const Settings& s);

}  // namespace metron::rt
