// The SPMD walk of a plan (`metron exec`): every rank visits every job in the same order; ranks
// outside a job's communicator skip it in lockstep; the job's root takes every data-dependent
// decision and broadcasts it; world rank 0 writes the results job by job.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/plan/exit_codes.h"
#include "runtime/plan/loaded_script.h"
#include "runtime/results/exec_options.h"

namespace metron::rt {

// Runs the plan; returns the process exit code (same on every rank).
int execute_plan(const LoadedScript& program, const ExecOptions& options, MPI_Comm world);

}  // namespace metron::rt
