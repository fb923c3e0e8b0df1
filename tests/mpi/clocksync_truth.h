// Test helper for the clock-sync MPI tests: the exact model of each rank's LocalClock against
// rank 0's, known because all ranks of a test run on one host and read the same
// CLOCK_MONOTONIC; only their origins and the injected METRON_CLOCK_SKEW differ.
#pragma once

#include <mpi.h>

#include "runtime/clocksync/local_clock.h"

namespace metron::rt::clocksync::testing {

// With raw time T, rank r reads local_r = (T - o_r)(1 + d_r) + off_r (LocalClock, ClockSkew).
// Eliminating T between rank r and rank 0 gives local_r - local_0 = slope local_r + intercept
// with k = (1 + d_0) / (1 + d_r), slope = 1 - k, intercept = off_r k - (o_r - o_0)(1 + d_0) -
// off_0. Collective over comm.
inline ClockModel true_model(MPI_Comm comm, const LocalClock& clock) {
  double root[3] = {clock.origin_s(), clock.skew().offset_s, clock.skew().drift_ppm * 1e-6};
  MPI_Bcast(root, 3, MPI_DOUBLE, 0, comm);
  const double d0 = root[2], dr = clock.skew().drift_ppm * 1e-6;
  const double k = (1.0 + d0) / (1.0 + dr);
  return ClockModel{
      1.0 - k, clock.skew().offset_s * k - (clock.origin_s() - root[0]) * (1.0 + d0) - root[1]};
}

// How far `model` puts this rank's global clock from the truth at local time local_s.
inline double model_error_s(const ClockModel& model, const ClockModel& truth, double local_s) {
  return model.to_global(local_s) - truth.to_global(local_s);
}

}  // namespace metron::rt::clocksync::testing
