// A finished job's observations go from its root to world rank 0, the one writer.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include "runtime/results/job_result.h"

namespace metron::rt {

// Point-to-point from `job_root_world` to world rank 0 (nothing when they are the same rank);
// `me` is this rank. The other ranks of world take no part. Every field the table of a job's
// record (runtime/results/result_fields.def) marks Root or Sum arrives, also for a job that
// failed (its verification message, its warm-up).
void ship_result(JobResult& r, int job_root_world, int me, MPI_Comm world);

}  // namespace metron::rt
