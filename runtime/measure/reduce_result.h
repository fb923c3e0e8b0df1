// A job's per-rank fields reduced onto its root, as the table of a job's record says
// (runtime/results/result_fields.def: reductions Sum and Max). Collective over the job's
// communicator, outside every timed region.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include "runtime/results/job_result.h"

namespace metron::rt {

// Every rank passes its own values in `r` (a Max field with this rank's world rank); on rank 0
// of `comm` they are replaced by the reduction over the ranks, the other ranks' are left as they
// were.
void reduce_to_job_root(JobResult& r, MPI_Comm comm);

}  // namespace metron::rt
