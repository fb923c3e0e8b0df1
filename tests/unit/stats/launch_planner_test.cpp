// Tests for runtime/stats/launch_planner: launch counts against the same normal-approximation
// search written in R (tools/refvalues/verdicts.R, plan_detect and plan_equiv, which use R's
// pnorm and qnorm), the exact-test minimums, and the pooled spread.
#include "runtime/stats/launch_planner.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "tests/unit/stats/verdict_vectors.h"

namespace {
namespace st = metron::stats;
using namespace metron::stats::testing;

st::PlanOptions opts(double alpha, double power, bool paired) {
  st::PlanOptions o;
  o.alpha = alpha;
  o.power = power;
  o.paired = paired;
  return o;
}
}  // namespace

TEST_SUITE("launch_planner") {
  TEST_CASE("launch_planner: launches to detect a difference match R") {
    // 3% spread, 2% difference: 38 per side (the t test's textbook 36, plus the rank test's 5%)
    CHECK(st::launches_to_detect(0.03, 0.02, opts(0.05, 0.8, false)) == 38);
    CHECK(st::launches_to_detect(0.03, -0.02, opts(0.05, 0.8, false)) == 37);
    CHECK(st::launches_to_detect(0.03, 0.02, opts(0.05, 0.8, true)) == 19);
    CHECK(st::launches_to_detect(0.01, 0.05, opts(0.001, 0.9, false)) == 7);
    // tiny spread: the exact test's minimum (4 per side at 0.05 two-sided) decides
    CHECK(st::launches_to_detect(0.001, 0.03, opts(0.05, 0.8, false)) == 4);
    CHECK(st::launches_to_detect(0.0, 0.03, opts(0.05, 0.8, false)) == 4);
  }

  TEST_CASE("launch_planner: launches to show equivalence match R") {
    CHECK(st::launches_for_equivalence(0.03, 0.05, 0.0, opts(0.05, 0.8, false)) == 7);
    CHECK(st::launches_for_equivalence(0.03, 0.05, 0.02, opts(0.05, 0.8, false)) == 15);
    CHECK(st::launches_for_equivalence(0.03, 0.05, -0.02, opts(0.05, 0.9, true)) == 9);
    // one-sided exact minimum: 3 per side at 0.05
    CHECK(st::launches_for_equivalence(0.005, 0.05, 0.001, opts(0.05, 0.8, false)) == 3);
  }

  TEST_CASE("launch_planner: impossible plans are empty") {
    CHECK_FALSE(st::launches_for_equivalence(0.03, 0.05, 0.06, opts(0.05, 0.8, false)));
    CHECK_FALSE(st::launches_to_detect(0.03, 0.0, opts(0.05, 0.8, false)));
    CHECK_FALSE(st::launches_to_detect(std::nan(""), 0.02, opts(0.05, 0.8, false)));
    st::PlanOptions few = opts(0.05, 0.8, false);
    few.max_launches = 10;
    CHECK_FALSE(st::launches_to_detect(0.03, 0.02, few));
  }

  TEST_CASE("launch_planner: exact-test minimums") {
    CHECK(st::min_launches_for_level(0.05, true, false) == 4);   // 2 / 70 = 0.029
    CHECK(st::min_launches_for_level(0.05, false, false) == 3);  // 1 / 20 = 0.05
    CHECK(st::min_launches_for_level(0.05, true, true) == 6);    // 2 / 64
    CHECK(st::min_launches_for_level(0.05, false, true) == 5);   // 1 / 32
    CHECK(st::min_launches_for_level(0.05 / 85, true, false) == 7);
  }

  TEST_CASE("launch_planner: pooled spread of log values matches R") {
    // sqrt(((6 - 1) var(log(ma)) + (6 - 1) var(log(mb))) / 10); sd(log(mb) - log(ma))
    CHECK(st::pooled_sd_log(kLaunchA, kLaunchB) ==
          doctest::Approx(0.0052760687136113845).epsilon(1e-12));
    CHECK(st::sd_log_ratio(kLaunchB, kLaunchA) ==
          doctest::Approx(0.0066018330992324032).epsilon(1e-12));
    CHECK(std::isnan(st::pooled_sd_log(std::vector<double>{1.0}, std::vector<double>{2.0})));
    CHECK(std::isnan(st::sd_log_ratio(std::vector<double>{1.0}, std::vector<double>{2.0})));
  }
}

TEST_SUITE("launch_planner") {
  TEST_CASE("launch_planner: launches within a time budget") {
    // 4 launches took 40 s: 10 s each, so 600 s hold 60; the wanted 30 fit.
    CHECK(st::launches_within_time(600, 4, 30, 40) == 30);
    // 4 launches of 100 s: 600 s hold 6 of the wanted 30.
    CHECK(st::launches_within_time(600, 4, 30, 400) == 6);
    // The first round alone took 4 times the budget: 600 s hold one launch of 600 s.
    CHECK(st::launches_within_time(600, 4, 30, 2400) == 1);
    CHECK(st::launches_within_time(600, 4, 30, 2401) == 0);
    // Exactly on the budget: 4 launches of 150 s hold 4.
    CHECK(st::launches_within_time(600, 4, 30, 600) == 4);
    // No budget, or nothing timed yet: what is wanted.
    CHECK(st::launches_within_time(0, 4, 30, 400) == 30);
    CHECK(st::launches_within_time(600, 0, 30, 400) == 30);
    CHECK(st::launches_within_time(600, 4, 30, 0) == 30);
  }
}
