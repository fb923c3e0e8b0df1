// Tests for runtime/stats/tukey: fences from type 7 quartiles, against R.
#include "runtime/stats/tukey.h"

#include <doctest/doctest.h>

#include <limits>
#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

// expected = {q1, q3, lower, upper, removed} from tools/refvalues/tukey_trimmed.R, i.e.
// q <- quantile(x, c(.25, .75), type = 7); c(q, q[1] - k * diff(q), q[2] + k * diff(q),
// sum(x < lower | x > upper))
void check_fences(const std::vector<double>& x, double k, const std::vector<double>& e) {
  const auto mask = st::tukey_mask(x, k);
  REQUIRE(mask.has_value());
  CHECK(mask->fences.q1 == doctest::Approx(e[0]).epsilon(1e-14));
  CHECK(mask->fences.q3 == doctest::Approx(e[1]).epsilon(1e-14));
  CHECK(mask->fences.lower == doctest::Approx(e[2]).epsilon(1e-14));
  CHECK(mask->fences.upper == doctest::Approx(e[3]).epsilon(1e-14));
  CHECK(mask->removed == static_cast<std::size_t>(e[4]));
  const auto filtered = st::tukey_filter(x, k);
  REQUIRE(filtered.has_value());
  CHECK(filtered->removed == mask->removed);
  CHECK(filtered->kept.size() + filtered->removed == x.size());
}

std::vector<double> with_outliers() {
  auto x = kBase12;
  x.insert(x.end(), {30.0, -20.0, 25.0});  // R: outl <- c(base12, 30, -20, 25)
  return x;
}

}  // namespace

TEST_SUITE("tukey") {
  TEST_CASE("tukey: fences and removed counts match R") {
    check_fences(kBase12, 1.5,
                 {3.0749999999999997, 6.875, -2.6250000000000004, 12.574999999999999, 0});
    check_fences(
        with_outliers(), 1.5,
        {2.8499999999999996, 7.6499999999999995, -4.3499999999999996, 14.849999999999998, 3});
    check_fences(
        with_outliers(), 3.0,
        {2.8499999999999996, 7.6499999999999995, -11.549999999999999, 22.049999999999997, 3});
    check_fences(
        skew200(), 1.5,
        {0.35495937067257827, 2.8009413520974014, -3.314013601464656, 6.4699143242346357, 0});
    check_fences(kTies10, 1.5, {2.25, 6.25, -3.75, 12.25, 0});
    check_fences(
        large2000(), 1.5,
        {99.558911053383653, 110.31243384226319, 83.428626870064349, 126.44271802558249, 0});
  }

  TEST_CASE("tukey: the mask and the kept values follow the input order") {
    const auto x = with_outliers();
    const auto mask = st::tukey_mask(x);
    const auto filtered = st::tukey_filter(x);
    REQUIRE(mask.has_value());
    REQUIRE(filtered.has_value());
    std::vector<double> kept;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (mask->keep[i]) kept.push_back(x[i]);
    }
    CHECK(kept == filtered->kept);
    CHECK(kept == kBase12);  // exactly the three appended values go
  }

  TEST_CASE("tukey: a value on a fence is kept") {
    // n = 6: q1 = 2.25, q3 = 4.75, upper fence 4.75 + 1.5 * 2.5 = 8.5
    const std::vector<double> on = {1, 2, 3, 4, 5, 8.5};
    const std::vector<double> beyond = {1, 2, 3, 4, 5, 8.6};
    CHECK(st::tukey_fences(on)->upper == 8.5);
    CHECK(st::tukey_filter(on)->removed == 0);
    CHECK(st::tukey_filter(beyond)->removed == 1);
  }

  TEST_CASE("tukey: a larger k removes less") {
    const std::vector<double> x = {1, 2, 3, 4, 5, 12};  // upper fence 8.5 at k = 1.5, 12.25 at 3
    CHECK(st::tukey_filter(x, 1.5)->removed == 1);
    CHECK(st::tukey_filter(x, 3.0)->removed == 0);
    CHECK(st::tukey_filter(x, 0.0)->removed == 4);  // k = 0: all outside [2.25, 4.75]
  }

  TEST_CASE("tukey: edge cases") {
    const std::vector<double> empty;
    CHECK(!st::tukey_fences(empty).has_value());
    CHECK(!st::tukey_mask(empty).has_value());
    CHECK(!st::tukey_filter(empty).has_value());
    const std::vector<double> one = {3.0};
    CHECK(st::tukey_filter(one)->kept == one);
    const std::vector<double> two = {1.0, 100.0};  // n = 2 never removes: fences beyond both
    CHECK(st::tukey_filter(two)->removed == 0);
    const std::vector<double> same(9, 4.0);  // IQR = 0: fences collapse onto the value
    CHECK(st::tukey_filter(same)->removed == 0);
    const std::vector<double> spike = {4, 4, 4, 4, 4, 4, 4, 4.5};  // IQR = 0: any other value goes
    CHECK(st::tukey_filter(spike)->removed == 1);
    CHECK(!st::tukey_fences(kBase12, -1.0).has_value());
    CHECK(!st::tukey_fences(kBase12, std::numeric_limits<double>::infinity()).has_value());
    const std::vector<double> with_nan = {1.0, std::numeric_limits<double>::quiet_NaN()};
    CHECK(!st::tukey_fences(with_nan).has_value());
  }
}
