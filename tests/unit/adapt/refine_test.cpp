// Tests for runtime/adapt/refine (Metron's noise-aware algorithm and the shared pieces): the
// refiner loop is run to completion on synthetic curves y(x) with synthetic CIs.
#include "runtime/adapt/refine.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "runtime/adapt/refine_metron.h"
#include "runtime/adapt/refine_strategy.h"

namespace {

namespace ad = metron::adapt;

constexpr double kUs = 1e-6;
constexpr double kNs = 1e-9;

// A synthetic measurement: the value at x and its CI half-width (relative to the value).
struct Curve {
  std::function<double(double)> y;
  std::function<double(double)> rel_ci;  // NaN: CI not assessable
};

ad::RefinePoint measure(const Curve& c, double x, int round) {
  const double y = c.y(x);
  const double h = c.rel_ci(x) * y;
  return {x, y, y - h, y + h, round};
}

struct Run {
  std::vector<ad::RefinePoint> points;
  std::string stop;
  int rounds;
  double elapsed_s;
};

// The executor's loop: regular grid first, then rounds until next() returns nothing. Each
// measured point costs cost_s of refinement time.
Run run_refiner(const ad::RefineConfig& cfg, const std::vector<double>& grid, const Curve& c,
                double cost_s = 0) {
  Run run{{}, "", 0, 0};
  for (double x : grid) run.points.push_back(measure(c, x, 0));
  ad::Refiner r(cfg, grid.size());
  for (int guard = 0; guard < 10000; ++guard) {
    std::vector<double> xs = r.next(run.points, run.elapsed_s);
    if (xs.empty()) break;
    for (double x : xs) {
      run.points.push_back(measure(c, x, r.round()));
      run.elapsed_s += cost_s;
    }
  }
  run.stop = r.stop_reason();
  run.rounds = r.round();
  return run;
}

std::size_t extra_points(const Run& run) {
  return static_cast<std::size_t>(
      std::count_if(run.points.begin(), run.points.end(), [](auto& p) { return p.round > 0; }));
}

std::vector<double> geometric_grid(double first, double last, double factor) {
  std::vector<double> g;
  for (double x = first; x <= last; x *= factor) g.push_back(x);
  return g;
}

std::vector<double> additive_grid(double first, double last, double step) {
  std::vector<double> g;
  for (double x = first; x <= last; x += step) g.push_back(x);
  return g;
}

// Deterministic noise in [-1, 1] from x (splitmix64 of its bits).
double noise(double x) {
  std::uint64_t z = static_cast<std::uint64_t>(x * 1024.0) + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) / static_cast<double>(1ULL << 52) - 1.0;
}

// Linear with a step (a protocol switch) of 20 us at `step`: t = 10 us + 1 ns x, + 20 us past it.
Curve step_curve(double step) {
  return {[step](double x) { return 10 * kUs + kNs * x + (x > step ? 20 * kUs : 0.0); },
          [](double) { return 0.01; }};
}

// Where the step lies by the points: the midpoint of the interval with the biggest jump beyond the
// curve's linear part (slope 1 ns/B in step_curve()).
double located_step(const Run& run, ad::RefineAlgorithm a, double slope = kNs) {
  std::vector<ad::RefinePoint> c = ad::refine_curve(a, run.points);
  double best = -1;
  double where = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i + 1 < c.size(); ++i) {
    const double jump = std::fabs(c[i + 1].y - c[i].y - slope * (c[i + 1].x - c[i].x));
    if (jump > best) {
      best = jump;
      where = (c[i].x + c[i + 1].x) / 2;
    }
  }
  return where;
}

// A dense multiplicative grid over [first, last] locates any step within `rel` of its position
// (midpoint of the bracketing interval [b, r b]: error at most (r - 1) b / 2) when its ratio r is
// at most 1 + 2 rel. Its number of points:
std::size_t dense_grid_points(double first, double last, double rel) {
  return static_cast<std::size_t>(std::ceil(std::log(last / first) / std::log1p(2 * rel))) + 1;
}

