// The persistent requests of a job, one per buffer slot, for the MPI-4 persistent collectives
// (persistent_collectives.cpp) and neighbourhood collectives (neighbourhood.cpp): made once at
// prepare, outside the timed region, started and completed in it, freed at release.
#pragma once

#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

// An MPI_*_init call for the current slot of the job's buffers.
using InitRequestFn = int (*)(BoundOp&, MPI_Request*) noexcept;

// Collective and the same on every rank (the slot count follows from the plan's settings): one
// request per slot, made by `init`. More slots than this would mean as many persistent schedules
// in the library: refused (job_too_many_persistent_slots).
inline constexpr std::int64_t kMaxPersistentSlots = 4096;
void init_persistent_requests(BoundOp& b, InitRequestFn init);
// The timed call: MPI_Start and MPI_Wait on the current slot's request.
void start_and_wait(BoundOp& b) noexcept;
// Frees the requests (release).
void free_persistent_requests(BoundOp& b);

}  // namespace metron::rt::ops
