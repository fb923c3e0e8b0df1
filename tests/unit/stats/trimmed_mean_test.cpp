// Tests for runtime/stats/trimmed_mean: SKaMPI's interquartile trimmed mean against R.
#include "runtime/stats/trimmed_mean.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// expected = {mean, se, kept, dropped} from tools/refvalues/tukey_trimmed.R:
// d <- n %/% 4; k <- sort(x)[(d + 1):(n - d)]; m <- length(k)
// c(mean(k), sqrt(abs(sum(k^2) - sum(k)^2 / m) / (m * (m - 1))), m, d)
void check_trimmed(const std::vector<double>& x, const std::vector<double>& e) {
  const auto t = st::interquartile_trimmed_mean(x);
  REQUIRE(t.has_value());
  CHECK(t->mean == doctest::Approx(e[0]).epsilon(1e-14));
  if (std::isnan(e[1])) {
    CHECK(std::isnan(t->standard_error));
  } else {
    CHECK(t->standard_error == doctest::Approx(e[1]).epsilon(1e-11));
  }
  CHECK(t->kept == static_cast<std::size_t>(e[2]));
  CHECK(t->dropped_each_side == static_cast<std::size_t>(e[3]));
}

}  // namespace

TEST_SUITE("trimmed_mean") {
  TEST_CASE("trimmed_mean: matches R for n = 1..12") {
    const std::vector<std::vector<double>> expected = {
        {5.2999999999999998, kNaN, 1, 0},
        {3.5, 1.8, 2, 0},
        {5.0666666666666664, 1.8800118202938099, 3, 0},
        {4.2999999999999998, 1, 2, 1},
        {5.5999999999999996, 1.422439219556793, 3, 1},
        {4.7999999999999998, 1.2851718432438, 4, 1},
        {5.2599999999999998, 1.0966312051004208, 5, 1},
        {5.0749999999999993, 0.79201746613737589, 4, 2},
        {5.4199999999999999, 0.7038465741907115, 5, 2},
        {4.9166666666666661, 0.76394444242438919, 6, 2},
        {4.9714285714285715, 0.64796909307329764, 7, 2},
        {4.7666666666666666, 0.54873592110514424, 6, 3},
    };
    for (std::size_t n = 1; n <= 12; ++n) {
      CAPTURE(n);
      check_trimmed(prefix(kBase12, n), expected[n - 1]);
    }
  }

  TEST_CASE("trimmed_mean: matches R with ties, outliers and n = 2000") {
    check_trimmed(kTies10, {3.6666666666666665, 0.7149203529842405, 6, 2});
    auto outl = kBase12;
    outl.insert(outl.end(), {30.0, -20.0, 25.0});
    check_trimmed(outl, {5.1444444444444439, 0.65173083893564021, 9, 3});
    check_trimmed(large2000(), {105.1963828794142, 0.099086135600009478, 1000, 500});
    check_trimmed(skew200(), {1.2412040725536284, 0.076037717213753367, 100, 50});
  }

  TEST_CASE("trimmed_mean: edge cases") {
    const std::vector<double> empty;
    CHECK(!st::interquartile_trimmed_mean(empty).has_value());
    const std::vector<double> with_nan = {1.0, kNaN, 2.0, 3.0};
    CHECK(!st::interquartile_trimmed_mean(with_nan).has_value());
    const std::vector<double> same(8, 2.0);
    const auto t = st::interquartile_trimmed_mean(same);
    CHECK(t->mean == 2.0);
    CHECK(t->standard_error == 0.0);
    CHECK(t->kept == 4);
    // Outliers on either side never reach the result.
    const std::vector<double> spiky = {1e9, 5, 5, 5, 5, 5, 5, -1e9};
    CHECK(st::interquartile_trimmed_mean(spiky)->mean == 5.0);
  }
}
