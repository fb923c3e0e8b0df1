// Tests for runtime/stats/welch: t, df, p-value and CI against R's t.test().
#include "runtime/stats/welch.h"

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

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Expected {
  double t;
  double df;
  double p[3];  // two-sided, less, greater
  double ci[3][2];
};

// Reference values: tools/refvalues/tests.R, t.test(x, y, alternative = ..., ...).
void check(const std::vector<double>& x, const std::vector<double>& y, st::WelchOptions o,
           const Expected& e) {
  const Alternative alts[] = {Alternative::TwoSided, Alternative::Less, Alternative::Greater};
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    o.alternative = alts[i];
    const auto r = st::welch_t_test(x, y, o);
    REQUIRE(r.has_value());
    CHECK(r->statistic == doctest::Approx(e.t).epsilon(1e-13));
    CHECK(r->df == doctest::Approx(e.df).epsilon(1e-13));
    CHECK(r->p_value == doctest::Approx(e.p[i]).epsilon(1e-11));
    for (int b = 0; b < 2; ++b) {
      if (std::isinf(e.ci[i][b])) {
        CHECK(((b == 0) ? r->ci_lower : r->ci_upper) == e.ci[i][b]);
      } else {
        CHECK(((b == 0) ? r->ci_lower : r->ci_upper) == doctest::Approx(e.ci[i][b]).epsilon(1e-12));
      }
    }
  }
}

}  // namespace

TEST_SUITE("welch") {
  TEST_CASE("welch: matches t.test(a, cc)") {
    check(kA, kC, {},
          {-3.3430017338738591,
           6.8349608982114045,
           {0.012811300614817821, 0.0064056503074089105, 0.99359434969259108},
           {{-2.6916787077461244, -0.45498795892054172},
            {-kInf, -0.67842862817659599},
            {-2.4682380384900702, kInf}}});
  }

  TEST_CASE("welch: matches t.test(a, b, mu = 0.2, conf.level = 0.9)") {
    st::WelchOptions o;
    o.mu = 0.2;
    o.level = 0.9;
    check(kA, kB, o,
          {0.64707888647686673,
           15.795035582541246,
           {0.52687379938822732, 0.73656310030588634, 0.26343689969411366},
           {{-0.19426889679470771, 1.0580466745724852},
            {-kInf, 0.91120053647777377},
            {-0.047422758699996154, kInf}}});
  }

  TEST_CASE("welch: Student's pooled test matches t.test(a, cc, var.equal = TRUE)") {
    st::WelchOptions o;
    o.equal_variance = true;
    check(kA, kC, o,
          {-3.5947817499310246,
           12,
           {0.0036809955399345149, 0.0018404977699672575, 0.99815950223003269},
           {{-2.5269374991705353, -0.61972916749613105},
            {-kInf, -0.79327695829969802},
            {-2.3533897083669681, kInf}}});
  }

  TEST_CASE("welch: matches R for n = 60, 70 and for n = 2") {
    const auto l = large2000();
    const std::vector<double> la(l.begin(), l.begin() + 60);
    const std::vector<double> lb(l.begin() + 60, l.begin() + 130);
    check(la, lb, {},
          {0.77780630872069489,
           125.23302844434028,
           {0.43815016223734282, 0.78092491888132853, 0.21907508111867141},
           {{-1.1457330715582497, 2.6294122636975836},
            {-kInf, 2.3223248628499467},
            {-0.83864567071061258, kInf}}});
    // t.test(c(1, 2), c(3, 5))
    check({1, 2}, {3, 5}, {},
          {-2.2360679774997898,
           1.4705882352941178,
           {0.19872738893452604, 0.099363694467263022, 0.90063630553273699},
           {{-9.4185228300710637, 4.4185228300710646},
            {-kInf, 1.725979956426922},
            {-6.7259799564269231, kInf}}});
  }

  TEST_CASE("welch: undefined cases") {
    const std::vector<double> one = {1.0};
    CHECK(!st::welch_t_test(one, kA).has_value());  // R: not enough 'x' observations
    CHECK(!st::welch_t_test(kA, one).has_value());
    const std::vector<double> c1(5, 2.0);
    const std::vector<double> c2(4, 2.0);
    CHECK(!st::welch_t_test(c1, c2).has_value());  // R: data are essentially constant
    st::WelchOptions bad;
    bad.level = 1.0;
    CHECK(!st::welch_t_test(kA, kC, bad).has_value());
    const std::vector<double> with_nan = {1.0, std::numeric_limits<double>::quiet_NaN(), 2.0};
    CHECK(!st::welch_t_test(with_nan, kA).has_value());
    // One constant sample is fine as long as the other varies.
    CHECK(st::welch_t_test(c1, kA).has_value());
  }
}
