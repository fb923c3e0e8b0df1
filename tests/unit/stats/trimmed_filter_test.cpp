// Tests for runtime/stats/trimmed_filter: SKaMPI's middle half, exact values (sorting and
// dropping floor(n/4) from each end involves no arithmetic).
#include "runtime/stats/trimmed_filter.h"

#include <doctest/doctest.h>

#include <limits>
#include <vector>

namespace {

namespace st = metron::stats;

}  // namespace

TEST_SUITE("trimmed_filter") {
  TEST_CASE("trimmed_filter: floor(n/4) dropped from each end, the rest sorted") {
    const std::vector<double> x{9, 1, 7, 3, 5, 8, 2, 6, 4};  // n = 9: floor(9/4) = 2
    const auto f = st::trimmed_filter(x);
    REQUIRE(f.has_value());
    CHECK(f->kept == std::vector<double>{3, 4, 5, 6, 7});
    CHECK(f->removed == 4);
  }

  TEST_CASE("trimmed_filter: n = 4 drops one from each end; ties stay") {
    const auto f = st::trimmed_filter(std::vector<double>{2.5, 1.0, 2.5, 40.0});
    REQUIRE(f.has_value());
    CHECK(f->kept == std::vector<double>{2.5, 2.5});
    CHECK(f->removed == 2);
    const auto g = st::trimmed_filter(std::vector<double>{3, 3, 3, 1, 3, 3, 9});  // floor(7/4) = 1
    REQUIRE(g.has_value());
    CHECK(g->kept == std::vector<double>{3, 3, 3, 3, 3});
  }

  TEST_CASE("trimmed_filter: nothing to drop below 4 values, nothing defined with a NaN") {
    CHECK(!st::trimmed_filter(std::vector<double>{}).has_value());
    CHECK(!st::trimmed_filter(std::vector<double>{3, 1, 2}).has_value());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(!st::trimmed_filter(std::vector<double>{1, nan, 2, 3}).has_value());
  }
}
