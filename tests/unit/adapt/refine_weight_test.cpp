// Known-value tests for the weights and order of Metron's refinement candidates
// (docs/refinement.md: an interval's weight is the smaller of its two ends' relative bends; the
// heavier candidate is refined first; a multiplicative loop splits at the geometric midpoint).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "runtime/adapt/refine.h"
#include "runtime/adapt/refine_metron.h"
#include "runtime/adapt/refine_strategy.h"

namespace {

namespace ad = metron::adapt;

// Points with zero-width CIs, so only the tolerance decides a bend.
std::vector<ad::RefinePoint> exact_curve(const std::vector<double>& xs,
                                         const std::vector<double>& ys) {
  std::vector<ad::RefinePoint> c;
  for (std::size_t i = 0; i < xs.size(); ++i) c.push_back({xs[i], ys[i], ys[i], ys[i], 0});
  return c;
}

ad::RefineConfig additive() {
  ad::RefineConfig cfg;
  cfg.algorithm = ad::RefineAlgorithm::Metron;
  cfg.multiplicative = false;
  cfg.integer = true;
  cfg.rel_tolerance = 0.05;
  cfg.max_points = 100;
  return cfg;
}

}  // namespace

TEST_CASE("refine: a candidate's weight is the smaller relative bend of its two ends") {
  // y = 1, 1, 5, 2, 2 at x = 0, 10, 20, 30, 40: the relative bends at x = 10, 20, 30 are
  // |1 - 3| / 3, |5 - 1.5| / 1.5 and |2 - 3.5| / 3.5 (each against the line through its
  // neighbours), all beyond 5 %.
  const auto c = exact_curve({0, 10, 20, 30, 40}, {1, 1, 5, 2, 2});
  const ad::RefineConfig cfg = additive();
  const double r1 = 2.0 / 3.0, r2 = 3.5 / 1.5, r3 = 1.5 / 3.5;
  CHECK(ad::metron_bend(c, 1, cfg).rel == doctest::Approx(r1).epsilon(1e-14));
  CHECK(ad::metron_bend(c, 2, cfg).rel == doctest::Approx(r2).epsilon(1e-14));
  CHECK(ad::metron_bend(c, 3, cfg).rel == doctest::Approx(r3).epsilon(1e-14));
  const auto cands = ad::metron_candidates(c, cfg);
  // Interior intervals (10, 20) and (20, 30); the end intervals are not candidates because
  // their interior neighbour bends too.
  REQUIRE(cands.size() == 2);
  CHECK(cands[0].a == 10);
  CHECK(cands[0].b == 20);
  CHECK(cands[0].weight == doctest::Approx(std::min(r1, r2)).epsilon(1e-14));
  CHECK(cands[0].mid == 15.0);
  CHECK(cands[1].a == 20);
  CHECK(cands[1].weight == doctest::Approx(std::min(r2, r3)).epsilon(1e-14));
  CHECK(cands[1].mid == 25.0);
}

TEST_CASE("refine: with room for one point the heavier candidate is refined") {
  const auto c = exact_curve({0, 10, 20, 30, 40}, {1, 1, 5, 2, 2});
  ad::RefineConfig cfg = additive();
  cfg.max_points = 1;
  ad::Refiner r(cfg, c.size());
  const std::vector<double> xs = r.next(c, 0.0);
  REQUIRE(xs.size() == 1);
  CHECK(xs[0] == 15.0);  // weight 2/3 beats 3/7
}

TEST_CASE("refine: a step at the first interval is refined only when x_2 does not bend") {
  // One bend, at x = 10 only (the line through x = 0 and x = 20 misses y(10) by far; y is linear
  // from x = 10 on): the first interval (0, 10) is the only candidate.
  const auto c = exact_curve({0, 10, 20, 30, 40}, {0, 10, 11, 12, 13});
  const ad::RefineConfig cfg = additive();
  const auto cands = ad::metron_candidates(c, cfg);
  REQUIRE(cands.size() == 1);
  CHECK(cands[0].a == 0);
  CHECK(cands[0].b == 10);
  // With x = 20 bending as well, the first interval is no candidate.
  const auto c2 = exact_curve({0, 10, 20, 30, 40}, {0, 10, 30, 31, 32});
  for (const auto& k : ad::metron_candidates(c2, cfg)) CHECK(k.a != 0);
}

TEST_CASE("refine: a midpoint halfway between two grid values goes to the lower one") {
  ad::RefineConfig cfg = additive();
  cfg.multiple_of = 4;
  CHECK(ad::place_on_grid(0, 100, 10, cfg) == 8.0);  // 8 and 12 are equally near
  CHECK(ad::place_on_grid(0, 100, 10.5, cfg) == 12.0);
  cfg.multiple_of = 0;
  CHECK(ad::place_on_grid(0, 100, 10.5, cfg) == 10.0);  // integers: 10 and 11, a tie
}
