// SKaMPI's offset estimate (runtime/clocksync/pingpong) against an injected offset, with checks
// that hold under any load: causality puts the true offset inside the bracket [lower, upper]
// (the peer read its clock between my two reads), and the estimate is the bracket's middle.
#include <doctest/doctest.h>
#include <mpi.h>

#include <cmath>

#include "runtime/clocksync/local_clock.h"
#include "runtime/clocksync/pingpong.h"
#include "tests/mpi/clocksync_truth.h"

namespace cs = metron::rt::clocksync;

namespace {

int my_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

// The true `peer clock - my clock` (seconds) with offsets only (no drift): the difference of
// the two ranks' intercepts against rank 0 (clocksync_truth.h).
double true_peer_minus_mine(const cs::LocalClock& clock) {
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  double mine = truth.intercept, theirs = 0;
  MPI_Sendrecv(&mine, 1, MPI_DOUBLE, 1 - my_rank(), 0, &theirs, 1, MPI_DOUBLE, 1 - my_rank(), 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return theirs - mine;
}

}  // namespace

TEST_CASE("skampi ping-pong: the true offset lies in the bracket, the estimate in its middle") {
  setenv(cs::kClockSkewEnv, "0:0.25:0,1:1.5:0", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const double truth = true_peer_minus_mine(clock);
  // The clocks count from their construction, which differs between the ranks by a time slice or
  // two on a loaded machine; the injected 1.25 s dominates.
  CHECK(std::abs(truth - (my_rank() == 0 ? 1.25 : -1.25)) < 0.1);
  const cs::OffsetEstimate e = cs::skampi_pingpong(MPI_COMM_WORLD, 1 - my_rank(), my_rank() == 0,
                                                   20, cs::GlobalClock(clock));
  CAPTURE(e.lower_s);
  CAPTURE(e.upper_s);
  CAPTURE(truth);
  // 1 ns: the clock's reads are rounded to nanoseconds.
  CHECK(e.lower_s <= truth + 1e-9);
  CHECK(truth <= e.upper_s + 1e-9);
  CHECK(e.peer_minus_mine_s == (e.lower_s + e.upper_s) / 2.0);
  CHECK(e.upper_s - e.lower_s <= e.min_rtt_s + 1e-9);  // the bracket is at most one round trip
  CHECK(e.min_rtt_s > 0);
}
