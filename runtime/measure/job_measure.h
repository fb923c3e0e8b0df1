// One job measured on the ranks of its communicator: the operation bound, verified (verify = on),
// warmed up and measured until its stopping rule ends it. The job root (rank 0 of comm) takes
// every decision and broadcasts it; a failure on one rank ends the job on all of them alike.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <string>

#include "runtime/plan/plan.h"
#include "runtime/results/job_result.h"

namespace metron::rt {

// What a job needs to know about its launch: the timer quantum and whether it is the first job
// of its (operation, communicator, size) in this launch (a longer warm-up floor).
struct JobContext {
  double quantum_s = 0;
  bool first_of_kind = true;
};

// Collective over comm. On the job root, `r` receives the observations and how the job ended;
// `error` is set alike on every rank of comm when the job failed.
// Test hook: METRON_INJECT_MPI_ERROR=<job id> makes the last rank of that job report an MPI
// error from its first batch, to exercise the error path end to end (tests/e2e/exec_errors.sh).
void measure_job(const Job& job, MPI_Comm comm, const JobContext& ctx, JobResult& r,
                 std::string& error);

}  // namespace metron::rt