ad::RefineConfig metron_config(bool multiplicative) {
  ad::RefineConfig cfg;
  cfg.algorithm = ad::RefineAlgorithm::Metron;
  cfg.multiplicative = multiplicative;
  return cfg;
}

bool all_distinct(const Run& run) {
  std::set<double> xs;
  for (auto& p : run.points) xs.insert(p.x);
  return xs.size() == run.points.size();
}

}  // namespace

TEST_SUITE("refine") {
  TEST_CASE("refine: helpers round as SKaMPI's round_int_to_multipleof and stay inside") {
    CHECK(ad::round_to_multiple(12, 8) == 8);  // tie: toward zero
    CHECK(ad::round_to_multiple(13, 8) == 16);
    CHECK(ad::round_to_multiple(-12, 8) == -8);  // tie: toward zero
    CHECK(ad::round_to_multiple(-13, 8) == -16);
    CHECK(ad::round_to_multiple(7, 0) == 7);  // 0 counts as 1
    ad::RefineConfig cfg;
    CHECK(ad::place_on_grid(2, 4, 3, cfg) == 3.0);
    CHECK(ad::place_on_grid(2, 3, 2.5, cfg) == std::nullopt);  // no integer strictly inside
    CHECK(ad::place_on_grid(2048, 4096, std::sqrt(2048.0 * 4096.0), cfg) == 2896.0);
    cfg.multiple_of = 64;
    CHECK(ad::place_on_grid(2048, 4096, 2896.3, cfg) == 2880.0);
    CHECK(ad::place_on_grid(0, 64, 32, cfg) == std::nullopt);
    CHECK(ad::place_on_grid(0, 128, 40, cfg) == 64.0);  // 0 is an end point: the other side
    cfg.integer = false;
    CHECK(ad::place_on_grid(0.5, 1.0, 0.75, cfg) == 0.75);
    CHECK(ad::interpolate(5, 0, 1, 10, 3) == 2.0);
    CHECK(ad::interpolate(5, 5, 1, 5, 3) == 2.0);  // degenerate: the mean
  }

  TEST_CASE("refine: algorithm names and the effective curve") {
    CHECK(ad::refine_algorithm_name(ad::RefineAlgorithm::Metron) == "metron");
    CHECK(ad::refine_algorithm_name(ad::RefineAlgorithm::Skampi) == "skampi");
    CHECK(ad::refine_algorithm_name(ad::RefineAlgorithm::Mpptest) == "mpptest");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<ad::RefinePoint> pts{
        {4, 3.0, nan, nan, 0}, {1, 1.0, nan, nan, 0}, {4, 2.0, nan, nan, 2}, {2, nan, nan, nan, 1}};
    auto m = ad::refine_curve(ad::RefineAlgorithm::Metron, pts);
    REQUIRE(m.size() == 2);  // NaN y left out, one point per x, sorted
    CHECK(m[0].x == 1.0);
    CHECK(m[1].y == 2.0);  // the latest round
    pts.push_back({4, 2.5, nan, nan, 3});
    CHECK(ad::refine_curve(ad::RefineAlgorithm::Metron, pts)[1].y == 2.5);
    CHECK(ad::refine_curve(ad::RefineAlgorithm::Mpptest, pts)[1].y == 2.0);  // the minimum
  }

  TEST_CASE("refine: metron bend needs both the tolerance and the CIs") {
    ad::RefineConfig cfg;
    // (0, 10), (10, 20), (20, 10): predicted 10 at x = 10, off by 10 (100 %).
    std::vector<ad::RefinePoint> c{{0, 10, 9, 11, 0}, {10, 20, 19, 21, 0}, {20, 10, 9, 11, 0}};
    ad::MetronBend b = ad::metron_bend(c, 1, cfg);
    CHECK(b.predicted == doctest::Approx(10));
    CHECK(b.rel == doctest::Approx(1.0));
    CHECK(b.significant());
    // CIs of +-6: lines through [4, 16] and [4, 16] reach [4, 16] at x = 10, which meets [14, 26].
    c = {{0, 10, 4, 16, 0}, {10, 20, 14, 26, 0}, {20, 10, 4, 16, 0}};
    b = ad::metron_bend(c, 1, cfg);
    CHECK(b.beyond_tolerance);
    CHECK_FALSE(b.beyond_ci);
    CHECK_FALSE(b.significant());
    // Within the tolerance (4 % < 5 %) even with tight CIs.
    c = {{0, 10, 9.99, 10.01, 0}, {10, 10.4, 10.39, 10.41, 0}, {20, 10, 9.99, 10.01, 0}};
    b = ad::metron_bend(c, 1, cfg);
    CHECK(b.beyond_ci);
    CHECK_FALSE(b.beyond_tolerance);
    // No CI: the tolerance alone decides.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    c = {{0, 10, nan, nan, 0}, {10, 20, nan, nan, 0}, {20, 10, nan, nan, 0}};
    CHECK(ad::metron_bend(c, 1, cfg).significant());
  }

  TEST_CASE("refine: metron singles out the interval with the step, not its neighbours") {
    ad::RefineConfig cfg = metron_config(true);
    std::vector<ad::RefinePoint> c;
    const Curve f = step_curve(2500);
    for (double x : geometric_grid(1, 65536, 2)) c.push_back(measure(f, x, 0));
    std::vector<ad::MetronCandidate> cands = ad::metron_candidates(c, cfg);
    REQUIRE(cands.size() == 1);
    CHECK(cands[0].a == 2048);
    CHECK(cands[0].b == 4096);
    CHECK(cands[0].mid == 2896.0);  // geometric midpoint, rounded
  }

  TEST_CASE("refine: metron locates a step within 5 % with a quarter of a dense grid's points") {
    // A dense `step *r` grid over [1, 64 KiB] that locates any step within 5 % needs r <= 1.1:
    // 118 points; a quarter is 29. The regular grid `step *2` has 17.
    const std::vector<double> grid = geometric_grid(1, 65536, 2);
    const std::size_t dense = dense_grid_points(1, 65536, 0.05);
    CHECK(dense == 118);
    for (double step :
         {37.0, 150.0, 700.0, 1100.0, 2500.0, 3600.0, 5000.0, 11000.0, 23000.0, 45000.0, 60000.0}) {
      CAPTURE(step);
      const Run run = run_refiner(metron_config(true), grid, step_curve(step));
      const double where = located_step(run, ad::RefineAlgorithm::Metron);
      CAPTURE(where);
      CHECK(std::fabs(where - step) <= 0.05 * step);
      CHECK(run.points.size() * 4 <= dense);
      CHECK(extra_points(run) > 0);
      CHECK(run.stop == ad::kRefineIntervalExhausted);  // resolution reached at the step
      CHECK(all_distinct(run));
      // Every added point lies in the regular interval that holds the step.
      const double b = std::exp2(std::floor(std::log2(step)));
      for (auto& p : run.points) {
        if (p.round > 0) {
          CHECK(p.x > b);
          CHECK(p.x < 2 * b);
        }
      }
    }
  }

  TEST_CASE("refine: the regular grid alone does not locate those steps within 5 %") {
    // So the points above were needed: without refinement the error exceeds 5 %.
    ad::RefineConfig cfg = metron_config(true);
    cfg.max_points = 0;
    const Run run = run_refiner(cfg, geometric_grid(1, 65536, 2), step_curve(2500));
    CHECK(run.stop == ad::kRefinePointsBudget);
    CHECK(extra_points(run) == 0);
    CHECK(std::fabs(located_step(run, ad::RefineAlgorithm::Metron) - 2500) > 0.05 * 2500);
  }

  TEST_CASE("refine: metron on an additive loop uses arithmetic midpoints") {
    const Run run =
        run_refiner(metron_config(false), additive_grid(0, 65536, 4096), step_curve(30000));
    CHECK(std::fabs(located_step(run, ad::RefineAlgorithm::Metron) - 30000) <= 0.05 * 30000);
    std::vector<double> added;
    for (auto& p : run.points)
      if (p.round == 1) added.push_back(p.x);
    REQUIRE(added.size() == 1);
    CHECK(added[0] == 30720);  // (28672 + 32768) / 2
    CHECK(run.points.size() <= 17 + 6);
  }

  TEST_CASE("refine: metron adds no points to a linear curve") {
    SUBCASE("exact") {
      const Curve f{[](double x) { return 10 * kUs + kNs * x; }, [](double) { return 0.01; }};
      const Run run = run_refiner(metron_config(true), geometric_grid(1, 65536, 2), f);
      CHECK(extra_points(run) == 0);
      CHECK(run.stop == ad::kRefineConverged);
      CHECK(run.rounds == 0);
    }
    SUBCASE("noisy, noise inside the CIs") {
      const Curve f{[](double x) { return (10 * kUs + 5 * kNs * x) * (1 + 0.01 * noise(x)); },
                    [](double) { return 0.02; }};
      const Run run = run_refiner(metron_config(false), additive_grid(0, 65536, 2048), f);
      CHECK(extra_points(run) == 0);
      CHECK(run.stop == ad::kRefineConverged);
    }
    SUBCASE("no CIs") {
      const Curve f{[](double x) { return 3 * kUs + 2 * kNs * x; },
                    [](double) { return std::numeric_limits<double>::quiet_NaN(); }};
      const Run run = run_refiner(metron_config(true), geometric_grid(1, 1 << 20, 2), f);
      CHECK(extra_points(run) == 0);
    }
  }

  TEST_CASE("refine: metron adds no points to a flat noisy curve whose CIs overlap") {
    // 8 % noise: the bends exceed the 5 % tolerance, but the CIs (15 %) say it is noise.
    const Curve f{[](double x) { return 10 * kUs * (1 + 0.08 * noise(x)); },
                  [](double) { return 0.15; }};
    const std::vector<double> grid = geometric_grid(1, 65536, 2);
    std::vector<ad::RefinePoint> c;
    for (double x : grid) c.push_back(measure(f, x, 0));
    int beyond_tolerance = 0;
    for (std::size_t i = 1; i + 1 < c.size(); ++i)
      beyond_tolerance += ad::metron_bend(c, i, metron_config(true)).beyond_tolerance ? 1 : 0;
    CHECK(beyond_tolerance > 0);  // the tolerance alone would refine
    const Run run = run_refiner(metron_config(true), grid, f);
    CHECK(extra_points(run) == 0);
    CHECK(run.stop == ad::kRefineConverged);
  }

  TEST_CASE("refine: metron refines a noisy curve only where its CIs justify it") {
    SUBCASE("one real spike among noise") {
      // Flat with 1 % noise and 3 % CIs, but x = 1024 is 2x higher with a tight CI: the points
      // go around 1024 only.
      const Curve f{[](double x) { return (x == 1024 ? 20 : 10) * kUs * (1 + 0.01 * noise(x)); },
                    [](double x) { return x == 1024 ? 0.01 : 0.03; }};
      const Run run = run_refiner(metron_config(true), geometric_grid(1, 65536, 2), f);
      CHECK(extra_points(run) > 0);
      for (auto& p : run.points) {
        if (p.round > 0) {
          CHECK(p.x > 512);
          CHECK(p.x < 2048);
        }
      }
      CHECK(run.stop == ad::kRefineIntervalExhausted);
    }
    SUBCASE("noise with CIs too narrow for it: refines, within the budget") {
      const Curve f{[](double x) { return 10 * kUs * (1 + 0.08 * noise(x)); },
                    [](double) { return 0.001; }};
      ad::RefineConfig cfg = metron_config(true);
      cfg.max_points = 20;
      const Run run = run_refiner(cfg, geometric_grid(1, 65536, 2), f);
      CHECK(extra_points(run) > 0);
      CHECK(extra_points(run) <= 20);
      CHECK(all_distinct(run));
    }
  }

  TEST_CASE("refine: metron draws points into the interval of a kink") {
    // The slope goes from 1 ns/B to 10 ns/B at 5000 B (eager to rendezvous, say).
    const Curve f{
        [](double x) { return 10 * kUs + kNs * x + (x > 5000 ? 9 * kNs * (x - 5000) : 0); },
        [](double) { return 0.01; }};
    const Run run = run_refiner(metron_config(true), geometric_grid(1, 65536, 2), f);
    CHECK(extra_points(run) > 0);
    CHECK(extra_points(run) <= 8);
    for (auto& p : run.points) {
      if (p.round > 0) {
        CHECK(p.x > 4096 / 2);
        CHECK(p.x < 8192 * 2);
      }
    }
  }

  TEST_CASE("refine: metron budgets") {
    const std::vector<double> grid = geometric_grid(1, 65536, 2);
    SUBCASE("points") {
      ad::RefineConfig cfg = metron_config(true);
      cfg.max_points = 2;
      const Run run = run_refiner(cfg, grid, step_curve(2500));
      CHECK(extra_points(run) == 2);
      CHECK(run.stop == ad::kRefinePointsBudget);
    }
    SUBCASE("time: overrun by at most one point") {
      ad::RefineConfig cfg = metron_config(true);
      cfg.max_time_s = 2.5;
      const Curve f{[](double x) { return 10 * kUs * (1 + 0.08 * noise(x)); },
                    [](double) { return 0.001; }};
      const Run run = run_refiner(cfg, grid, f, 1.0);
      CHECK(run.stop == ad::kRefineTimeBudget);
      CHECK(run.elapsed_s >= 2.5);
      CHECK(run.elapsed_s <= 2.5 + 1.0);
    }
    SUBCASE("several points per round, strongest bend first") {
      // Two steps: 20 us at 2500 and 5 us at 20000; round 1 measures both intervals.
      const Curve f{
          [](double x) { return 10 * kUs + (x > 2500 ? 20 * kUs : 0) + (x > 20000 ? 5 * kUs : 0); },
          [](double) { return 0.01; }};
      ad::RefineConfig cfg = metron_config(true);
      std::vector<ad::RefinePoint> pts;
      for (double x : grid) pts.push_back(measure(f, x, 0));
      ad::Refiner r(cfg, pts.size());
      const std::vector<double> xs = r.next(pts, 0);
      REQUIRE(xs.size() == 2);
      CHECK(xs[0] == 2896);   // in [2048, 4096]: the bigger bend
      CHECK(xs[1] == 23170);  // in [16384, 32768]
      CHECK(r.round() == 1);
      CHECK(r.stop_reason().empty());
    }
  }

  TEST_CASE("refine: metron keeps to the loop's multipleof and never repeats an x") {
    ad::RefineConfig cfg = metron_config(true);
    cfg.multiple_of = 8;
    const Run run = run_refiner(cfg, geometric_grid(8, 65536, 2), step_curve(2500));
    CHECK(extra_points(run) > 0);
    for (auto& p : run.points) CHECK(std::fmod(p.x, 8.0) == 0.0);
    CHECK(all_distinct(run));
    CHECK(std::fabs(located_step(run, ad::RefineAlgorithm::Metron) - 2500) <= 0.05 * 2500);
  }

  TEST_CASE("refine: a point the caller drops is not issued again") {
    const Curve f = step_curve(2500);
    std::vector<ad::RefinePoint> pts;
    for (double x : geometric_grid(1, 65536, 2)) pts.push_back(measure(f, x, 0));
    ad::Refiner r(metron_config(true), pts.size());
    CHECK(r.next(pts, 0) == std::vector<double>{2896});
    CHECK(r.next(pts, 0).empty());  // 2896 was never delivered
    CHECK(r.stop_reason() == ad::kRefineIntervalExhausted);
    CHECK(r.next(pts, 0).empty());  // stays stopped
  }

  TEST_CASE("refine: too few points to judge") {
    const Curve f = step_curve(2500);
    std::vector<ad::RefinePoint> pts{measure(f, 1024, 0), measure(f, 4096, 0)};
    ad::Refiner r(metron_config(true), pts.size());
    CHECK(r.next(pts, 0).empty());
    CHECK(r.stop_reason() == ad::kRefineConverged);
  }
}
