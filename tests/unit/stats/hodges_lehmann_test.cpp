// Tests for runtime/stats/hodges_lehmann: estimate, CI and achieved level against R's
// wilcox.test(x, y, conf.int = TRUE) (exact and asymptotic, ties, correction, conf.level, all
// alternatives), and the ratio version on log values.
#include "runtime/stats/hodges_lehmann.h"

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
  double estimate, lower, upper, level;
};

// Exact results are order statistics of the differences: the same doubles as R's. Asymptotic
// ones come from the same root-finder steps as R's uniroot and agree to rounding (1e-12 relative
// allows for the normal quantile's last bits in Boost vs R).
void check(const st::ShiftEstimate& r, const Expected& e, st::WilcoxonMethod method) {
  CHECK(r.method == method);
  const double eps = method == st::WilcoxonMethod::Exact ? 1e-15 : 1e-12;
  CHECK(r.estimate == doctest::Approx(e.estimate).epsilon(eps));
  if (std::isinf(e.lower))
    CHECK(r.lower == e.lower);
  else
    CHECK(r.lower == doctest::Approx(e.lower).epsilon(eps));
  if (std::isinf(e.upper))
    CHECK(r.upper == e.upper);
  else
    CHECK(r.upper == doctest::Approx(e.upper).epsilon(eps));
  CHECK(r.conf_level == doctest::Approx(e.level).epsilon(1e-15));
}

void check3(const std::vector<double>& x, const std::vector<double>& y, st::ShiftOptions o,
            const Expected (&e)[3], st::WilcoxonMethod method) {
  const Alternative alts[] = {Alternative::TwoSided, Alternative::Less, Alternative::Greater};
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    o.alternative = alts[i];
    auto r = st::hodges_lehmann_shift(x, y, o);
    REQUIRE(r.has_value());
    check(*r, e[i], method);
  }
}

std::vector<double> logs(const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v) out.push_back(std::log(x));
  return out;
}

}  // namespace

