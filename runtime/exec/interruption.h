// How a launch ends early and keeps what it measured: SIGTERM/SIGINT (a killed `metron run`, a
// user's ^C) and exec --timeout. World rank 0 keeps, after every job, the manifest it would
// write if interrupted now ("status": "interrupted"), so that a signal handler, which may only
// make async-signal-safe calls, just writes and renames it into place. A job's rows and its
// manifest are written inside a JobWriteSection, which a signal waits for, so the files never
// disagree about which jobs finished.
#pragma once

#include <string>

#include "runtime/plan/plan.h"

namespace metron::rt {

// This process's world rank, for exec --timeout (before it is known, PMI_RANK says).
void note_world_rank(int rank);

// Installs the handlers. On world rank 0 (`writer`), a signal writes the interrupted manifest to
// `manifest_path` and exits with 128 + the signal; other ranks exit a moment later, so that
// rank 0 has written before mpiexec kills the rest.
void arm_interruption(bool writer, const std::string& manifest_path);
// The default handlers again (the launch's jobs are over).
void disarm_interruption();

// `running_text` is the manifest as last written, rendered with dump(2) and "status":
// "running"; a signal or timeout writes it with the status "interrupted" (or "timeout").
void keep_interrupted_manifest(const std::string& running_text);

// The job in progress (nullptr between jobs), for the timeout record.
void note_running_job(const Job* job);
// Rank 0 wrote its last manifest: a timeout from now on is in MPI_Finalize.
void note_launch_done();

class JobWriteSection {
 public:
  JobWriteSection();
  ~JobWriteSection();
  JobWriteSection(const JobWriteSection&) = delete;
  JobWriteSection& operator=(const JobWriteSection&) = delete;
};

// exec --timeout (launch_watchdog.h), called from the watchdog thread: rank 0 waits for a job
// write in progress to end, records "status": "timeout" with the job in progress in the
// manifest, prints why and ends the launch with MPI_Abort(70), so that mpiexec exits with 70;
// the other ranks leave it to rank 0 (they end the launch themselves only 10 s later).
[[noreturn]] void end_launch_on_timeout(double limit_s, double after_s);

}  // namespace metron::rt
