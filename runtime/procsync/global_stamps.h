// `runtime = global` with a barrier kind of sync: the barrier lines the ranks up as usual, and
// each observation is also stamped on a synchronized clock, so that the run-time can be taken
// as latest end - earliest start ("MPI Benchmarking Revisited" §4.5: barrier runs "timed with HCA
// global times").
#pragma once

#include <memory>

#include "runtime/plan/settings.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

// Collective over comm (synchronizes clocks when needed). `inner` is the barrier kind's sync.
std::unique_ptr<ProcSync> make_global_stamps(std::unique_ptr<ProcSync> inner, MPI_Comm comm,
                                             const Settings& s);

}  // namespace metron::rt
