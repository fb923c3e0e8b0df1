// Tests for runtime/adapt/refine_mpptest: mpptest's -auto refinement (autorel, autodx, breadth-
// first levels, the live-list bisection) and its smoothing re-runs (Gropp & Lusk, "Reproducible
// Measurements of MPI Performance Characteristics" §3.2).
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "runtime/adapt/refine.h"

namespace {

namespace ad = metron::adapt;

constexpr double kUs = 1e-6;

struct Run {
  std::vector<ad::RefinePoint> points;
  std::vector<std::vector<double>> rounds;  // what each round asked for
  std::string stop;
};

// y may keep state (a transient spike); it is called once per measurement.
Run run_mpptest(const ad::RefineConfig& cfg, const std::vector<double>& grid,
                const std::function<double(double)>& y) {
  Run run;
  for (double x : grid) {
    const double v = y(x);
    run.points.push_back({x, v, v, v, 0});
  }
  ad::Refiner r(cfg, grid.size());
  for (int guard = 0; guard < 1000; ++guard) {
    std::vector<double> xs = r.next(run.points, 0);
    if (xs.empty()) break;
    run.rounds.push_back(xs);
    for (double x : xs) {
      const double v = y(x);
      run.points.push_back({x, v, v, v, r.round()});
    }
  }
  run.stop = r.stop_reason();
  return run;
}

ad::RefineConfig mpptest_config(double autorel, std::int64_t autodx) {
  ad::RefineConfig cfg;
  cfg.algorithm = ad::RefineAlgorithm::Mpptest;
  cfg.rel_tolerance = autorel;
  cfg.min_gap = autodx;
  return cfg;
}

// mpptest's initial -auto grid over -size 0 1024: first + i (last - first) / 8, 9 points.
std::vector<double> mpptest_grid() {
  std::vector<double> g;
  for (int i = 0; i <= 8; ++i) g.push_back(128.0 * i);
  return g;
}

// Flat 10 us, 3 % higher at 512 only.
double bump(double x) {
  return x == 512 ? 10.3 * kUs : 10 * kUs;
}

std::set<double> as_set(const std::vector<double>& v) {
  return {v.begin(), v.end()};
}

}  // namespace

