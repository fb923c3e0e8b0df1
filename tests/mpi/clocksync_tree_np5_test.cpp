// Clock synchronization on 5 ranks: two tree levels and the remaining round for rank 4. Five
// ranks on a small machine make every round trip slow, so the parameters are minimal. The
// offset-only methods are checked against the true offsets within a time slice. The drift
// methods' slopes are meaningless here (a regression over 4 fitpoints taken in a few
// milliseconds of time-sliced round trips), so their models are checked only at the present
// instant, within 0.25 s: far looser than the offsets, yet a missed composition through the
// tree (the parent's offset, >= 0.75 s here) or a sign error (>= 1.5 s) misses by more. Their
// slopes and composition are checked by clocksync_tree_np3 and, exactly, by clocksync_model for
// p = 1..40.
#include <cmath>
#include <string_view>

#include "runtime/clocksync/clock_sync.h"
#include "tests/mpi/clocksync_tree_cases.h"

namespace cs = metron::rt::clocksync;

TEST_CASE("clock sync np5: every method runs through two tree levels") {
  setenv(cs::kClockSkewEnv, "0:0.5:0,1:1.25:0,2:-0.75:0,3:2.5:0,4:-1.5:0", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  cs::SyncParams params;
  params.fitpoints = 4;
  params.exchanges = 3;
  params.pingpongs = 10;
  params.rtt_pingpongs = 10;
  params.warmup = 1;
  for (std::string_view method : {"skampi", "netgauge", "hca3o"}) {
    cs::testing::check_method(method, params, clock, truth, 20e-3, 1e-15);
  }
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (std::string_view method : {"jk", "hca", "hca2", "hca3"}) {
    const auto sync = cs::make_clock_sync(method, clock, params);
    const cs::ClockModel model = sync->sync(MPI_COMM_WORLD);
    CAPTURE(method);
    CAPTURE(rank);
    CHECK(std::abs(cs::testing::model_error_s(model, truth, clock.now())) < 0.25);
    if (rank == 0) CHECK(model == cs::ClockModel{});
  }
}
