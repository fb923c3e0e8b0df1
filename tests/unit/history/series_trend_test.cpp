// Tests for runtime/history/series_trend: changes between runs, their ratios and the latest
// run's verdict, with both methods.
#include "runtime/history/series_trend.h"

#include <doctest/doctest.h>

#include <vector>

namespace h = metron::history;

namespace {

// Six runs of three launches at about 10, then four at about 15: a change at run 6 (0-based).
std::vector<std::vector<double>> stepped() {
  std::vector<std::vector<double>> runs;
  for (int r = 0; r < 10; ++r) {
    const double base = r < 6 ? 10.0 : 15.0;
    runs.push_back({base * 0.99 + 0.01 * r, base * 1.01 - 0.01 * r, base + 0.02 * (r % 3)});
  }
  return runs;
}

}  // namespace

TEST_SUITE("series_trend") {
  TEST_CASE("series_trend: Hunter's method finds the run where the series changed") {
    h::TrendOptions o;
    auto t = h::analyze_series(stepped(), o);
    REQUIRE(t.changes.size() == 1);
    const h::RunChange& c = t.changes[0];
    CHECK(c.run == 6);
    CHECK(c.before_from == 0);
    CHECK(c.after_to == 10);
    CHECK(c.n_before == 18);
    CHECK(c.n_after == 12);
    REQUIRE(c.ratio);
    CHECK(c.ratio->estimate == doctest::Approx(1.5).epsilon(0.02));
    CHECK(c.ratio->lower > 1.4);
    // The latest run is judged against runs 6-8, not against the whole history
    CHECK(t.latest.baseline_from == 6);
    CHECK(t.latest.gate != h::Gate::Regression);
  }

  TEST_CASE("series_trend: the permutation method finds it too, the same way with the same seed") {
    h::TrendOptions o;
    o.method = h::ChangeMethod::Permutation;
    auto t = h::analyze_series(stepped(), o);
    REQUIRE(t.changes.size() >= 1);
    CHECK(t.changes[0].run == 6);
    CHECK(t.changes[0].p_value == doctest::Approx(1.0 / 200));
    auto again = h::analyze_series(stepped(), o);
    REQUIRE(again.changes.size() == t.changes.size());
    for (std::size_t i = 0; i < t.changes.size(); ++i)
      CHECK(again.changes[i].p_value == t.changes[i].p_value);
  }

  TEST_CASE("series_trend: a regression in the latest run is found there") {
    auto runs = stepped();
    runs.resize(6);
    runs.push_back({20.1, 19.9, 20.0});
    auto t = h::analyze_series(runs, {});
    CHECK(t.latest.gate == h::Gate::Regression);
    CHECK(t.latest.baseline_from == 0);
    REQUIRE(t.changes.size() == 1);
    CHECK(t.changes[0].run == 6);
  }

  TEST_CASE("series_trend: the permutation test skips series it cannot afford") {
    std::vector<std::vector<double>> runs(h::kPermutationMaxValues + 1, std::vector<double>{1.0});
    h::TrendOptions o;
    o.method = h::ChangeMethod::Permutation;
    auto t = h::analyze_series(runs, o);
    CHECK(t.too_long);
    CHECK(t.changes.empty());
  }

  TEST_CASE("series_trend: method names and levels") {
    CHECK(h::parse_change_method("hunter") == h::ChangeMethod::Hunter);
    CHECK(h::parse_change_method("permutation") == h::ChangeMethod::Permutation);
    CHECK_FALSE(h::parse_change_method("pelt"));
    h::TrendOptions o;
    CHECK(o.level() == 0.001);
    o.method = h::ChangeMethod::Permutation;
    CHECK(o.level() == 0.05);
    o.max_p = 0.01;
    CHECK(o.level() == 0.01);
  }
}
