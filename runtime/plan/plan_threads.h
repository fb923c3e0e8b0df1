// Whether a plan measures from several threads per rank (operations.def, section threads), and
// so needs MPI_Init_thread(MPI_THREAD_MULTIPLE). No MPI here: `metron run` asks before any launch.
#pragma once

#include <optional>

#include "runtime/plan/plan.h"

namespace metron {

// The first job that runs more than one thread per rank, or nullptr.
const Job* first_threaded_job(const Plan& plan);
// Its threads per rank (the `threads` argument), 1 for any other job.
int job_threads(const Job& job);

}  // namespace metron
