// Tests for runtime/stats/equivalence: TOST p-values on log values against R's wilcox.test with
// mu = log(1 -+ margin) (tools/refvalues/verdicts.R, tost()).
#include "runtime/stats/equivalence.h"

#include <doctest/doctest.h>

#include <vector>

#include "tests/unit/stats/hypothesis_vectors.h"
#include "tests/unit/stats/ref_vectors.h"
#include "tests/unit/stats/verdict_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

// Exact p-values are ratios of integer counts; asymptotic ones one normal tail: both agree with
// R to rounding.
void check(const std::optional<st::TostResult>& r, double lo, double hi) {
  REQUIRE(r.has_value());
  CHECK(r->p_lower == doctest::Approx(lo).epsilon(1e-12));
  CHECK(r->p_upper == doctest::Approx(hi).epsilon(1e-12));
  CHECK(r->p_value == doctest::Approx(std::max(lo, hi)).epsilon(1e-12));
}

std::vector<double> scaled(const std::vector<double>& v, double f) {
  std::vector<double> out;
  for (double x : v) out.push_back(x * f);
  return out;
}

}  // namespace

TEST_SUITE("equivalence") {
  TEST_CASE("equivalence: rank-sum TOST matches R") {
    // tost(mb, ma, margin = 0.05): 3% apart, every B above A: both one-sided tests reject
    check(st::tost_ratio_rank_sum(kLaunchB, kLaunchA, 0.05), 0.0010822510822510823,
          0.0010822510822510823);
    // margin 2%: the upper test cannot reject (the ratio is about 1.03)
    check(st::tost_ratio_rank_sum(kLaunchB, kLaunchA, 0.02), 0.0010822510822510823,
          0.97943722943722944);
    check(st::tost_ratio_rank_sum(scaled(kLaunchA, 1.001), kLaunchA, 0.05), 0.0010822510822510823,
          0.0010822510822510823);
    check(st::tost_ratio_rank_sum(kC, kA, 0.5), 0.0004995004995004995, 0.90509490509490509);
    const auto l = large2000();  // n = 60: normal approximation
    const std::vector<double> a(l.begin(), l.begin() + 60), b(l.begin() + 60, l.begin() + 120);
    auto r = st::tost_ratio_rank_sum(b, a, 0.05);
    check(r, 0.00023884086447849078, 1.8100718342821409e-08);
    CHECK(r->method == st::WilcoxonMethod::NormalApprox);
  }

  TEST_CASE("equivalence: signed-rank TOST on paired launches matches R") {
    // tost(mb, ma, margin = 0.05, paired = TRUE)
    check(st::tost_ratio_signed_rank(kLaunchB, kLaunchA, 0.05), 0.015625000000000007,
          0.015625000000000007);
    const auto l = large2000();
    const std::vector<double> a(l.begin(), l.begin() + 60), b(l.begin() + 60, l.begin() + 120);
    check(st::tost_ratio_signed_rank(b, a, 0.05), 0.0060944833746163192, 3.681766369941953e-05);
  }

  TEST_CASE("equivalence: bad input gives no result") {
    CHECK_FALSE(st::tost_ratio_rank_sum(kLaunchB, kLaunchA, 0.0).has_value());
    CHECK_FALSE(st::tost_ratio_rank_sum(kLaunchB, kLaunchA, 1.0).has_value());
    CHECK_FALSE(st::tost_ratio_rank_sum(std::vector<double>{-1.0, 2.0}, kLaunchA, 0.05));
    CHECK_FALSE(st::tost_ratio_signed_rank(kLaunchB, kC, 0.05).has_value());  // lengths differ
  }
}
