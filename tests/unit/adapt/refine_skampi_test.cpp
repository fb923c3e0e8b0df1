// Tests for runtime/adapt/refine_skampi: SKaMPI's autorefine (SKaMPI 5 src/autorefine.c) — weights
// worked out by hand from its formula, the factor * m budget, integer midpoints and exhaustion.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "runtime/adapt/refine.h"

namespace {

namespace ad = metron::adapt;

struct Run {
  std::vector<ad::RefinePoint> points;
  std::vector<double> order;  // x values in the order the refiner asked for them
  std::string stop;
};

Run run_skampi(const ad::RefineConfig& cfg, const std::vector<double>& grid,
               const std::function<double(double)>& y) {
  Run run;
  for (double x : grid) run.points.push_back({x, y(x), y(x), y(x), 0});
  ad::Refiner r(cfg, grid.size());
  for (int guard = 0; guard < 10000; ++guard) {
    std::vector<double> xs = r.next(run.points, 0);
    if (xs.empty()) break;
    REQUIRE(xs.size() == 1);  // SKaMPI measures one point per round
    run.order.push_back(xs[0]);
    run.points.push_back({xs[0], y(xs[0]), y(xs[0]), y(xs[0]), r.round()});
  }
  run.stop = r.stop_reason();
  return run;
}

ad::RefineConfig skampi_config(double factor = 2.0) {
  ad::RefineConfig cfg;
  cfg.algorithm = ad::RefineAlgorithm::Skampi;
  cfg.factor = factor;
  return cfg;
}

double step17(double x) {
  return x > 17 ? 10.0 : 0.0;
}

}  // namespace

