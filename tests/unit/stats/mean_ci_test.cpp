// Tests for runtime/stats/mean_ci: t-based CI of the mean and the critical values, against R.
#include "runtime/stats/mean_ci.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

void check_ci(const st::MeanCi& ci, double lower, double upper) {
  REQUIRE(ci.assessable);
  CHECK(ci.lower == doctest::Approx(lower).epsilon(1e-12));
  CHECK(ci.upper == doctest::Approx(upper).epsilon(1e-12));
  CHECK(ci.half_width == doctest::Approx((upper - lower) / 2.0).epsilon(1e-12));
}

}  // namespace

TEST_SUITE("mean_ci") {
  TEST_CASE("mean_ci: matches t.test()$conf.int for n = 2..12") {
    // t.test(base12[1:n])$conf.int (tools/refvalues/ci.R)
    const std::vector<std::vector<double>> expected = {
        {-19.371168525114449, 26.371168525114449}, {-3.0223713238817496, 13.155704657215081},
        {0.16697125276192676, 9.0830287472380729}, {1.4781092284837163, 9.881890771516284},
        {1.6599285919065643, 8.6067380747601003},  {2.5366287150937068, 8.2919427134777202},
        {2.8921869442403794, 7.7328130557596202},  {3.3615738601263545, 7.5939816954292017},
        {2.8084338557374284, 7.1515661442625706},  {3.0732883916068472, 6.9448934265749704},
        {3.0931411097991086, 6.6401922235342248},
    };
    for (std::size_t n = 2; n <= 12; ++n) {
      CAPTURE(n);
      check_ci(st::mean_ci(prefix(kBase12, n)), expected[n - 2][0], expected[n - 2][1]);
    }
  }

  TEST_CASE("mean_ci: matches t.test() at 90 and 99 percent and for n = 2000") {
    // t.test(ties10, conf.level = 0.9)$conf.int, t.test(ties10, conf.level = 0.99)$conf.int
    check_ci(st::mean_ci(kTies10, 0.90), 2.542296425918789, 5.8577035740812118);
    check_ci(st::mean_ci(kTies10, 0.99), 1.2611390621378116, 7.138860937862189);
    // t.test(large2000)$conf.int
    check_ci(st::mean_ci(large2000()), 104.7617347457639, 105.24592025062626);
  }

  // The t quantiles Hoefler & Belli tabulate ("Scientific Benchmarking of Parallel Computing
  // Systems", §3.1.2).
  TEST_CASE("mean_ci: t critical values match qt()") {
    const std::vector<double> df = {1, 4, 9, 19, 29, 99, 999};
    // qt(1 - (1 - L) / 2, df) for L = 0.90, 0.95, 0.99
    const std::vector<std::vector<double>> expected = {
        {6.3137515146750376, 2.131846786326649, 1.8331129326562365, 1.7291328115213689,
         1.6991270265334975, 1.6603911560169906, 1.6463803454275343},
        {12.706204736174694, 2.7764451051977934, 2.2621571627982049, 2.0930240544083092,
         2.0452296421327034, 1.9842169515864172, 1.9623414611334493},
        {63.656741162871526, 4.6040948713499921, 3.2498355415921254, 2.860934606464979,
         2.7563859036706049, 2.6264054572808275, 2.5807596372676356},
    };
    const std::vector<double> levels = {0.90, 0.95, 0.99};
    for (std::size_t l = 0; l < levels.size(); ++l) {
      for (std::size_t i = 0; i < df.size(); ++i) {
        CHECK(st::t_critical(df[i], levels[l]) == doctest::Approx(expected[l][i]).epsilon(1e-12));
      }
    }
    // qnorm(c(0.95, 0.975, 0.995))
    CHECK(st::z_critical(0.90) == doctest::Approx(1.6448536269514715).epsilon(1e-14));
    CHECK(st::z_critical(0.95) == doctest::Approx(1.9599639845400536).epsilon(1e-14));
    CHECK(st::z_critical(0.99) == doctest::Approx(2.5758293035488999).epsilon(1e-14));
  }

  TEST_CASE("mean_ci: edge cases") {
    const std::vector<double> empty;
    const std::vector<double> one = {3.0};
    const auto e = st::mean_ci(empty);
    CHECK(!e.assessable);
    CHECK(std::isnan(e.mean));
    CHECK(std::isnan(e.lower));
    const auto o = st::mean_ci(one);
    CHECK(!o.assessable);
    CHECK(o.mean == 3.0);
    CHECK(std::isnan(o.half_width));
    CHECK(!st::mean_ci(kBase12, 0.0).assessable);
    CHECK(!st::mean_ci(kBase12, 1.0).assessable);
    CHECK(std::isnan(st::t_critical(0.0, 0.95)));
    CHECK(std::isnan(st::t_critical(5.0, 1.5)));
    CHECK(std::isnan(st::z_critical(-0.1)));
    // Deterministic data: a zero-width interval, still assessable.
    const std::vector<double> same(4, 2.0);
    const auto d = st::mean_ci(same);
    CHECK(d.assessable);
    CHECK(d.half_width == 0.0);
    CHECK(d.lower == 2.0);
    CHECK(d.upper == 2.0);
    const std::vector<double> with_nan = {1.0, std::numeric_limits<double>::quiet_NaN()};
    CHECK(!st::mean_ci(with_nan).assessable);
  }
}
