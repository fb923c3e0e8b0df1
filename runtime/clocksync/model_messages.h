// Sending clock models between ranks: a ClockModel travels as two MPI_DOUBLEs.
#pragma once

#include <mpi.h>

#include <span>
#include <vector>

#include "runtime/clocksync/model/clock_model.h"

namespace metron::rt::clocksync {

void send_models(MPI_Comm comm, int dest, std::span<const ClockModel> models);
void recv_models(MPI_Comm comm, int source, std::span<ClockModel> models);

// MPI_Scatter from rank 0: `table` (read on rank 0 only, one model per rank) -> this rank's.
ClockModel scatter_models(MPI_Comm comm, std::span<const ClockModel> table);

// MPI_Gather to rank 0: every rank's `mine`, in rank order (empty on the other ranks).
std::vector<ClockModel> gather_models(MPI_Comm comm, const ClockModel& mine);

}  // namespace metron::rt::clocksync