TEST_SUITE("hodges_lehmann") {
  TEST_CASE("hodges_lehmann: exact estimate and CI match R without ties") {
    // wilcox.test(a, cc, alternative = ..., conf.int = TRUE)
    check3(kA, kC, {},
           {{-1.5999999999999999, -2.7000000000000002, -0.42000000000000015, 0.95},
            {-1.5999999999999999, -kInf, -0.55000000000000004, 0.95},
            {-1.5999999999999999, -2.5200000000000005, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
    st::ShiftOptions o90;
    o90.conf_level = 0.9;  // conf.level = 0.9
    check3(kA, kC, o90,
           {{-1.5999999999999999, -2.5200000000000005, -0.55000000000000004, 0.9},
            {-1.5999999999999999, -kInf, -0.93999999999999995, 0.9},
            {-1.5999999999999999, -2.3799999999999999, kInf, 0.9}},
           st::WilcoxonMethod::Exact);
    st::ShiftOptions o999;
    o999.conf_level = 0.999;  // conf.level = 0.999
    check3(kA, kC, o999,
           {{-1.5999999999999999, -3.9000000000000004, 0.95999999999999996, 0.999},
            {-1.5999999999999999, -kInf, 0.37999999999999989, 0.999},
            {-1.5999999999999999, -3.5, kInf, 0.999}},
           st::WilcoxonMethod::Exact);
    // wilcox.test(mb, ma, conf.int = TRUE): per-launch medians in seconds
    check3(kLaunchB, kLaunchA, {},
           {{2.8999999999999892e-06, 2.000000000000008e-06, 3.5999999999999926e-06, 0.95},
            {2.8999999999999892e-06, -kInf, 3.3999999999999878e-06, 0.95},
            {2.8999999999999892e-06, 2.2999999999999881e-06, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
  }

  TEST_CASE("hodges_lehmann: 3 against 3 cannot reach 95%: R reports the achieved level") {
    // wilcox.test(c(1, 2, 3), c(4, 5, 6), conf.int = TRUE): level 0.9 two-sided (2 / 20)
    check3({1, 2, 3}, {4, 5, 6}, {},
           {{-3, -5, -1, 0.9}, {-3, -kInf, -1, 0.95}, {-3, -5, kInf, 0.95}},
           st::WilcoxonMethod::Exact);
  }

  TEST_CASE("hodges_lehmann: normal approximation with ties matches R") {
    // wilcox.test(a, b, conf.int = TRUE): ties in b
    check3(kA, kB, {},
           {{0.5600561608358734, -0.36997737472725434, 1.1829707736879225, 0.95},
            {0.5600561608358734, -kInf, 1.0100231968731539, 0.95},
            {0.5600561608358734, -0.098019346483200515, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
    st::ShiftOptions nc;
    nc.continuity_correction = false;  // correct = FALSE
    check3(kA, kB, nc,
           {{0.5600561608358734, -0.2200531562855855, 1.0820075094522477, 0.95},
            {0.5600561608358734, -kInf, 1.0099971155022556, 0.95},
            {0.5600561608358734, -0.09795511083701422, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
    st::ShiftOptions normal;
    normal.exact = st::WilcoxonExact::Normal;  // exact = FALSE
    check3(kA, kC, normal,
           {{-1.59993894508652, -2.7000597460989537, -0.42003866659388034, 0.95},
            {-1.59993894508652, -kInf, -0.55003339505168092, 0.95},
            {-1.59993894508652, -2.5199704102605978, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
    // wilcox.test(ties10, base12, conf.int = TRUE)
    check3(kTies10, kBase12, {},
           {{-0.60869951761821384, -3.3000096962732712, 1.7000281977892993, 0.95},
            {-0.60869951761821384, -kInf, 1.4999709205478136, 0.95},
            {-0.60869951761821384, -2.9000296704428039, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
  }

  TEST_CASE("hodges_lehmann: n >= 50 uses the normal approximation, as R") {
    const auto l = large2000();
    const std::vector<double> a(l.begin(), l.begin() + 60), b(l.begin() + 60, l.begin() + 130);
    // wilcox.test(large_a, large_b, conf.int = TRUE)
    check3(a, b, {},
           {{0.29934640785476685, -0.93759837108119792, 2.8654657254305316, 0.95},
            {0.29934640785476685, -kInf, 2.3582027729348134, 0.95},
            {0.29934640785476685, -0.58999830263855668, kInf, 0.95}},
           st::WilcoxonMethod::NormalApprox);
  }

  TEST_CASE("hodges_lehmann: ratio is the exponentiated shift of the logs") {
    // exp of wilcox.test(log(mb), log(ma), conf.int = TRUE)
    auto r = st::hodges_lehmann_ratio(kLaunchB, kLaunchA);
    REQUIRE(r.has_value());
    CHECK(r->estimate == doctest::Approx(std::exp(0.028573434869353598)).epsilon(1e-15));
    CHECK(r->lower == doctest::Approx(std::exp(0.019627715480439178)).epsilon(1e-15));
    CHECK(r->upper == doctest::Approx(std::exp(0.03547169915780124)).epsilon(1e-15));
    // exp of wilcox.test(log(ties10), log(base12), conf.int = TRUE): asymptotic
    auto t = st::hodges_lehmann_ratio(kTies10, kBase12);
    REQUIRE(t.has_value());
    CHECK(t->method == st::WilcoxonMethod::NormalApprox);
    CHECK(t->estimate == doctest::Approx(std::exp(-0.16548088248749129)).epsilon(1e-12));
    CHECK(t->lower == doctest::Approx(std::exp(-0.86153669577375824)).epsilon(1e-12));
    CHECK(t->upper == doctest::Approx(std::exp(0.51080873687342399)).epsilon(1e-12));
    // the ratio version equals the shift of logs, as R is called in verdicts.R
    auto s = st::hodges_lehmann_shift(logs(kA), logs(kC));
    auto q = st::hodges_lehmann_ratio(kA, kC);
    REQUIRE((s && q));
    CHECK(std::log(q->estimate) == doctest::Approx(-0.62645580606127294).epsilon(1e-14));
    CHECK(s->lower == doctest::Approx(-1.0433496099930601).epsilon(1e-15));
    CHECK(s->upper == doctest::Approx(-0.22314355131420982).epsilon(1e-15));
  }

  TEST_CASE("hodges_lehmann: empty, NaN, non-positive and bad levels give no result") {
    const std::vector<double> empty, nan = {1.0, std::nan("")}, zero = {0.0, 1.0};
    CHECK_FALSE(st::hodges_lehmann_shift(empty, kA).has_value());
    CHECK_FALSE(st::hodges_lehmann_shift(kA, nan).has_value());
    CHECK_FALSE(st::hodges_lehmann_ratio(zero, kA).has_value());
    st::ShiftOptions bad;
    bad.conf_level = 1.0;
    CHECK_FALSE(st::hodges_lehmann_shift(kA, kC, bad).has_value());
  }

  TEST_CASE("hodges_lehmann: every value tied gives NaN, not a number") {
    // R stops ("cannot compute confidence interval when all observations are tied").
    auto r = st::hodges_lehmann_shift(std::vector<double>{5, 5}, std::vector<double>{5, 5, 5});
    REQUIRE(r.has_value());
    CHECK(std::isnan(r->estimate));
    CHECK(std::isnan(r->lower));
  }

  TEST_CASE("hodges_lehmann: qwilcox and pwilcox as R") {
    // qwilcox(0.025, 9, 5) = 8, qwilcox(0.975, 9, 5) = 37, qwilcox(0.05, 3, 3) = 0,
    // pwilcox(0, 3, 3) = 0.05
    CHECK(st::wilcoxon_quantile(0.025, 9, 5) == 8);
    CHECK(st::wilcoxon_quantile(0.975, 9, 5) == 37);
    CHECK(st::wilcoxon_quantile(0.05, 3, 3) == 0);
    CHECK(st::wilcoxon_cdf(0, 3, 3) == doctest::Approx(0.05).epsilon(1e-15));
    CHECK(st::wilcoxon_cdf(-1, 3, 3) == 0.0);
  }
}
