// Tests for runtime/stats/mann_kendall against R's Kendall test on the time index
// (tools/refvalues/stationarity.R: cor.test(x, seq_along(x), method = "kendall", exact = FALSE,
// continuity = TRUE)).
#include "runtime/stats/mann_kendall.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

namespace st = metron::stats;

std::vector<double> rising() {
  std::vector<double> x;
  for (int i = 1; i <= 30; ++i) x.push_back(i + (i * 7) % 5);
  return x;
}
std::vector<double> falling() {
  std::vector<double> x;
  for (int i = 1; i <= 50; ++i) x.push_back(100 - i * 0.5 + (i * 13) % 9);
  return x;
}
std::vector<double> flat() {
  std::vector<double> x;
  for (int i = 1; i <= 40; ++i) x.push_back((i * 17) % 13);
  return x;
}

// O(n^2) S from the definition, to check the merge-sort count.
double s_direct(const std::vector<double>& x) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) s += (x[j] > x[i]) - (x[j] < x[i]);
  return s;
}

}  // namespace

TEST_SUITE("mann_kendall") {
  TEST_CASE("mann_kendall: z and p match R") {
    // mk(a): z = 0, p = 1 (S = 1, continuity-corrected to 0)
    const std::vector<double> a = {5, 3, 8, 1, 9, 2, 7};
    auto t = st::mann_kendall(a);
    CHECK(t.assessable);
    CHECK(t.s == 1.0);
    CHECK(t.z == 0.0);
    CHECK(t.p == 1.0);
    // mk(rising): z = 7.1007303393936292, p = 1.2409931195202753e-12
    t = st::mann_kendall(rising());
    CHECK(t.z == doctest::Approx(7.1007303393936292).epsilon(1e-12));
    CHECK(t.p == doctest::Approx(1.2409931195202753e-12).epsilon(1e-9));
    // mk(falling): z = -8.2812091904489815, p = 1.2193078094319705e-16
    t = st::mann_kendall(falling());
    CHECK(t.z == doctest::Approx(-8.2812091904489815).epsilon(1e-12));
    CHECK(t.p == doctest::Approx(1.2193078094319705e-16).epsilon(1e-9));
    // mk(flat): z = -0.76003900134517066, p = 0.44723127236899052
    t = st::mann_kendall(flat());
    CHECK(t.z == doctest::Approx(-0.76003900134517066).epsilon(1e-12));
    CHECK(t.p == doctest::Approx(0.44723127236899052).epsilon(1e-12));
  }

  TEST_CASE("mann_kendall: S from the merge-sort count equals the pairwise definition") {
    for (const auto& x : {rising(), falling(), flat()}) CHECK(st::mann_kendall(x).s == s_direct(x));
  }

  TEST_CASE("mann_kendall: edge cases are not assessable") {
    CHECK_FALSE(st::mann_kendall(std::vector<double>{1, 2}).assessable);
    CHECK(std::isnan(st::mann_kendall(std::vector<double>{1, 2}).p));
    CHECK_FALSE(st::mann_kendall(std::vector<double>(10, 3.0)).assessable);  // Var(S) = 0
    std::vector<double> x = rising();
    x[4] = std::numeric_limits<double>::infinity();
    CHECK_FALSE(st::mann_kendall(x).assessable);
    x[4] = std::numeric_limits<double>::quiet_NaN();
    CHECK(std::isnan(st::mann_kendall(x).p));
  }

  TEST_CASE("batch_means: consecutive means, at most max_batches of them") {
    const std::vector<double> x = {1, 2, 3, 4, 5, 6, 7};
    CHECK(st::batch_means(x, 10) == x);
    // ceil(7 / 3) = 3 per batch: (1 2 3) (4 5 6) (7)
    CHECK(st::batch_means(x, 3) == std::vector<double>{2, 5, 7});
    CHECK(st::batch_means(x, 0) == x);
  }
}
