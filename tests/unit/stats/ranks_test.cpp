// Tests for runtime/stats/ranks: average ranks and tie groups, against R's rank().
#include "runtime/stats/ranks.h"

#include <doctest/doctest.h>

#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

}  // namespace

TEST_SUITE("ranks") {
  TEST_CASE("ranks: average ranks match R's rank() with ties") {
    // rank(ties10) = 1 2.5 2.5 5 5 5 7 8.5 8.5 10
    const auto r = st::average_ranks(kTies10);
    const std::vector<double> expected = {1, 2.5, 2.5, 5, 5, 5, 7, 8.5, 8.5, 10};
    CHECK(r.ranks == expected);
    CHECK(r.tie_sizes == std::vector<std::size_t>{2, 3, 2});
    CHECK(r.tie_sum() == 6.0 + 24.0 + 6.0);  // sum(t^3 - t)
    // rank(base12) = 7.5 2 11 4.5 12 3 10 6 9 1 7.5 4.5
    const std::vector<double> expected12 = {7.5, 2, 11, 4.5, 12, 3, 10, 6, 9, 1, 7.5, 4.5};
    CHECK(st::average_ranks(kBase12).ranks == expected12);
  }

  TEST_CASE("ranks: edge cases") {
    CHECK(st::average_ranks(std::vector<double>{}).ranks.empty());
    const auto one = st::average_ranks(std::vector<double>{4.0});
    CHECK(one.ranks == std::vector<double>{1.0});
    CHECK(one.tie_sum() == 0.0);
    const auto same = st::average_ranks(std::vector<double>(4, 1.0));
    CHECK(same.ranks == std::vector<double>(4, 2.5));
    CHECK(same.tie_sizes == std::vector<std::size_t>{4});
  }
}
