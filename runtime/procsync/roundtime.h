// Round-time process synchronization (ReproMPI's roundtime, EuroMPI'23; reprompi-dev
// round_time_sync.c): clocks are synchronized, and before every observation the ranks meet in a
// barrier, the root picks a start time mult x (measured broadcast time) ahead on the global clock
// and broadcasts it, and every rank busy-waits until then. A rank that receives the start time
// after it has passed flags the observation invalid; the executor redoes invalid observations
// (fixed `reps` count valid ones) within the job's roundtime budget.
#pragma once

#include <memory>

#include "runtime/plan/settings.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

// Collective over comm: synchronizes clocks when needed and measures the broadcast time.
std::unique_ptr<ProcSync> make_roundtime_sync(MPI_Comm comm, const Settings& s);

// The broadcast time used by roundtime: the median over `reps` broadcasts of one double (each
// after a barrier) of the slowest rank's local duration. Collective; the same on every rank.
double measure_bcast_time(MPI_Comm comm, int reps);

}  // namespace metron::rt
