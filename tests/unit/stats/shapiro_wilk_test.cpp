// Tests for runtime/stats/shapiro_wilk: W and p against R's shapiro.test() for n = 3..5000.
#include "runtime/stats/shapiro_wilk.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

// Reference values: tools/refvalues/tests.R, shapiro.test(x). The brief asks for 1e-6.
void check(const std::vector<double>& x, double w, double p) {
  const auto r = st::shapiro_wilk(x);
  REQUIRE(r.has_value());
  CHECK(r->w == doctest::Approx(w).epsilon(1e-9));
  CHECK(r->p_value == doctest::Approx(p).epsilon(1e-6).scale(1e-300));
}

}  // namespace

TEST_SUITE("shapiro_wilk") {
  TEST_CASE("shapiro_wilk: matches shapiro.test for n = 3..12") {
    // shapiro.test(base12[1:n]): W, p
    const std::vector<std::vector<double>> expected = {
        {0.99614900974536325, 0.88140490539127669}, {0.97840324985535621, 0.89259229738460477},
        {0.96037348396614242, 0.81058169844063199}, {0.91438563725463184, 0.46587085875229695},
        {0.94353356820906764, 0.67072440109257325}, {0.95903131843195721, 0.80082302142291473},
        {0.97024361245394231, 0.89680487257397412}, {0.97589575287122321, 0.93949478935781738},
        {0.98242080529783182, 0.97811307085466326}, {0.98156684092434865, 0.98912508354663875},
    };
    for (std::size_t n = 3; n <= 12; ++n) {
      CAPTURE(n);
      check(prefix(kBase12, n), expected[n - 3][0], expected[n - 3][1]);
    }
  }

  TEST_CASE("shapiro_wilk: matches shapiro.test with ties and at n = 3 edges") {
    check(kTies10, 0.87017800089542563, 0.10044432667008139);
    check({1, 2, 4}, 0.96428571428571419, 0.6368868450289632);
    // n = 3 with two equal values: W = 3/4, the smallest possible, p = 0
    const auto r = st::shapiro_wilk(std::vector<double>{1, 1, 2});
    REQUIRE(r.has_value());
    CHECK(r->w == doctest::Approx(0.75).epsilon(1e-12));
    CHECK(r->p_value < 1e-12);  // R: 0 (W rounds a hair below 3/4 there)
    check({1, 1, 1, 1, 100}, 0.55218168308690352, 0.00013097817585188087);
  }

  TEST_CASE("shapiro_wilk: accepts normal scores and rejects skewed data (seed requirement 12)") {
    // normal50: W = 0.9992, p ~ 1
    check(normal50(), 0.9992035684044448, 0.99999999999876354);
    // skew200: W = 0.8348, p = 8.3e-14
    check(skew200(), 0.83476359821971036, 8.291502776133209e-14);
    CHECK(st::shapiro_wilk(skew200())->p_value < 0.05);
  }

  TEST_CASE("shapiro_wilk: matches shapiro.test for n = 2000 and n = 5000") {
    const auto l = large2000();
    check(l, 0.9171220477419979, 8.9992962269036332e-32);
    std::vector<double> e;
    for (double v : l) e.push_back(std::exp(v / 20.0));
    check(e, 0.91616625094231541, 6.3843256657498835e-32);
    std::vector<double> s;
    for (int i = 1; i <= 5000; ++i) s.push_back(std::sin(static_cast<double>(i)));
    check(s, 0.89944617862751175, 2.6502688533171441e-49);
  }

  TEST_CASE("shapiro_wilk: W is invariant to location and scale") {
    std::vector<double> shifted;
    for (double v : kBase12) shifted.push_back(1e6 + 1e-3 * v);
    const auto a = st::shapiro_wilk(kBase12);
    const auto b = st::shapiro_wilk(shifted);
    CHECK(b->w == doctest::Approx(a->w).epsilon(1e-9));
  }

  TEST_CASE("shapiro_wilk: undefined cases") {
    CHECK(!st::shapiro_wilk(std::vector<double>{}).has_value());
    CHECK(!st::shapiro_wilk(std::vector<double>{1.0, 2.0}).has_value());   // n < 3
    CHECK(!st::shapiro_wilk(std::vector<double>(5001, 1.0)).has_value());  // n > 5000
    CHECK(!st::shapiro_wilk(std::vector<double>(10, 3.0)).has_value());    // all identical
    const std::vector<double> with_nan = {1, 2, std::numeric_limits<double>::quiet_NaN(), 4};
    CHECK(!st::shapiro_wilk(with_nan).has_value());
  }

  TEST_CASE("shapiro_wilk: an infinite value gives W = NaN and p = NaN, as R") {
    // shapiro.test(c(1, 2, 3, 4, Inf)): W = NaN, p-value = NA (tools/refvalues/stationarity.R)
    const std::vector<double> x = {1, 2, 3, 4, std::numeric_limits<double>::infinity()};
    const auto r = st::shapiro_wilk(x);
    REQUIRE(r.has_value());
    CHECK(std::isnan(r->w));
    CHECK(std::isnan(r->p_value));
  }
}
