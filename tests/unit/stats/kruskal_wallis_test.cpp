// Tests for runtime/stats/kruskal_wallis: H and p against R's kruskal.test() and the worked
// worked example of Hoefler & Belli, "Scientific Benchmarking of Parallel Computing Systems"
// (§3.2.2).
#include "runtime/stats/kruskal_wallis.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "tests/unit/stats/hypothesis_vectors.h"
#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

std::optional<st::KruskalWallisResult> kw(const std::vector<std::vector<double>>& groups) {
  std::vector<std::span<const double>> spans(groups.begin(), groups.end());
  return st::kruskal_wallis(spans);
}

void check(const std::vector<std::vector<double>>& groups, double h, double df, double p) {
  const auto r = kw(groups);
  REQUIRE(r.has_value());
  CHECK(r->statistic == doctest::Approx(h).epsilon(1e-12));
  CHECK(r->df == df);
  CHECK(r->p_value == doctest::Approx(p).epsilon(1e-10));
}

}  // namespace

TEST_SUITE("kruskal_wallis") {
  TEST_CASE("kruskal_wallis: the A, B, C example gives H = 7.2 (Hoefler & Belli, SC15, §3.2.2)") {
    // kruskal.test(list(1:3, 4:6, 7:9)): H = 7.2, df = 2, p = 0.027323722447292521
    check({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 7.2, 2, 0.027323722447292521);
  }

  TEST_CASE("kruskal_wallis: matches kruskal.test with ties and unequal groups") {
    // kruskal.test(list(a, b, cc))
    check({kA, kB, kC}, 10.464446642488179, 2, 0.0053416359179820887);
    // kruskal.test(list(ties10, base12))
    check({kTies10, kBase12}, 0.52847419171865984, 1, 0.46724904821800961);
    // kruskal.test(list(c(1, 1), c(1, 2), c(2, 2, 2))): only two distinct values
    check({{1, 1}, {1, 2}, {2, 2, 2}}, 4.25, 2, 0.11943296826671962);
  }

  TEST_CASE("kruskal_wallis: matches kruskal.test for n = 2000") {
    const auto l = large2000();
    check({std::vector<double>(l.begin(), l.begin() + 500),
           std::vector<double>(l.begin() + 500, l.begin() + 1000),
           std::vector<double>(l.begin() + 1000, l.end())},
          23.241970215892252, 2, 8.9757406084586271e-06);
  }

  TEST_CASE("kruskal_wallis: identical rank sums give H = 0, p = 1") {
    // kruskal.test(list(c(3, 1, 2), c(2, 3, 1))): H = 0, p = 1
    const auto r = kw({{3, 1, 2}, {2, 3, 1}});
    REQUIRE(r.has_value());
    CHECK(r->statistic == doctest::Approx(0.0).scale(1e-12));
    CHECK(r->p_value == 1.0);
  }

  TEST_CASE("kruskal_wallis: undefined cases") {
    CHECK(!kw({}).has_value());
    CHECK(!kw({kA}).has_value());      // one group
    CHECK(!kw({kA, {}}).has_value());  // an empty group
    CHECK(!kw({kA, {1.0, std::numeric_limits<double>::quiet_NaN()}}).has_value());
    // All values tied: H = 0/0
    const auto r = kw({{2, 2}, {2, 2, 2}});
    REQUIRE(r.has_value());
    CHECK(std::isnan(r->statistic));
    CHECK(std::isnan(r->p_value));
  }
}
