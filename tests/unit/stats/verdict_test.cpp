// Tests for runtime/stats/verdict: the four verdicts from the two adjusted p-values, when the
// launches can decide, and the launch count an inconclusive verdict asks for.
#include "runtime/stats/verdict.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

namespace {
namespace st = metron::stats;
st::Verdict decide(double p_diff, double p_equiv, bool decidable = true) {
  st::VerdictInputs in;
  in.p_difference = p_diff;
  in.p_equivalence = p_equiv;
  in.alpha = 0.05;
  in.decidable = decidable;
  return st::decide(in);
}
}  // namespace

TEST_SUITE("verdict") {
  TEST_CASE("verdict: the four outcomes") {
    CHECK(decide(0.6, 0.01) == st::Verdict::Equivalent);
    CHECK(decide(0.001, 0.3) == st::Verdict::Differs);
    CHECK(decide(0.001, 0.01) == st::Verdict::DiffersWithinMargin);
    CHECK(decide(0.3, 0.3) == st::Verdict::Inconclusive);
    // alpha itself counts as significant (p <= alpha)
    CHECK(decide(0.05, 0.5) == st::Verdict::Differs);
    CHECK(decide(0.5, 0.05) == st::Verdict::Equivalent);
  }
  TEST_CASE("verdict: undefined p-values and undecidable designs are inconclusive") {
    CHECK(decide(std::nan(""), std::nan("")) == st::Verdict::Inconclusive);
    CHECK(decide(std::nan(""), 0.01) == st::Verdict::Equivalent);
    CHECK(decide(0.6, 0.01, false) == st::Verdict::Inconclusive);
    CHECK(decide(0.001, 0.3, false) == st::Verdict::Inconclusive);
  }
  TEST_CASE("verdict: decidable follows the exact test's smallest p-value") {
    CHECK_FALSE(st::decidable(3, 3, 0.05, false));  // 2 / 20 = 0.1
    CHECK(st::decidable(4, 4, 0.05, false));        // 2 / 70
    CHECK(st::decidable(3, 5, 0.05, false));        // 2 / 56
    CHECK_FALSE(st::decidable(10, 10, 1e-6, false));
    CHECK_FALSE(st::decidable(5, 5, 0.05, true));  // 2 / 32
    CHECK(st::decidable(6, 6, 0.05, true));
    CHECK_FALSE(st::decidable(0, 6, 0.05, false));
    CHECK(st::decidable(3, 3, 0.05, false, false));  // one-sided: 1 / 20
  }
  TEST_CASE("verdict: launches needed") {
    // 3 launches with a tiny spread: the exact test's 4 per side decide
    CHECK(st::launches_needed(0.001, 0.0, 0.05, 0.05, 0.8, false, 3) == 4);
    // inside the margin: planned for equivalence at the observed ratio (launch_planner_test: 15)
    CHECK(st::launches_needed(0.03, 0.02, 0.05, 0.05, 0.8, false, 3) == 15);
    // outside: planned to detect the observed difference, log(1.03) with s = 0.03
    CHECK(st::launches_needed(0.03, std::log(1.03), 0.01, 0.05, 0.8, false, 3) == 17);
    // never fewer than one more than already made
    CHECK(st::launches_needed(0.001, 0.0, 0.05, 0.05, 0.8, false, 10) == 11);
    CHECK_FALSE(st::launches_needed(std::nan(""), 0.0, 0.05, 0.05, 0.8, false, 1));
  }
  TEST_CASE("verdict: names") {
    CHECK(std::string(st::verdict_name(st::Verdict::DiffersWithinMargin)) ==
          "differs within margin");
    CHECK(std::string(st::verdict_name(st::Verdict::Inconclusive)) == "inconclusive");
  }
}
