// The dissemination barrier (see dissemination.h).
#include "runtime/procsync/dissemination.h"

namespace metron::rt {

namespace {

// Tag of the barrier's tokens; the barrier runs on its own communicator, so any tag is safe.
constexpr int kBarrierTag = 0x5e;

int rounds_for(int size) {
  int r = 0;
  for (int d = 1; d < size; d <<= 1) ++r;
  return r;
}

int run(MPI_Comm comm, int rank, int size, int tag) {
  int first = MPI_SUCCESS;
  for (int d = 1; d < size; d <<= 1) {
    const int to = (rank + d) % size;
    const int from = (rank - d + size) % size;
    const int rc = MPI_Sendrecv(nullptr, 0, MPI_BYTE, to, tag, nullptr, 0, MPI_BYTE, from, tag,
                                comm, MPI_STATUS_IGNORE);
    if (first == MPI_SUCCESS) first = rc;
  }
  return first;
}

}  // namespace

int dissemination_barrier(MPI_Comm comm, int tag) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  return run(comm, rank, size, tag);
}

DisseminationBarrier::DisseminationBarrier(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm, &rank_);
  MPI_Comm_size(comm, &size_);
  rounds_ = rounds_for(size_);
}

void DisseminationBarrier::wait() noexcept {
  note(run(comm_, rank_, size_, kBarrierTag));
}

}  // namespace metron::rt
