// Tests for runtime/stats/signed_rank: V, p-values, pseudomedian and CI against R's
// wilcox.test(d, conf.int = TRUE) (= wilcox.test(x, y, paired = TRUE) with d = x - y).
#include "runtime/stats/signed_rank.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/hypothesis_vectors.h"
#include "tests/unit/stats/ref_vectors.h"
#include "tests/unit/stats/verdict_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;
using st::Alternative;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Expected {
  double v, p, estimate, lower, upper, level;
};

// Exact: p from integer counts (1e-12 allows for summation order), bounds are Walsh averages
// (the same doubles as R's). Asymptotic: R's root-finder steps, agreeing to rounding.
void check3(const std::vector<double>& d, double mu, st::ShiftOptions o, const Expected (&e)[3],
            st::WilcoxonMethod method) {
  const Alternative alts[] = {Alternative::TwoSided, Alternative::Less, Alternative::Greater};
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    st::WilcoxonOptions w;
    w.alternative = o.alternative = alts[i];
    w.mu = mu;
    w.continuity_correction = o.continuity_correction;
    auto t = st::wilcoxon_signed_rank(d, w);
    REQUIRE(t.has_value());
    CHECK(t->statistic == e[i].v);
    CHECK(t->method == method);
    CHECK(t->p_value == doctest::Approx(e[i].p).epsilon(1e-12));
    auto r = st::signed_rank_pseudomedian(d, o);
    REQUIRE(r.has_value());
    CHECK(r->method == method);
    CHECK(r->estimate == doctest::Approx(e[i].estimate).epsilon(1e-12));
    if (std::isinf(e[i].lower))
      CHECK(r->lower == e[i].lower);
    else
      CHECK(r->lower == doctest::Approx(e[i].lower).epsilon(1e-12));
    if (std::isinf(e[i].upper))
      CHECK(r->upper == e[i].upper);
    else
      CHECK(r->upper == doctest::Approx(e[i].upper).epsilon(1e-12));
    CHECK(r->conf_level == doctest::Approx(e[i].level).epsilon(1e-15));
  }
}

std::vector<double> minus(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> d;
  for (std::size_t i = 0; i < x.size(); ++i) d.push_back(x[i] - y[i]);
  return d;
}
std::vector<double> minus(const std::vector<double>& x, double c) {
  std::vector<double> d;
  for (double v : x) d.push_back(v - c);
  return d;
}

}  // namespace

