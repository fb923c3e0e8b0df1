// Topo2 on 4 ranks split into two "nodes" of 2 ({0, 1} and {2, 3}; one host, so the node split
// is the test's, not MPI_COMM_TYPE_SHARED's), against the true models of injected skews. As in
// clocksync_tree_np5, 4 ranks on a small machine make round trips slow: the parameters are
// minimal and the skews so large (seconds, percent) that a missed composition through the
// leader or a sign error misses by far more than the tolerances.
#include <doctest/doctest.h>
#include <mpi.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>

#include "runtime/clocksync/clock_sync.h"
#include "runtime/clocksync/topo2.h"
#include "tests/mpi/clocksync_truth.h"

namespace cs = metron::rt::clocksync;

namespace {

MPI_Comm two_per_node(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split(comm, rank / 2, rank, &node);
  return node;
}

cs::SyncParams small_params() {
  cs::SyncParams p;
  p.fitpoints = 4;
  p.exchanges = 3;
  p.pingpongs = 10;
  p.rtt_pingpongs = 10;
  p.warmup = 1;
  return p;
}

// This rank's error against the truth right after a Topo2 sync over two nodes of 2.
double topo2_error(const cs::TopoSpec& spec, const cs::LocalClock& clock,
                   const cs::ClockModel& truth, cs::ClockModel* model_out = nullptr,
                   const cs::SyncParams& params = small_params()) {
  cs::Topo2 sync(clock, params, spec, two_per_node);
  const cs::ClockModel model = cs::run_sync(sync, MPI_COMM_WORLD).clock.model();
  if (model_out) *model_out = model;
  return std::abs(cs::testing::model_error_s(model, truth, clock.now()));
}

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

}  // namespace

TEST_CASE("topo2 np4: offsets through the leaders, per level method") {
  // Node {2, 3} is 2 s ahead of the root's node: a rank that missed its leader's model misses
  // by at least 1.25 s.
  setenv(cs::kClockSkewEnv, "0:0.5:0,1:1.25:0,2:2.5:0,3:3.75:0", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  for (const cs::TopoSpec& spec :
       {cs::TopoSpec{"skampi", "skampi"}, cs::TopoSpec{"hca3o", "netgauge"},
        cs::TopoSpec{"netgauge", "hca3o"}}) {
    CAPTURE(spec.name());
    CAPTURE(world_rank());
    cs::ClockModel model;
    CHECK(topo2_error(spec, clock, truth, &model) < 20e-3);
    CHECK(model.slope == 0.0);
    if (world_rank() == 0) CHECK(model == cs::ClockModel{});
  }
}

TEST_CASE("topo2 np4: drift composed through the leader (hca3 between nodes, jk inside)") {
  // The second node runs 20% fast, its second rank 35%: true slopes 1 - 1/1.2 = 0.167 (rank 2)
  // and 1 - 1/1.35 = 0.259 (rank 3). Tolerances as in clocksync_tree_np3 (20 fitpoints on
  // time-sliced round trips): 0.06 in slope, 50 ms in offset. Rank 3's model against its
  // leader alone has slope 0.111 and misses the leader's 1.5 s offset.
  setenv(cs::kClockSkewEnv, "1:0.75:0,2:1.5:200000,3:-1:350000", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  cs::SyncParams params = small_params();
  params.fitpoints = 20;
  params.exchanges = 5;
  params.pingpongs = 20;
  params.rtt_pingpongs = 20;
  params.warmup = 2;
  for (const cs::TopoSpec& spec : {cs::TopoSpec{"hca3", "jk"}, cs::TopoSpec{"hca", "hca3"}}) {
    CAPTURE(spec.name());
    CAPTURE(world_rank());
    cs::ClockModel model;
    CHECK(topo2_error(spec, clock, truth, &model, params) < 50e-3);
    CHECK(std::abs(model.slope - truth.slope) < 0.06);
  }
}

TEST_CASE("topo2 np4: propagate adopts the leader's model on a node that reads one clock") {
  // One skew per node, no drift: the ranks of a node read one clock up to their origins.
  setenv(cs::kClockSkewEnv, "2:1.5:0,3:1.5:0", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  CAPTURE(world_rank());
  cs::ClockModel model;
  CHECK(topo2_error(cs::TopoSpec{"skampi", "propagate"}, clock, truth, &model) < 20e-3);
  // Rank 1 measured nothing: its model is exactly the origin difference to rank 0.
  if (world_rank() == 1) CHECK(std::abs(model.intercept - truth.intercept) < 1e-9);
}

TEST_CASE("topo2 np4: the factory, its parameters, and one node (MPI_COMM_TYPE_SHARED)") {
  setenv(cs::kClockSkewEnv, "1:0.25:0,2:0.5:0,3:0.75:0", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  const auto sync = cs::make_clock_sync("topo2:hca3o:skampi", clock, small_params());
  CHECK(sync->name() == "topo2:hca3o:skampi");
  const auto used = sync->used_params();
  REQUIRE(used.size() == 4);
  CHECK(used[0] == std::pair<std::string, std::string>{"inter", "hca3o"});
  CHECK(used[1] == std::pair<std::string, std::string>{"intra", "skampi"});
  CHECK(used[2] == std::pair<std::string, std::string>{"inter.pingpongs", "10"});
  CHECK(used[3] == std::pair<std::string, std::string>{"intra.pingpongs", "10"});
  // All ranks share this host: one node, a single leader, and skampi does all the work.
  const cs::ClockModel model = cs::run_sync(*sync, MPI_COMM_WORLD).clock.model();
  CAPTURE(world_rank());
  CHECK(std::abs(cs::testing::model_error_s(model, truth, clock.now())) < 20e-3);
  CHECK_THROWS_WITH_AS(cs::make_clock_sync("topo2:none:jk", clock, small_params()),
                       "clock sync: 'none' cannot synchronize the inter level of topo2 (allowed: "
                       "skampi, netgauge, jk, hca, hca2, hca3, hca3o)",
                       std::invalid_argument);
}
