// Tests for runtime/stats/mser: MSER-5 truncation against tools/refvalues/stationarity.R.
#include "runtime/stats/mser.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

namespace st = metron::stats;

// The vectors of stationarity.R, written with the same closed formulas.
std::vector<double> trans() {
  std::vector<double> x(20, 10.0);
  for (int i = 1; i <= 80; ++i) x.push_back(1 + (i % 7) / 10.0);
  return x;
}
std::vector<double> steady() {
  std::vector<double> x;
  for (int i = 1; i <= 60; ++i) x.push_back(1 + ((i * 37) % 11) / 10.0);
  return x;
}
std::vector<double> spiky() {
  std::vector<double> x = trans();
  x[60] = 200.0;  // R's spiky[c(61, 83)] <- 200
  x[82] = 200.0;
  return x;
}
std::vector<double> late() {
  std::vector<double> x;
  for (int i = 1; i <= 40; ++i) x.push_back(1 + (i % 3) / 10.0);
  for (int i = 0; i < 20; ++i) x.push_back(5.0);
  return x;
}

}  // namespace

TEST_SUITE("mser") {
  TEST_CASE("mser: truncates the 20 slow leading values as R's definition does") {
    // mser(trans, mean): k = 20, d = 4, truncate = 20, stat = 0.00023193359375000004, settled = 1
    auto r = st::mser(trans());
    CHECK(r.assessable);
    CHECK(r.batches == 20);
    CHECK(r.best_batch == 4);
    CHECK(r.truncate == 20);
    CHECK(r.settled);
    CHECK(r.statistic == doctest::Approx(0.00023193359375000004).epsilon(1e-12));
    // mser(trans, median): k = 20, d = 4, truncate = 20, stat = 0.00050537109374999974
    r = st::mser(trans(), 5, st::BatchStatistic::Median);
    CHECK(r.truncate == 20);
    CHECK(r.statistic == doctest::Approx(0.00050537109374999974).epsilon(1e-12));
  }

  TEST_CASE("mser: late spikes defeat batch means, not batch medians") {
    // mser(spiky, mean): k = 20, d = 0, truncate = 0, stat = 7.0067449499999999, settled = 0
    auto r = st::mser(spiky());
    CHECK(r.truncate == 0);
    CHECK_FALSE(r.settled);
    CHECK(r.statistic == doctest::Approx(7.0067449499999999).epsilon(1e-12));
    // mser(spiky, median): k = 20, d = 4, truncate = 20, stat = 0.00061523437499999979, settled = 1
    r = st::mser(spiky(), 5, st::BatchStatistic::Median);
    CHECK(r.truncate == 20);
    CHECK(r.settled);
    CHECK(r.statistic == doctest::Approx(0.00061523437499999979).epsilon(1e-12));
  }

  TEST_CASE("mser: the search stops at the middle; a later minimum is reported as not settled") {
    // mser(steady, mean): k = 12, d = 6, truncate = 30, stat = 0.00019444444444444479, settled = 0
    auto r = st::mser(steady());
    CHECK(r.best_batch == 6);
    CHECK(r.truncate == 30);
    CHECK_FALSE(r.settled);
    CHECK(r.statistic == doctest::Approx(0.00019444444444444479).epsilon(1e-12));
    // mser(steady, median): k = 12, d = 0, truncate = 0, stat = 0.00055555555555555653, settled = 1
    r = st::mser(steady(), 5, st::BatchStatistic::Median);
    CHECK(r.truncate == 0);
    CHECK(r.settled);
    CHECK(r.statistic == doctest::Approx(0.00055555555555555653).epsilon(1e-12));
    // mser(late, mean): k = 12, d = 0, truncate = 0, stat = 0.28168333333333329, settled = 0
    r = st::mser(late());
    CHECK(r.best_batch == 0);
    CHECK(r.truncate == 0);
    CHECK_FALSE(r.settled);
    CHECK(r.statistic == doctest::Approx(0.28168333333333329).epsilon(1e-12));
  }

  TEST_CASE("mser: edge cases") {
    // Fewer than 4 batches: not assessable, nothing truncated.
    const std::vector<double> short_x(19, 1.0);
    auto r = st::mser(short_x);
    CHECK_FALSE(r.assessable);
    CHECK(r.batches == 3);
    CHECK(r.truncate == 0);
    // A remainder after the last full batch is left out (k = 4 from 23 values).
    std::vector<double> x(23, 2.0);
    r = st::mser(x);
    CHECK(r.assessable);
    CHECK(r.batches == 4);
    CHECK(r.best_batch == 0);  // all equal: every d gives 0, the smallest d wins
    CHECK(r.truncate == 0);
    // Non-finite values: not assessable (a duration is never infinite).
    x[3] = std::numeric_limits<double>::infinity();
    CHECK_FALSE(st::mser(x).assessable);
    x[3] = std::numeric_limits<double>::quiet_NaN();
    CHECK_FALSE(st::mser(x).assessable);
    // Batch size 0 is not a batch size.
    CHECK_FALSE(st::mser(trans(), 0).assessable);
    // Batch size 1 (MSER without batching) still finds the 20 slow values.
    CHECK(st::mser(trans(), 1).truncate == 20);
  }
}
