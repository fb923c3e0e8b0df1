// Pure tests of Topo2's model layer (runtime/clocksync/model/topo_spec.h): the method names, the
// composition of a leader's and a rank's models checked against simulated linear clocks, and
// ClockPropagation's model. No MPI calls (tests/mpi/ holds the clock-sync layer's tests).
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

#include "runtime/clocksync/clock_sync.h"
#include "runtime/clocksync/model/topo_spec.h"

namespace cs = metron::rt::clocksync;

namespace {

// A clock reading (1 + rate)(t - origin) + offset at true time t.
struct Clock {
  double rate = 0.0;
  double offset = 0.0;
  double origin = 0.0;
  double at(double t) const { return (1.0 + rate) * (t - origin) + offset; }
};

// The exact model of `c` against `ref`: local - ref as a linear function of local time.
cs::ClockModel exact(const Clock& c, const Clock& ref) {
  const double l0 = c.at(0.0), l1 = c.at(1.0);
  const double d0 = l0 - ref.at(0.0), d1 = l1 - ref.at(1.0);
  const double slope = (d1 - d0) / (l1 - l0);
  return cs::ClockModel{slope, d0 - slope * l0};
}

std::string parse_error(std::string_view name) {
  try {
    cs::parse_topo_spec(name, cs::clock_sync_methods());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("topo2 names: defaults, levels and the refused ones") {
  const auto flat = cs::clock_sync_methods();
  CHECK(cs::is_topo_name("topo2"));
  CHECK(cs::is_topo_name("topo2:hca3:skampi"));
  CHECK_FALSE(cs::is_topo_name("hca3"));
  const cs::TopoSpec d = cs::parse_topo_spec("topo2", flat);
  CHECK(d.inter == "hca3");
  CHECK(d.intra == "hca3");
  CHECK(d.name() == "topo2:hca3:hca3");
  const cs::TopoSpec s = cs::parse_topo_spec("topo2:jk:propagate", flat);
  CHECK(s.inter == "jk");
  CHECK(s.intra == "propagate");
  CHECK(cs::parse_topo_spec("topo2:hca3o:none", flat).intra == "none");
  CHECK(parse_error("topo2:hca3") == "clock sync: unknown method 'topo2:hca3'");
  CHECK(parse_error("topo2:hca3:skampi:jk") == "clock sync: unknown method 'topo2:hca3:skampi:jk'");
  CHECK(parse_error("topo2x") == "clock sync: unknown method 'topo2x'");
  CHECK(parse_error("topo2:none:skampi") ==
        "clock sync: 'none' cannot synchronize the inter level of topo2 (allowed: skampi, "
        "netgauge, jk, hca, hca2, hca3, hca3o)");
  CHECK(parse_error("topo2:propagate:skampi") ==
        "clock sync: 'propagate' cannot synchronize the inter level of topo2 (allowed: skampi, "
        "netgauge, jk, hca, hca2, hca3, hca3o)");
  CHECK(parse_error("topo2:hca3:topo2") ==
        "clock sync: 'topo2' cannot synchronize the intra level of topo2 (allowed: none, skampi, "
        "netgauge, jk, hca, hca2, hca3, hca3o, propagate)");
}

TEST_CASE("topo2 composition: a rank's model through its leader equals its model to the root") {
  // Root, a leader 5 ms ahead and 40 ppm fast, and ranks of its node with their own skews.
  const Clock root{0.0, 0.0, 0.0};
  const Clock leader{40e-6, 5e-3, 0.25};
  const std::array<Clock, 3> members = {Clock{40e-6, 5e-3, 0.30}, Clock{-70e-6, -2e-3, 0.31},
                                        Clock{1e-2, 1.5, 0.2}};
  const cs::ClockModel leader_to_root = exact(leader, root);
  for (const Clock& m : members) {
    const cs::ClockModel composed = cs::compose_levels(leader_to_root, exact(m, leader));
    const cs::ClockModel direct = exact(m, root);
    CHECK(composed.slope == doctest::Approx(direct.slope).epsilon(1e-12));
    // Global time read through the composed model is the root's reading at that instant.
    for (double t : {0.5, 10.0, 1000.0}) {
      const double local = m.at(t);
      CHECK(std::abs(composed.to_global(local) - root.at(t)) < 1e-9);
    }
  }
  // The leader itself (its model against itself is {0, 0}) keeps its model.
  CHECK(cs::compose_levels(leader_to_root, {}) == leader_to_root);
}

TEST_CASE("topo2 propagate: ranks reading one clock differ only by their origins") {
  // One node clock, read by the leader from origin 0.25 and a rank from origin 0.4.
  const Clock node_leader{0.0, 0.0, 0.25};
  const Clock node_rank{0.0, 0.0, 0.40};
  const cs::ClockModel m = cs::propagated_model(0.25, 0.40);
  CHECK(m == exact(node_rank, node_leader));
  for (double t : {0.5, 3.0, 1e4})
    CHECK(m.to_global(node_rank.at(t)) == doctest::Approx(node_leader.at(t)));
  // Composed with the leader's model, the rank reads the root's time.
  const Clock root{0.0, 0.0, 0.0};
  const cs::ClockModel to_root = cs::compose_levels(exact(node_leader, root), m);
  CHECK(std::abs(to_root.to_global(node_rank.at(7.0)) - root.at(7.0)) < 1e-12);
}
