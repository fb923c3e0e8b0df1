// Tests for runtime/stats/wilcoxon: W and p-values against R's wilcox.test() (exact and normal
// approximation, ties, continuity correction, mu, all alternatives).
#include "runtime/stats/wilcoxon.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/hypothesis_vectors.h"
#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;
using st::Alternative;

struct Expected {
  double w;
  double p_two_sided;
  double p_less;
  double p_greater;
};

// Reference values: tools/refvalues/tests.R, wilcox.test(x, y, alternative = ..., ...).
void check(const std::vector<double>& x, const std::vector<double>& y, st::WilcoxonOptions o,
           const Expected& e, st::WilcoxonMethod method) {
  const Alternative alts[] = {Alternative::TwoSided, Alternative::Less, Alternative::Greater};
  const double ps[] = {e.p_two_sided, e.p_less, e.p_greater};
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    o.alternative = alts[i];
    const auto r = st::wilcoxon_rank_sum(x, y, o);
    REQUIRE(r.has_value());
    CHECK(r->statistic == e.w);
    CHECK(r->method == method);
    if (std::isnan(ps[i])) {
      CHECK(std::isnan(r->p_value));
    } else {
      CHECK(r->p_value == doctest::Approx(ps[i]).epsilon(1e-10));
    }
  }
}

}  // namespace

