// The clock of a launch's own bookkeeping: how long a job, its warm-up and the whole launch took,
// and the elapsed time that `max_time` stops a job at. On a machine it is the steady clock; in a
// simulation (SimGrid SMPI) it is the simulated clock, so that a job stops at `max_time` of the
// simulated platform, as it would on the real one, and the manifest's times are the platform's
// (docs/simulation.md). The steady clock would count the simulator's own wall time there.
#pragma once

#include <chrono>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>
#include "runtime/simulation.h"

namespace metron::rt {

// Seconds since an arbitrary origin, fixed for the process.
inline double launch_clock_s() {
  if constexpr (kSimulated) return MPI_Wtime();
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace metron::rt
