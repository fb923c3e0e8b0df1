// Helpers of the 3- and 5-rank clock-sync tests (clocksync_tree_np{3,5}_test). Those runs
// oversubscribe the machine, so a round trip often takes a whole time slice: the tests use tiny
// parameters and check the MPI plumbing (pairing, message flow, composition, signs) against the
// true models with skews so large (seconds, percent) that a wrong sign or a missed composition
// misses by far more than the loose tolerances, which absorb scheduling noise. The arithmetic
// is checked exactly, without MPI, in clocksync_model_test for p = 1..40.
#pragma once

#include <doctest/doctest.h>
#include <mpi.h>

#include <cmath>
#include <cstdlib>
#include <string_view>

#include "runtime/clocksync/clock_sync.h"
#include "tests/mpi/clocksync_truth.h"

namespace metron::rt::clocksync::testing {

// Syncs with `method` and checks this rank's model against the truth right after the sync. An
// offset check after the sync also absorbs slope error times the time since the model's anchor.
inline void check_method(std::string_view method, const SyncParams& params, const LocalClock& clock,
                         const ClockModel& truth, double offset_tolerance_s,
                         double slope_tolerance) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const auto sync = make_clock_sync(method, clock, params);
  const SyncResult result = run_sync(*sync, MPI_COMM_WORLD);
  const ClockModel& model = result.clock.model();
  const double error = model_error_s(model, truth, clock.now());
  CAPTURE(method);
  CAPTURE(rank);
  CAPTURE(model.slope);
  CAPTURE(truth.slope);
  CHECK(std::abs(error) < offset_tolerance_s);
  CHECK(std::abs(model.slope - truth.slope) < slope_tolerance);
  if (rank == 0) CHECK(model == ClockModel{});
}

}  // namespace metron::rt::clocksync::testing
