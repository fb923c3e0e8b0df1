// How long this process's start of MPI took, as OSU's osu_init and osu_hello time it: the
// MPI_Init (or MPI_Init_thread) call, and the first collective after it (one MPI_Barrier on
// MPI_COMM_WORLD), each on a steady clock, since MPI_Wtime is not defined before MPI_Init.
// Taken before any job, outside every timed region; exec/gather_facts.cpp reduces them over the
// ranks for the manifest (docs/output.md).
#pragma once

namespace metron::rt {

struct StartupTimes {
  double init_s = -1;           // the MPI_Init / MPI_Init_thread call; -1: not timed here
  double first_barrier_s = -1;  // the MPI_Barrier right after it; -1: not timed
  const char* call = "";        // "MPI_Init" or "MPI_Init_thread"
  bool measured() const { return init_s >= 0 && first_barrier_s >= 0; }
};

}  // namespace metron::rt