TEST_SUITE("wilcoxon") {
  TEST_CASE("wilcoxon: exact p-values match R without ties") {
    // wilcox.test(a, cc): W = 3
    check(kA, kC, {}, {3, 0.006993006993006993, 0.0034965034965034965, 0.99800199800199807},
          st::WilcoxonMethod::Exact);
    // wilcox.test(a, cc, mu = 1): W = 0
    st::WilcoxonOptions shifted;
    shifted.mu = 1.0;
    check(kA, kC, shifted, {0, 0.000999000999000999, 0.0004995004995004995, 1},
          st::WilcoxonMethod::Exact);
    // wilcox.test(skew200[1:30], skew200[31:75]): W = 686 (n = 30, 45, both < 50)
    const auto s = skew200();
    const std::vector<double> s1(s.begin(), s.begin() + 30);
    const std::vector<double> s2(s.begin() + 30, s.begin() + 75);
    check(s1, s2, {}, {686, 0.91016208188553338, 0.54917643025465068, 0.45508104094276669},
          st::WilcoxonMethod::Exact);
  }

  TEST_CASE("wilcoxon: exact tails keep their precision at n = 49") {
    // wilcox.test(1:49, 50:98): p = 2 / choose(98, 49)
    std::vector<double> x;
    std::vector<double> y;
    for (int i = 1; i <= 49; ++i) x.push_back(i);
    for (int i = 50; i <= 98; ++i) y.push_back(i);
    check(x, y, {}, {0, 7.8500291929632906e-29, 3.9250145964816453e-29, 1},
          st::WilcoxonMethod::Exact);
  }

  TEST_CASE("wilcoxon: normal approximation with ties and continuity correction matches R") {
    // wilcox.test(a, b): W = 58 (b has ties)
    check(kA, kB, {}, {58, 0.13291945818531886, 0.94420440028971275, 0.066459729092659431},
          st::WilcoxonMethod::NormalApprox);
    // wilcox.test(a, b, correct = FALSE)
    st::WilcoxonOptions uncorrected;
    uncorrected.continuity_correction = false;
    check(kA, kB, uncorrected, {58, 0.12189099149676107, 0.93905450425161952, 0.060945495748380533},
          st::WilcoxonMethod::NormalApprox);
    // wilcox.test(ties10, base12)
    check(kTies10, kBase12, {}, {49, 0.48773328148552081, 0.2438666407427604, 0.77637451432964644},
          st::WilcoxonMethod::NormalApprox);
  }

  TEST_CASE("wilcoxon: normal approximation for n >= 50 and on request") {
    // wilcox.test(large2000[1:60], large2000[61:130]): W = 2260
    const auto l = large2000();
    const std::vector<double> la(l.begin(), l.begin() + 60);
    const std::vector<double> lb(l.begin() + 60, l.begin() + 130);
    check(la, lb, {}, {2260, 0.45633938916040034, 0.7732395867719104, 0.22816969458020017},
          st::WilcoxonMethod::NormalApprox);
    // wilcox.test(a, cc, exact = FALSE)
    st::WilcoxonOptions normal;
    normal.exact = st::WilcoxonExact::Normal;
    check(kA, kC, normal, {3, 0.011298345511121282, 0.005649172755560641, 0.99616961943241022},
          st::WilcoxonMethod::NormalApprox);
    // exact = TRUE with ties falls back to the normal approximation, as R does
    st::WilcoxonOptions exact;
    exact.exact = st::WilcoxonExact::Exact;
    check(kA, kB, exact, {58, 0.13291945818531886, 0.94420440028971275, 0.066459729092659431},
          st::WilcoxonMethod::NormalApprox);
  }

  TEST_CASE("wilcoxon: edge cases n = 1 and all values tied") {
    // wilcox.test(1, 2): W = 0, p = 1 / 0.5 / 1
    check({1.0}, {2.0}, {}, {0, 1, 0.5, 1}, st::WilcoxonMethod::Exact);
    // wilcox.test(c(5,5,5), c(5,5)): sigma = 0, two-sided p is NaN in R too
    const double nan = std::numeric_limits<double>::quiet_NaN();
    check({5, 5, 5}, {5, 5}, {}, {3, nan, 1, 1}, st::WilcoxonMethod::NormalApprox);
    const auto r = st::wilcoxon_rank_sum(std::vector<double>{5, 5, 5}, std::vector<double>{5, 5});
    CHECK(r->ties);
    const std::vector<double> empty;
    CHECK(!st::wilcoxon_rank_sum(empty, kA).has_value());
    CHECK(!st::wilcoxon_rank_sum(kA, empty).has_value());
    const std::vector<double> with_nan = {1.0, nan};
    CHECK(!st::wilcoxon_rank_sum(with_nan, kA).has_value());
  }

  TEST_CASE("wilcoxon: the null distribution sums to C(m + n, m) and is symmetric") {
    const auto c = st::wilcoxon_null_counts(4, 3);
    REQUIRE(c.size() == 13);
    double total = 0.0;
    for (double v : c) total += v;
    CHECK(total == 35.0);  // choose(7, 3)
    for (std::size_t k = 0; k < c.size(); ++k) CHECK(c[k] == c[c.size() - 1 - k]);
    // dwilcox(0:12, 4, 3) * choose(7, 4) = 1 1 2 3 4 4 5 4 4 3 2 1 1
    const std::vector<double> expected = {1, 1, 2, 3, 4, 4, 5, 4, 4, 3, 2, 1, 1};
    CHECK(c == expected);
  }

  TEST_CASE("wilcoxon: mu NaN or infinite is refused, as R's \"'mu' must be a single number\"") {
    const std::vector<double> x = {1, 2, 3}, y = {4, 5, 6};
    for (double mu :
         {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
          -std::numeric_limits<double>::infinity()}) {
      st::WilcoxonOptions o;
      o.mu = mu;
      CHECK_FALSE(st::wilcoxon_rank_sum(x, y, o).has_value());
    }
    // An infinite observation is an ordinary (largest) rank, as in R: p = 0.4 for
    // wilcox.test(c(1, 2, 3, Inf), c(4, 5, 6)) (tools/refvalues/stationarity.R prints it).
    const std::vector<double> xi = {1, 2, 3, std::numeric_limits<double>::infinity()};
    const auto r = st::wilcoxon_rank_sum(xi, y);
    REQUIRE(r.has_value());
    CHECK(r->p_value == doctest::Approx(0.4).epsilon(1e-12));
  }
}
