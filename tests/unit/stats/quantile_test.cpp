// Tests for runtime/stats/quantile: all nine Hyndman & Fan types against R's quantile().
#include "runtime/stats/quantile.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

using metron::stats::quantile;
using metron::stats::quantile_sorted;
using metron::stats::quantiles;
using metron::stats::QuantileType;
using namespace metron::stats::testing;

// Reference values: tools/refvalues/quantile.R (R 4.2.2), on the vectors of ref_vectors.h.
const std::vector<double> kPs = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 1};

struct PrefixCase {
  int n;
  int type;
  std::vector<double> expected;  // at kPs
};

const std::vector<PrefixCase> kPrefixCases = {
    // quantile(base12[1:1], ps, type = 1)
    {1,
     1,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 2)
    {1,
     2,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 3)
    {1,
     3,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 4)
    {1,
     4,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 5)
    {1,
     5,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 6)
    {1,
     6,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 7)
    {1,
     7,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 8)
    {1,
     8,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:1], ps, type = 9)
    {1,
     9,
     {5.2999999999999998, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 1)
    {2, 1, {1.7, 1.7, 1.7, 1.7, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 2)
    {2, 2, {1.7, 1.7, 1.7, 3.5, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 3)
    {2, 3, {1.7, 1.7, 1.7, 1.7, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 4)
    {2, 4, {1.7, 1.7, 1.7, 1.7, 3.5, 4.5800000000000001, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 5)
    {2, 5, {1.7, 1.7, 1.7, 3.5, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 6)
    {2, 6, {1.7, 1.7, 1.7, 3.5, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 7)
    {2,
     7,
     {1.7, 2.0600000000000005, 2.5999999999999996, 3.5, 4.3999999999999995, 4.9399999999999995,
      5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 8)
    {2,
     8,
     {1.7, 1.7, 1.7, 3.4999999999999991, 5.2999999999999998, 5.2999999999999998,
      5.2999999999999998}},
    // quantile(base12[1:2], ps, type = 9)
    {2, 9, {1.7, 1.7, 1.7, 3.5, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998}},
    // quantile(base12[1:3], ps, type = 1)
    {3,
     1,
     {1.7, 1.7, 1.7, 5.2999999999999998, 8.1999999999999993, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 2)
    {3,
     2,
     {1.7, 1.7, 1.7, 5.2999999999999998, 8.1999999999999993, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 3)
    {3,
     3,
     {1.7, 1.7, 1.7, 5.2999999999999998, 5.2999999999999998, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 4)
    {3, 4, {1.7, 1.7, 1.7, 3.5, 6.0249999999999995, 7.3300000000000001, 8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 5)
    {3,
     5,
     {1.7, 1.7, 2.5999999999999996, 5.2999999999999998, 7.4749999999999996, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 6)
    {3,
     6,
     {1.7, 1.7, 1.7, 5.2999999999999998, 8.1999999999999993, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 7)
    {3,
     7,
     {1.7, 2.4199999999999999, 3.5, 5.2999999999999998, 6.75, 7.6199999999999992,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 8)
    {3,
     8,
     {1.7, 1.7, 2.2999999999999994, 5.2999999999999998, 7.7166666666666668, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:3], ps, type = 9)
    {3, 9, {1.7, 1.7, 2.375, 5.2999999999999998, 7.65625, 8.1999999999999993, 8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 1)
    {4,
     1,
     {1.7, 1.7, 1.7, 3.2999999999999998, 5.2999999999999998, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 2)
    {4, 2, {1.7, 1.7, 2.5, 4.2999999999999998, 6.75, 8.1999999999999993, 8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 3)
    {4,
     3,
     {1.7, 1.7, 1.7, 3.2999999999999998, 5.2999999999999998, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 4)
    {4,
     4,
     {1.7, 1.7, 1.7, 3.2999999999999998, 5.2999999999999998, 7.0399999999999991,
      8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 5)
    {4, 5, {1.7, 1.7, 2.5, 4.2999999999999998, 6.75, 8.1999999999999993, 8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 6)
    {4,
     6,
     {1.7, 1.7, 2.0999999999999996, 4.2999999999999998, 7.4749999999999996, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 7)
    {4,
     7,
     {1.7, 2.1800000000000002, 2.8999999999999995, 4.2999999999999998, 6.0249999999999995,
      7.3300000000000001, 8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 8)
    {4,
     8,
     {1.7, 1.7, 2.3666666666666667, 4.3000000000000007, 6.9916666666666671, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:4], ps, type = 9)
    {4,
     9,
     {1.7, 1.7, 2.3999999999999999, 4.2999999999999998, 6.9312500000000004, 8.1999999999999993,
      8.1999999999999993}},
    // quantile(base12[1:5], ps, type = 1)
    {5,
     1,
     {1.7, 1.7, 3.2999999999999998, 5.2999999999999998, 8.1999999999999993, 9.9000000000000004,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 2)
    {5,
     2,
     {1.7, 1.7, 3.2999999999999998, 5.2999999999999998, 8.1999999999999993, 9.9000000000000004,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 3)
    {5,
     3,
     {1.7, 1.7, 1.7, 3.2999999999999998, 8.1999999999999993, 8.1999999999999993,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 4)
    {5,
     4,
     {1.7, 1.7, 2.0999999999999996, 4.2999999999999998, 7.4749999999999996, 9.0500000000000007,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 5)
    {5,
     5,
     {1.7, 1.7, 2.8999999999999995, 5.2999999999999998, 8.625, 9.9000000000000004,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 6)
    {5,
     6,
     {1.7, 1.7, 2.5, 5.2999999999999998, 9.0500000000000007, 9.9000000000000004,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 7)
    {5,
     7,
     {1.7, 2.3399999999999999, 3.2999999999999998, 5.2999999999999998, 8.1999999999999993,
      9.2199999999999989, 9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 8)
    {5,
     8,
     {1.7, 1.7, 2.7666666666666666, 5.2999999999999998, 8.7666666666666657, 9.9000000000000004,
      9.9000000000000004}},
    // quantile(base12[1:5], ps, type = 9)
    {5,
     9,
     {1.7, 1.7, 2.7999999999999998, 5.2999999999999998, 8.7312499999999993, 9.9000000000000004,
      9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 1)
    {12,
     1,
     {0.5, 1.7, 2.3999999999999999, 4.5999999999999996, 6.7999999999999998, 8.1999999999999993,
      9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 2)
    {12,
     2,
     {0.5, 1.7, 2.8499999999999996, 4.9499999999999993, 6.9499999999999993, 8.1999999999999993,
      9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 3)
    {12,
     3,
     {0.5, 0.5, 2.3999999999999999, 4.5999999999999996, 6.7999999999999998, 8.1999999999999993,
      9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 4)
    {12,
     4,
     {0.5, 0.74000000000000021, 2.3999999999999999, 4.5999999999999996, 6.7999999999999998,
      7.9799999999999995, 9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 5)
    {12,
     5,
     {0.5, 1.3400000000000001, 2.8499999999999996, 4.9499999999999993, 6.9499999999999993,
      8.7100000000000009, 9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 6)
    {12,
     6,
     {0.5, 0.85999999999999999, 2.625, 4.9499999999999993, 7.0249999999999995, 9.3900000000000006,
      9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 7)
    {12,
     7,
     {0.5, 1.77, 3.0749999999999997, 4.9499999999999993, 6.875, 8.0899999999999999,
      9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 8)
    {12,
     8,
     {0.5, 1.1799999999999999, 2.7749999999999995, 4.9499999999999993, 6.9749999999999996,
      8.9366666666666674, 9.9000000000000004}},
    // quantile(base12[1:12], ps, type = 9)
    {12,
     9,
     {0.5, 1.22, 2.7937499999999997, 4.9499999999999993, 6.96875, 8.879999999999999,
      9.9000000000000004}},
};

struct TiesCase {
  int type;
  std::vector<double> expected;
};

const std::vector<TiesCase> kTiesCases = {
    // quantile(ties10, ps, type = 1)
    {1, {1, 1, 2, 3, 7, 7, 10}},
    // quantile(ties10, ps, type = 6)
    {6, {1, 1.1000000000000001, 2, 3, 7, 9.7000000000000011, 10}},
    // quantile(ties10, ps, type = 7)
    {7, {1, 1.8999999999999999, 2.25, 3, 6.25, 7.2999999999999989, 10}},
};

}  // namespace

TEST_SUITE("quantile") {
  TEST_CASE("quantile: types 1-9 match R for n = 1, 2, 3, 4, 5 and 12") {
    for (const auto& c : kPrefixCases) {
      const auto x = prefix(kBase12, static_cast<std::size_t>(c.n));
      for (std::size_t i = 0; i < kPs.size(); ++i) {
        CAPTURE(c.n);
        CAPTURE(c.type);
        CAPTURE(kPs[i]);
        CHECK(quantile(x, kPs[i], static_cast<QuantileType>(c.type)) ==
              doctest::Approx(c.expected[i]).epsilon(1e-14));
      }
    }
  }

  TEST_CASE("quantile: type 7 matches R for n = 5") {
    // quantile(base12[1:5], c(0.1, 0.5, 0.9)) = 2.34, 5.3, 9.22
    const auto x = prefix(kBase12, 5);
    CHECK(quantile(x, 0.1) == doctest::Approx(2.3399999999999999).epsilon(1e-15));
    CHECK(quantile(x, 0.5) == 5.3);
    CHECK(quantile(x, 0.9) == doctest::Approx(9.2199999999999989).epsilon(1e-15));
  }

  TEST_CASE("quantile: types 1, 6 and 7 match R with ties") {
    for (const auto& c : kTiesCases) {
      for (std::size_t i = 0; i < kPs.size(); ++i) {
        CAPTURE(c.type);
        CAPTURE(kPs[i]);
        CHECK(quantile(kTies10, kPs[i], static_cast<QuantileType>(c.type)) ==
              doctest::Approx(c.expected[i]).epsilon(1e-14));
      }
    }
  }

  TEST_CASE("quantile: types 1, 6 and 7 match R for n = 2000") {
    const auto x = large2000();
    // quantile(large2000, c(.01, .25, .5, .75, .99), type = 7)
    const std::vector<double> ps7 = {0.01, 0.25, 0.5, 0.75, 0.99};
    const std::vector<double> r7 = {96.444391318764858, 99.558911053383653, 105.31123404954548,
                                    110.31243384226319, 112.96472003281538};
    const auto q7 = quantiles(x, ps7, QuantileType::Type7);
    for (std::size_t i = 0; i < ps7.size(); ++i) {
      CHECK(quantile(x, ps7[i]) == doctest::Approx(r7[i]).epsilon(1e-14));
      CHECK(q7[i] == doctest::Approx(r7[i]).epsilon(1e-14));
    }
    const std::vector<double> ps = {0.01, 0.5, 0.99};
    // quantile(large2000, c(.01, .5, .99), type = 6)
    const std::vector<double> r6 = {96.437017643647124, 105.31123404954548, 112.96487312918426};
    // quantile(large2000, c(.01, .5, .99), type = 1)
    const std::vector<double> r1 = {96.43694240206429, 105.31002542119295, 112.96471847060754};
    for (std::size_t i = 0; i < ps.size(); ++i) {
      CHECK(quantile(x, ps[i], QuantileType::Type6) == doctest::Approx(r6[i]).epsilon(1e-14));
      CHECK(quantile(x, ps[i], QuantileType::Type1) == doctest::Approx(r1[i]).epsilon(1e-14));
    }
  }

  TEST_CASE("quantile: n p that is an integer only in exact arithmetic picks the order statistic") {
    // sapply(1:9, function(t) quantile(1:30, 0.1, type = t)): 30 * 0.1 = 3.0000000000000004
    const std::vector<double> expected = {3,
                                          3.5,
                                          3,
                                          3,
                                          3.5,
                                          3.1000000000000001,
                                          3.9000000000000004,
                                          3.3666666666666671,
                                          3.4000000000000004};
    std::vector<double> x;
    for (int i = 1; i <= 30; ++i) x.push_back(i);
    for (int t = 1; t <= 9; ++t) {
      CAPTURE(t);
      CHECK(quantile(x, 0.1, static_cast<QuantileType>(t)) ==
            doctest::Approx(expected[static_cast<std::size_t>(t - 1)]).epsilon(1e-14));
    }
  }

  TEST_CASE("quantile: sorted and unsorted inputs agree") {
    auto sorted = kBase12;
    std::sort(sorted.begin(), sorted.end());
    for (int t = 1; t <= 9; ++t) {
      for (double p : kPs) {
        const auto type = static_cast<QuantileType>(t);
        CHECK(quantile_sorted(sorted, p, type) == quantile(kBase12, p, type));
      }
    }
  }

  TEST_CASE("quantile: undefined cases are NaN") {
    const std::vector<double> empty;
    CHECK(std::isnan(quantile(empty, 0.5)));
    CHECK(std::isnan(quantile(kBase12, -0.1)));
    CHECK(std::isnan(quantile(kBase12, 1.1)));
    CHECK(std::isnan(quantile(kBase12, std::numeric_limits<double>::quiet_NaN())));
    const std::vector<double> with_nan = {1.0, std::numeric_limits<double>::quiet_NaN(), 3.0};
    CHECK(std::isnan(quantile(with_nan, 0.5)));
    CHECK(std::isnan(quantiles(with_nan, kPs)[3]));
    CHECK(!metron::stats::quantile_position(0, 0.5, QuantileType::Type7).has_value());
  }

  TEST_CASE("quantile: all-equal samples give that value for every type and p") {
    const std::vector<double> same(7, 2.5);
    for (int t = 1; t <= 9; ++t) {
      for (double p : kPs) CHECK(quantile(same, p, static_cast<QuantileType>(t)) == 2.5);
    }
  }

  TEST_CASE("quantile: infinite values do not produce NaN") {
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<double> x = {1.0, inf, inf};
    CHECK(quantile(x, 0.9) == inf);
    CHECK(quantile(x, 0.0) == 1.0);
  }

  TEST_CASE("quantile: the caller's data is not reordered") {
    const auto before = kBase12;
    auto copy = kBase12;
    (void)quantile(copy, 0.3);
    CHECK(copy == before);
  }

  TEST_CASE("quantile: 10^6 values take linear time") {
    std::vector<double> x(1000000);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>((i * 7919) % 1000003);
    // Scrambled integers; nth_element must agree with a full sort.
    auto sorted = x;
    std::sort(sorted.begin(), sorted.end());
    CHECK(quantile(x, 0.5) == quantile_sorted(sorted, 0.5));
    CHECK(quantile(x, 0.999) == quantile_sorted(sorted, 0.999));
  }
}
