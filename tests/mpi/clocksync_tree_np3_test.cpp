// Clock synchronization on 3 ranks (one tree round plus the remaining round for rank 2): every
// method against the true models, with skews of seconds and percents (see clocksync_tree_cases.h).
#include <string_view>

#include "tests/mpi/clocksync_tree_cases.h"

namespace cs = metron::rt::clocksync;

namespace {

cs::SyncParams np3_params() {
  cs::SyncParams p;
  p.fitpoints = 20;
  p.exchanges = 5;
  p.pingpongs = 20;
  p.rtt_pingpongs = 20;
  p.warmup = 2;
  return p;
}

}  // namespace

TEST_CASE("clock sync np3: offset-only methods find offsets of seconds") {
  // Offsets only: an offset-only model cannot follow a drift, so none is injected here.
  setenv(cs::kClockSkewEnv, "0:0.5:0,1:1.25:0,2:-0.75:0", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  for (std::string_view method : {"skampi", "netgauge", "hca3o"}) {
    cs::testing::check_method(method, np3_params(), clock, truth, 20e-3, 1e-15);
  }
}

TEST_CASE("clock sync np3: drift methods find slopes of percents") {
  // Rank 0 drifts too, so the models are against a clock that is itself off. A slope with the
  // wrong sign is off by >= 6e-2; 1e-2 absorbs fits spoiled by time slices.
  setenv(cs::kClockSkewEnv, "0:0.5:-10000,1:1.25:30000,2:-0.75:-40000", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  for (std::string_view method : {"jk", "hca", "hca2", "hca3"}) {
    cs::testing::check_method(method, np3_params(), clock, truth, 50e-3, 1e-2);
  }
}