TEST_SUITE("refine") {
  TEST_CASE("refine: skampi picks by weight, worked by hand") {
    // Points (0,0) (10,0) (20,10) (30,10), guards copy (0,0) and (30,10). Weights
    // max(|line(c,d)(b) - r_b|, |line(a,b)(c) - r_c|) * (d - a):
    //   [0,10]:  a=b=(0,0),  c=(10,0), d=(20,10): max(|-10-0|, |0-0|) * 20 = 200
    //   [10,20]: a=(0,0), d=(30,10): max(|10-0|, |0-10|) * 30 = 300      -> first: 15
    //   [20,30]: a=(10,0), c=d=(30,10): max(|10-10|, |20-10|) * 20 = 200
    // 15 measures 0. Re-weighted: [20,30] with a=(15,0): line (15,0)-(20,10) at 30 is 30,
    // |30-10| * 15 = 300; [0,10] with d=(15,0): 0. New: [10,15] (mid 12) 200, [15,20] (mid 17)
    // 200.                                                                 -> second: 25
    // 25 measures 10. Re-weighted: [15,20] with d=(25,10): max(10, 10) * 15 = 150. New: [20,25]
    // (mid 22): line (15,0)-(20,10) at 25 is 20, |20-10| * 15 = 150; [25,30]: 0.  -> third: 12
    // 12 measures 0. Re-weighted: [15,20] with a=(12,0): 10 * 13 = 130; [0,10]: 0. New [10,12]: 0,
    // [12,15]: line (15,0)-(20,10) at 12 is -6, 6 * 10 = 60.        -> fourth: 22 (150 > 130)
    const Run run = run_skampi(skampi_config(10), {0, 10, 20, 30}, step17);
    REQUIRE(run.order.size() >= 5);
    CHECK(run.order[0] == 15);
    CHECK(run.order[1] == 25);
    CHECK(run.order[2] == 12);
    CHECK(run.order[3] == 22);
    CHECK(run.order[4] == 17);
  }

  TEST_CASE("refine: skampi measures while measurements < factor * m") {
    std::vector<double> grid;
    for (double x = 1; x <= 65536; x *= 2) grid.push_back(x);  // m = 17
    auto y = [](double x) { return 1e-5 + 1e-9 * x + (x > 2500 ? 2e-5 : 0.0); };
    SUBCASE("factor 2: 34 in all") {
      const Run run = run_skampi(skampi_config(2.0), grid, y);
      CHECK(run.points.size() == 34);
      CHECK(run.stop == ad::kRefinePointsBudget);
    }
    SUBCASE("factor 1.5: 26 in all (25.5 rounded up by the < test)") {
      const Run run = run_skampi(skampi_config(1.5), grid, y);
      CHECK(run.points.size() == 26);
    }
    SUBCASE("factor 1: none") {
      const Run run = run_skampi(skampi_config(1.0), grid, y);
      CHECK(run.points.size() == 17);
      CHECK(run.stop == ad::kRefinePointsBudget);
    }
    SUBCASE("a linear curve gets the full budget too: SKaMPI has no convergence test") {
      const Run run =
          run_skampi(skampi_config(2.0), grid, [](double x) { return 1e-5 + 1e-9 * x; });
      CHECK(run.points.size() == 34);
    }
    SUBCASE("the step's neighbourhood goes first (flat elsewhere)") {
      // With a slope, the outermost interval wins first: the guard makes the line beyond the
      // last point flat, and the weight scales with the span (49152 here).
      CHECK(run_skampi(skampi_config(2.0), grid, y).order[0] == 49152);
      const Run run =
          run_skampi(skampi_config(2.0), grid, [](double x) { return x > 2500 ? 3e-5 : 1e-5; });
      // [2048,4096] weighs 20 * (8192 - 1024) = 143360, but [4096,8192] more: the line through
      // (2048,10) and (4096,30) extrapolated to 8192 is 70, |70 - 30| * (16384 - 2048) = 573440.
      // Then [4096,6144]: that line at 6144 is 50, 20 * (8192 - 2048) = 122880 against
      // [2048,4096]'s 20 * (6144 - 1024) = 102400; after 5120 the step's interval leads with
      // 20 * (5120 - 1024) = 81920.
      CHECK(run.order[0] == 6144);
      CHECK(run.order[1] == 5120);
      CHECK(run.order[2] == 3072);  // (2048 + 4096) / 2: arithmetic, not geometric
    }
  }

  TEST_CASE("refine: skampi stops when every interval is exhausted") {
    SUBCASE("adjacent integers: no candidate at all") {
      const Run run = run_skampi(skampi_config(10), {1, 2, 3, 4}, step17);
      CHECK(run.order.empty());
      CHECK(run.stop == ad::kRefineIntervalExhausted);
    }
    SUBCASE("1, 3, 5: 2 and 4, then nothing") {
      const Run run = run_skampi(skampi_config(10), {1, 3, 5}, step17);
      CHECK(std::set<double>(run.order.begin(), run.order.end()) == std::set<double>{2, 4});
      CHECK(run.stop == ad::kRefineIntervalExhausted);
    }
    SUBCASE("multipleof 8: midpoints rounded to multiples, ties toward zero") {
      ad::RefineConfig cfg = skampi_config(10);
      cfg.multiple_of = 8;
      const Run run = run_skampi(cfg, {0, 24, 64}, step17);
      // (0+24)/2 = 12 -> 8; (24+64)/2 = 44 -> 40; then (8+24)/2 = 16, (0+8)/2 = 4 -> 0 (none) ...
      for (double x : run.order) CHECK(std::fmod(x, 8.0) == 0.0);
      CHECK(std::set<double>(run.order.begin(), run.order.end()).count(8) == 1);
      CHECK(std::set<double>(run.order.begin(), run.order.end()).count(40) == 1);
      std::set<double> all;
      for (auto& p : run.points) all.insert(p.x);
      CHECK(all.size() == run.points.size());  // never the same x twice
      CHECK(run.stop == ad::kRefineIntervalExhausted);
    }
  }

  TEST_CASE("refine: skampi on a non-integer loop uses the exact midpoint") {
    ad::RefineConfig cfg = skampi_config(1.5);
    cfg.integer = false;
    const Run run =
        run_skampi(cfg, {0.5, 1.0, 1.5, 2.0}, [](double x) { return x > 1.2 ? 2.0 : 1.0; });
    REQUIRE(!run.order.empty());
    CHECK(run.order[0] == 1.25);
    CHECK(run.points.size() == 6);
  }
}
