// Tests for runtime/stats/descheduling: which observations count as descheduled.
#include "runtime/stats/descheduling.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace st = metron::stats;

TEST_SUITE("descheduling") {
  TEST_CASE("descheduling: a 0.3 us call that took 8 ms counts, ordinary spread does not") {
    std::vector<double> x(100, 0.3e-6);
    for (int i = 0; i < 100; i += 10) x[i] = 0.9e-6;  // 3x: a slow mode, not descheduling
    x[55] = 8e-3;
    x[77] = 2e-3;
    const auto d = st::descheduled(x);
    CHECK(d.q1 == 0.3e-6);
    // max(10 * 0.3 us, 0.3 us + 0.5 ms) = 0.5003 ms
    CHECK(d.threshold == doctest::Approx(0.3e-6 + 0.5e-3).epsilon(1e-12));
    CHECK(d.count == 2);
    CHECK(d.worst == 8e-3);
  }

  TEST_CASE("descheduling: long calls need 10x their first quartile") {
    // 20 ms calls: threshold 200 ms; a 150 ms call is slow but not counted, 250 ms is.
    std::vector<double> x(40, 20e-3);
    x[3] = 150e-3;
    x[9] = 250e-3;
    const auto d = st::descheduled(x);
    CHECK(d.threshold == doctest::Approx(200e-3));
    CHECK(d.count == 1);
  }

  TEST_CASE("descheduling: not assessable below 4 observations or with a NaN") {
    CHECK(std::isnan(st::descheduled(std::vector<double>{1, 2, 3}).threshold));
    CHECK(st::descheduled(std::vector<double>{1, 2, 3}).count == 0);
    const std::vector<double> x = {1, 2, std::numeric_limits<double>::quiet_NaN(), 3, 4};
    CHECK(std::isnan(st::descheduled(x).threshold));
  }
}
