// Gathers a launch's LaunchFacts (results/launch_facts.h): collective over world, at the start
// of a launch, outside any timed region.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include "runtime/plan/plan.h"
#include "runtime/results/launch_facts.h"

namespace metron::rt {

// Every rank probes the plan's timers and reports its host and CPU binding; world rank 0 gets
// the whole record, every rank world rank 0's timer quanta.
LaunchFacts gather_launch_facts(const Plan& plan, MPI_Comm world);

}  // namespace metron::rt
