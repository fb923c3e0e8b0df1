// Run-time type `local` (seed-repro.md §1.1, A §3.2.1): per observation, the maximum over ranks
// of the local duration end - start. Gathers a batch of per-rank durations to the root with
// one collective (not one per observation).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

namespace metron::rt {

struct GatheredDurations {
  int ranks = 0;
  std::int64_t n = 0;
  // Filled on the root only.
  std::vector<double> per_rank;     // ranks x n, row r: rank r's end - start (NaN: rank idle)
  std::vector<double> max_per_obs;  // n: max over ranks, NaN ignored (the `local` run-time)
  std::vector<std::uint8_t> valid;  // n: 1 if every rank marked the observation valid
};

// Collective over comm. start_s, end_s (and valid, if not empty) hold this rank's n newest
// observations; every rank passes the same n. A rank with participates = false contributes
// NaN (ranks >= 2 of a ping-pong: they take no part, their near-zero times mean nothing).
GatheredDurations gather_local_durations(MPI_Comm comm, std::span<const double> start_s,
                                         std::span<const double> end_s,
                                         std::span<const std::uint8_t> valid = {},
                                         bool participates = true, int root = 0);

}  // namespace metron::rt