TEST_SUITE("refine") {
  TEST_CASE("refine: mpptest leaves a linear curve alone") {
    const Run run = run_mpptest(mpptest_config(0.02, 4), mpptest_grid(),
                                [](double x) { return 5 * kUs + 1e-9 * x; });
    CHECK(run.rounds.empty());
    CHECK(run.stop == ad::kRefineConverged);
  }

  TEST_CASE("refine: mpptest respects autorel") {
    // At 512: t_est = 10 from 384 and 640, |10.3 - 10| = 3 % of it. 384 and 640 see
    // t_est = 10.15, 1.5 % off.
    SUBCASE("autorel 0.05: within tolerance") {
      const Run run = run_mpptest(mpptest_config(0.05, 4), mpptest_grid(), bump);
      CHECK(run.rounds.empty());
      CHECK(run.stop == ad::kRefineConverged);
    }
    SUBCASE("autorel 0.02: both intervals next to 512 are bisected") {
      const Run run = run_mpptest(mpptest_config(0.02, 4), mpptest_grid(), bump);
      REQUIRE(!run.rounds.empty());
      CHECK(as_set(run.rounds[0]) == std::set<double>{448, 576});
    }
  }

  TEST_CASE("refine: mpptest respects autodx") {
    SUBCASE("autodx 16: gaps 64, 32, 16, then no interval is wider than autodx") {
      const Run run = run_mpptest(mpptest_config(0.02, 16), mpptest_grid(), bump);
      REQUIRE(run.rounds.size() == 3);
      CHECK(as_set(run.rounds[1]) == std::set<double>{480, 544});
      CHECK(as_set(run.rounds[2]) == std::set<double>{496, 528});
      CHECK(run.stop == ad::kRefineIntervalExhausted);
    }
    SUBCASE("autodx 1: six levels, mpptest's budget") {
      const Run run = run_mpptest(mpptest_config(0.02, 1), mpptest_grid(), bump);
      CHECK(run.rounds.size() == 6);
      CHECK(as_set(run.rounds[5]) == std::set<double>{510, 514});
      CHECK(run.stop == ad::kRefineRoundBudget);
    }
    SUBCASE("no gap at or below autodx is ever split") {
      const std::int64_t dx = 24;
      const Run run = run_mpptest(mpptest_config(0.02, dx), mpptest_grid(),
                                  [](double x) { return (x > 600 ? 20 : 10) * kUs; });
      std::vector<double> xs;
      for (auto& p : run.points) xs.push_back(p.x);
      std::sort(xs.begin(), xs.end());
      xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
      // A split interval was wider than dx, so both halves are at least dx / 2 wide.
      for (std::size_t i = 0; i + 1 < xs.size(); ++i) CHECK(xs[i + 1] - xs[i] >= dx / 2);
      CHECK(run.stop == ad::kRefineIntervalExhausted);
    }
  }

  TEST_CASE("refine: mpptest bisects the live list, as InsertElm does") {
    // Step between 512 and 640: both are flagged. 512 bisects (384,512) and (512,640) -> 448,
    // 576; 640's left neighbour is now 576, so it bisects (576,640) -> 608, and (640,768) -> 704.
    const Run run = run_mpptest(mpptest_config(0.02, 4), mpptest_grid(),
                                [](double x) { return (x > 600 ? 20 : 10) * kUs; });
    REQUIRE(!run.rounds.empty());
    CHECK(as_set(run.rounds[0]) == std::set<double>{448, 576, 608, 704});
  }

  TEST_CASE("refine: mpptest smoothing re-runs anomalously high points") {
    // autorel 0.5 keeps refinement out of it; 13 us > 1.1 * 10 us flags 512 for a re-run.
    SUBCASE("a transient: one re-run brings it down, then nothing is flagged") {
      std::map<double, int> seen;
      auto y = [&](double x) { return x == 512 && seen[x]++ == 0 ? 13 * kUs : 10 * kUs; };
      const Run run = run_mpptest(mpptest_config(0.5, 4), mpptest_grid(), y);
      REQUIRE(run.rounds.size() == 1);
      CHECK(run.rounds[0] == std::vector<double>{512});
      CHECK(run.stop == ad::kRefineConverged);
      const auto curve = ad::refine_curve(ad::RefineAlgorithm::Mpptest, run.points);
      CHECK(curve.size() == 9);
      CHECK(curve[4].y == 10 * kUs);  // the minimum of the two measurements
    }
    SUBCASE("a lasting anomaly: four passes at most") {
      auto y = [](double x) { return x == 512 ? 13 * kUs : 10 * kUs; };
      const Run run = run_mpptest(mpptest_config(0.5, 4), mpptest_grid(), y);
      CHECK(run.rounds.size() == 4);
      for (auto& r : run.rounds) CHECK(r == std::vector<double>{512});
    }
  }

  TEST_CASE("refine: mpptest stops when its 1024 result slots are full") {
    // A zigzag over 400 points: every point is flagged at every level.
    std::vector<double> grid;
    for (int i = 0; i < 400; ++i) grid.push_back(1024.0 * i);
    const Run run = run_mpptest(mpptest_config(0.02, 1), grid, [](double x) {
      return (static_cast<long long>(x) / 7 % 2 == 0 ? 10 : 20) * kUs;
    });
    std::set<double> xs;
    for (auto& p : run.points) xs.insert(p.x);
    CHECK(xs.size() <= 1024);
    CHECK(xs.size() > 1000);
    CHECK(run.stop == ad::kRefinePointsBudget);
  }
}
