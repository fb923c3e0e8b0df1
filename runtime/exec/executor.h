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

namespace metron::rt {

struct ExecOptions {
  std::string out_dir;      // results folder (rank 0 writes)
  std::int64_t launch = 0;  // launch id within a `metron run`
  std::int64_t replicate = 0;
  std::map<std::string, std::string> launch_levels;  // factor -> level, for the manifest
  std::uint64_t seed = 0;
  bool quiet = false;  // no human-readable table on stdout
  bool force = false;  // replace the results already in out_dir
  std::string script_path;
  std::map<std::string, std::string> files;  // every script file read (rank 0)
  std::vector<std::string> argv;
  BuildOptions build;  // how the plan was built (refinement rebuilds parts of it)
};

// Runs the plan; returns the process exit code (same on every rank).
int execute_plan(const LoadedScript& program, const ExecOptions& options, MPI_Comm world);

// exec --timeout (launch_watchdog.h), called from the watchdog thread: rank 0 waits for a job
// write in progress to end, records "status": "timeout" with the job in progress in the
// manifest, prints why and ends the launch with MPI_Abort(70), so that mpiexec exits with 70;
// the other ranks leave it to rank 0 (they end the launch themselves only 10 s later).
[[noreturn]] void end_launch_on_timeout(double limit_s, double after_s);

}  // namespace metron::rt
