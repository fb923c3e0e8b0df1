// Tests for runtime/stats/two_sample_t against R's t.test(x, y, var.equal = TRUE)
// (tests/unit/stats/edivisive_reference.R prints these values).
#include "runtime/stats/two_sample_t.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace st = metron::stats;

TEST_SUITE("two_sample_t") {
  TEST_CASE("two_sample_t: p and t match R") {
    // t.test(c(1, 2), c(3), var.equal = TRUE)$p.value = 0.33333333333333326
    const std::vector<double> x = {1, 2}, y = {3};
    auto r = st::student_t_test(x, y);
    CHECK(r.df == 1.0);
    CHECK(r.p == doctest::Approx(0.33333333333333326).epsilon(1e-12));
    CHECK(r.mean_x == 1.5);
    CHECK(r.mean_y == 3.0);
    // x = 1..5, y = 3..9: t.test(1:5, 3:9, var.equal = TRUE)
    //   t = -2.6282874151892344, df = 10, p = 0.025236219572876434
    const std::vector<double> a = {1, 2, 3, 4, 5}, b = {3, 4, 5, 6, 7, 8, 9};
    r = st::student_t_test(a, b);
    CHECK(r.t == doctest::Approx(-2.6282874151892344).epsilon(1e-12));
    CHECK(r.p == doctest::Approx(0.025236219572876434).epsilon(1e-10));
  }

  TEST_CASE("two_sample_t: undefined cases") {
    const std::vector<double> one = {1}, two = {2}, empty;
    CHECK(std::isnan(st::student_t_test(one, two).p));  // df = 0
    CHECK(std::isnan(st::student_t_test(empty, two).p));
    const std::vector<double> c1 = {2, 2, 2}, c2 = {2, 2};
    CHECK(std::isnan(st::student_t_test(c1, c2).p));  // constant and equal
    const std::vector<double> c3 = {3, 3};
    auto r = st::student_t_test(c1, c3);  // constant and different
    CHECK(r.p == 0.0);
    CHECK(std::isinf(r.t));
    const std::vector<double> bad = {1, std::numeric_limits<double>::quiet_NaN()};
    CHECK(std::isnan(st::student_t_test(bad, c1).p));
  }
}