TEST_SUITE("signed_rank") {
  TEST_CASE("signed_rank: exact test and CI match R (paired a, b)") {
    const auto d = minus(kA, kB);  // wilcox.test(a - b, conf.int = TRUE)
    check3(d, 0, {},
           {{40, 0.0390625, 0.46000000000000008, 0.010000000000000009, 0.78600000000000003, 0.95},
            {40, 0.986328125, 0.46000000000000008, -kInf, 0.7260000000000002, 0.95},
            {40, 0.01953125, 0.46000000000000008, 0.17500000000000004, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
    // wilcox.test(a - b, mu = 0.2, conf.int = TRUE): the CI does not depend on mu
    check3(d, 0.2, {},
           {{36, 0.12890625, 0.46000000000000008, 0.010000000000000009, 0.78599999999999992, 0.95},
            {36, 0.951171875, 0.46000000000000008, -kInf, 0.7260000000000002, 0.95},
            {36, 0.064453125, 0.46000000000000008, 0.17500000000000004, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
    st::ShiftOptions o80;
    o80.conf_level = 0.8;  // conf.level = 0.8
    check3(d, 0, o80,
           {{40, 0.0390625, 0.46000000000000008, 0.22000000000000008, 0.69100000000000006, 0.8},
            {40, 0.986328125, 0.46000000000000008, -kInf, 0.55499999999999994, 0.8},
            {40, 0.01953125, 0.46000000000000008, 0.25499999999999989, kInf, 0.8}},
           st::WilcoxonMethod::Exact);
    // wilcox.test(base12[1:10] - 5, conf.int = TRUE)
    check3(minus(prefix(kBase12, 10), 5.0), 0, {},
           {{27, 1, -0.050000000000000266, -2.4500000000000002, 2.25, 0.95},
            {27, 0.5, -0.050000000000000266, -kInf, 1.9499999999999997, 0.95},
            {27, 0.5390625, -0.050000000000000266, -2.1000000000000001, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
  }

  TEST_CASE("signed_rank: log ratios of paired launches (6 pairs, 3% apart)") {
    std::vector<double> d;
    for (std::size_t i = 0; i < kLaunchA.size(); ++i)
      d.push_back(std::log(kLaunchB[i]) - std::log(kLaunchA[i]));
    // wilcox.test(log(mb) - log(ma), conf.int = TRUE)
    check3(d, 0, {},
           {{21, 0.031250000000000014, 0.029368070324887086, 0.017612979768276915,
             0.035228691883745, 0.95},
            {21, 1, 0.029368070324887086, -kInf, 0.033369141174617312, 0.95},
            {21, 0.015625000000000007, 0.029368070324887086, 0.023507448766029171, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
  }

  TEST_CASE("signed_rank: 3 pairs cannot reach 95%: R's lowered levels") {
    // wilcox.test(c(1, 2, 3), conf.int = TRUE)
    check3({1, 2, 3}, 0, {},
           {{6, 0.25000000000000006, 2, 1, 3, 0.75},
            {6, 1, 2, -kInf, 3, 0.87},
            {6, 0.12500000000000003, 2, 1, kInf, 0.87}},
           st::WilcoxonMethod::Exact);
  }

  TEST_CASE("signed_rank: ties and zeros use the normal approximation, as R") {
    const auto d = minus(kTies10, 4.0);  // one zero, ties among |d|
    // wilcox.test(ties10 - 4, conf.int = TRUE)
    check3(d, 0, {},
           {{23, 1, 1.2720114701067133e-05, -2.0000282216380341, 2.9999986943232031, 0.95},
            {23, 0.54752722069057047, 1.2720114701067133e-05, -kInf, 2.4999579829228611, 0.95},
            {23, 0.5, 1.2720114701067133e-05, -1.9999580316015173, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
    st::ShiftOptions nc;
    nc.continuity_correction = false;  // correct = FALSE
    check3(d, 0, nc,
           {{23, 0.95238808581159196, 1.2720114701067133e-05, -1.9999738211358484,
             2.5000273839769065, 0.95},
            {23, 0.52380595709420408, 1.2720114701067133e-05, -kInf, 2.4999650705735608, 0.95},
            {23, 0.47619404290579598, 1.2720114701067133e-05, -1.9999617298232817, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
    auto t = st::wilcoxon_signed_rank(d);
    REQUIRE(t.has_value());
    CHECK(t->zeroes);
    CHECK(t->n == 9);
  }

  TEST_CASE("signed_rank: n >= 50 uses the normal approximation") {
    const auto l = large2000();
    const std::vector<double> a(l.begin(), l.begin() + 60), b(l.begin() + 60, l.begin() + 120);
    // wilcox.test(large_a - large_b[1:60], conf.int = TRUE)
    check3(minus(a, b), 0, {},
           {{1040, 0.35939444593885606, 1.1560274219163731, -1.5058270871526462, 4.3436026522290332,
             0.95},
            {1040, 0.82222590779340354, 1.1560274219163731, -kInf, 4.0241567397403397, 0.95},
            {1040, 0.17969722296942803, 1.1560274219163731, -1.2370292046615399, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
  }

  TEST_CASE("signed_rank: edge cases") {
    CHECK_FALSE(st::wilcoxon_signed_rank(std::vector<double>{}).has_value());
    CHECK_FALSE(st::wilcoxon_signed_rank(std::vector<double>{1, std::nan("")}).has_value());
    // all differences zero: R's p is NaN (sigma = 0), no interval, no estimate
    auto z = st::wilcoxon_signed_rank(std::vector<double>{0, 0, 0});
    REQUIRE(z.has_value());
    CHECK(std::isnan(z->p_value));
    auto e = st::signed_rank_pseudomedian(std::vector<double>{0, 0, 0});
    REQUIRE(e.has_value());
    CHECK(std::isnan(e->estimate));
    // null distribution of V for n = 3: sums of subsets of {1, 2, 3}
    CHECK(st::signed_rank_null_counts(3) == std::vector<double>{1, 1, 1, 2, 1, 1, 1});
  }
}

TEST_CASE("walsh interval: ranks and coverage of the exact Hodges-Lehmann interval") {
  // R: qsignrank(0.025, c(5, 6, 10, 49)) = 0 1 9 416 (0 is raised to 1: [min, max]).
  CHECK(st::walsh_interval_rank(5, 0.95) == 1);
  CHECK(st::walsh_interval_rank(6, 0.95) == 1);
  CHECK(st::walsh_interval_rank(10, 0.95) == 9);
  CHECK(st::walsh_interval_rank(49, 0.95) == 416);
  // R: 1 - 2 * psignrank(q - 1, n).
  CHECK(st::walsh_interval_coverage(5, 0.95) == doctest::Approx(0.9375));
  CHECK(st::walsh_interval_coverage(6, 0.95) == doctest::Approx(0.96875));
  CHECK(st::walsh_interval_coverage(10, 0.95) == doctest::Approx(0.951171875));
  // From 50 values the normal approximation: floor(n (n + 1) / 4 - z sqrt(n (n + 1) (2n + 1) /
  // 24)).
  CHECK(st::walsh_interval_rank(60, 0.95) == 648);
  CHECK(st::walsh_interval_coverage(60, 0.95) == 0.95);
  CHECK(st::walsh_interval_rank(0, 0.95) == 0);
  CHECK(std::isnan(st::walsh_interval_coverage(3, 1.5)));
}
