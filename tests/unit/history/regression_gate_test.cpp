// Tests for runtime/history/regression_gate: the latest run against the runs since the last
// change, with values from R (tests/unit/history/regression_gate_reference.R).
#include "runtime/history/regression_gate.h"

#include <doctest/doctest.h>

#include <vector>

namespace h = metron::history;

namespace {

// Three baseline runs of three launches (the R script's `base`), then the latest run.
std::vector<std::vector<double>> runs_with(std::vector<double> latest) {
  return {{10.0, 10.2, 9.9}, {10.1, 10.05, 9.95}, {10.15, 9.85, 10.12}, latest};
}

}  // namespace

TEST_SUITE("regression_gate") {
  TEST_CASE("regression_gate: 20% slower is a regression (R: p_slower = 1/220)") {
    auto g = h::latest_run_gate(runs_with({12.0, 12.3, 11.9}), {}, 0.05, 0.05);
    CHECK(g.gate == h::Gate::Regression);
    CHECK(g.why == h::GateWhy::Decided);
    CHECK(g.p_slower == doctest::Approx(0.0045454545454545452).epsilon(1e-12));
    CHECK(g.p_within == doctest::Approx(1.0));
    REQUIRE(g.ratio);
    CHECK(g.ratio->estimate == doctest::Approx(1.202020202020202).epsilon(1e-12));
    CHECK(g.ratio->lower == doctest::Approx(1.1758893280632412).epsilon(1e-12));
    CHECK(g.ratio->upper == doctest::Approx(1.2361809045226133).epsilon(1e-12));
    CHECK(g.n_latest == 3);
    CHECK(g.n_baseline == 9);
    CHECK(g.baseline_from == 0);
    CHECK(g.baseline_to == 3);
  }

  TEST_CASE("regression_gate: the same times are no regression") {
    auto g = h::latest_run_gate(runs_with({10.02, 9.97, 10.08}), {}, 0.05, 0.05);
    CHECK(g.gate == h::Gate::NoRegression);
    CHECK(g.p_within == doctest::Approx(0.0045454545454545452).epsilon(1e-12));
    CHECK(g.ratio->estimate == doctest::Approx(0.99701492537313408).epsilon(1e-12));
  }

  TEST_CASE("regression_gate: 4% slower with a 5% margin is undecided") {
    auto g = h::latest_run_gate(runs_with({10.4, 10.6, 10.3}), {}, 0.05, 0.05);
    CHECK(g.gate == h::Gate::Undecided);
    CHECK(g.why == h::GateWhy::Inconclusive);
    CHECK(g.p_slower == doctest::Approx(0.8954545454545455).epsilon(1e-12));
    CHECK(g.p_within == doctest::Approx(0.1409090909090909).epsilon(1e-12));
    // ... and a regression with a margin of 1%: the margin decides
    CHECK(h::latest_run_gate(runs_with({10.4, 10.6, 10.3}), {}, 0.01, 0.05).gate ==
          h::Gate::Regression);
  }

  TEST_CASE("regression_gate: the baseline starts at the last change before the latest run") {
    // runs 0-1 fast, a change at run 2, runs 2-3 slow: the latest (3) is compared with run 2
    std::vector<std::vector<double>> runs = {
        {1, 1.01, 0.99}, {1.02, 0.98, 1}, {2, 2.02, 1.98}, {2.01, 1.99, 2.03}};
    auto g = h::latest_run_gate(runs, {2}, 0.05, 0.05);
    CHECK(g.baseline_from == 2);
    CHECK(g.n_baseline == 3);
    // 3 vs 3 launches reach one-sided p = 1/20 = 0.05 at best
    CHECK(g.why != h::GateWhy::TooFewLaunches);
    // A change at the latest run itself does not move the baseline: it is what is judged
    runs[2] = {0.99, 1.01, 1.0};
    g = h::latest_run_gate(runs, {3}, 0.05, 0.05);
    CHECK(g.baseline_from == 0);
    CHECK(g.n_baseline == 9);
    CHECK(g.gate == h::Gate::Regression);
  }

  TEST_CASE("regression_gate: a first run and too few launches are undecided") {
    auto g = h::latest_run_gate({{1.0, 1.1}}, {}, 0.05, 0.05);
    CHECK(g.gate == h::Gate::Undecided);
    CHECK(g.why == h::GateWhy::FirstRun);
    // one launch against three: the exact test's smallest p is 1/4
    g = h::latest_run_gate({{1.0, 1.1, 0.9}, {5.0}}, {}, 0.05, 0.05);
    CHECK(g.gate == h::Gate::Undecided);
    CHECK(g.why == h::GateWhy::TooFewLaunches);
    CHECK(g.ratio);
    // a time that is not positive has no ratio
    g = h::latest_run_gate({{1.0, 1.1, 0.9}, {0.0, 1.0}}, {}, 0.05, 0.05);
    CHECK(g.gate == h::Gate::Undecided);
    CHECK_FALSE(g.ratio);
  }

  TEST_CASE("regression_gate: names") {
    CHECK(std::string(h::gate_name(h::Gate::Regression)) == "regression");
    CHECK(std::string(h::gate_name(h::Gate::NoRegression)) == "no regression");
    CHECK(std::string(h::gate_name(h::Gate::Undecided)) == "undecided");
  }
}
