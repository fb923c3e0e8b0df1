// Run-time type `local` ("MPI Benchmarking Revisited", §3.2.1): per observation, the maximum over
// ranks of the local duration end - start. Combines a batch of per-rank durations (and, with a
// synchronized clock, global stamps) on the root with one collective, not one per observation:
// a gather where every rank's durations are kept, a reduction otherwise. The executor's
// per-batch exchange.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

namespace metron::rt {

// One rank's part of a batch of n observations.
struct LocalBatch {
  std::span<const double> start_s, end_s;  // n each (ignored when failed)
  std::span<const std::uint8_t> valid;     // n, or empty: all valid
  // With global stamps (gather_local_durations' `stamps`): this rank's start and end of each
  // observation on the synchronized clock, n each.
  std::span<const double> global_start_s, global_end_s;
  // False on ranks that only watch (ranks >= 2 of a ping-pong): they contribute NaN, their
  // near-zero times mean nothing.
  bool participates = true;
  bool failed = false;  // this rank's batch failed: its values are not read
};

struct GatheredDurations {
  int ranks = 0;
  std::int64_t n = 0;
  // Filled on the root only.
  bool failed = false;              // some rank passed failed; nothing below is filled then
  std::vector<double> per_rank;     // ranks x n, row r: rank r's end - start (NaN: rank idle)
  std::vector<double> max_per_obs;  // n: max over ranks, NaN ignored (the `local` run-time)
  std::vector<std::uint8_t> valid;  // n: 1 if every rank marked the observation valid
  // With stamps, n each: the earliest global start and the latest end over the participating
  // ranks (+inf and -inf when none participates).
  std::vector<double> global_start_s, global_end_s;
};

// Collective over comm; every rank passes the same n and stamps.
GatheredDurations gather_local_durations(MPI_Comm comm, std::int64_t n, bool stamps,
                                         const LocalBatch& mine, int root = 0);

// The same reduced on the ranks (one MPI_Reduce of n values per field, O(n) at the root instead
// of O(p n)): everything but per_rank, which stays empty. For jobs that do not write every
// rank's durations (`raw_per_rank = off`).
GatheredDurations reduce_local_durations(MPI_Comm comm, std::int64_t n, bool stamps,
                                         const LocalBatch& mine, int root = 0);

// gather_local_durations without stamps or failure, n = start_s.size(); throws
// std::invalid_argument when the spans differ in length.
GatheredDurations gather_local_durations(MPI_Comm comm, std::span<const double> start_s,
                                         std::span<const double> end_s,
                                         std::span<const std::uint8_t> valid = {},
                                         bool participates = true, int root = 0);

}  // namespace metron::rt
