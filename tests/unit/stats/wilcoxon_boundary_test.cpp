// Where wilcoxon_rank_sum switches from the exact null distribution to the normal approximation:
// as R's wilcox.test, exact iff both samples have fewer than 50 values (and no ties).
#include <doctest/doctest.h>

#include <vector>

#include "runtime/stats/wilcoxon.h"

namespace st = metron::stats;

TEST_CASE("wilcoxon: 49 vs 49 is exact, 50 vs 50 is the normal approximation, as in R") {
  // R: x <- 1:50; y <- (1:50) + 25.5
  //    wilcox.test(x, y)$p.value = 5.92244939679208e-11 (W = 300, normal, corrected)
  //    wilcox.test(x[1:49], y[1:49])$p.value = 1.03082373032738e-12 (exact)
  // (tools/refvalues/stopping_boundaries.R)
  std::vector<double> x, y;
  for (int i = 1; i <= 50; ++i) {
    x.push_back(i);
    y.push_back(i + 25.5);
  }
  const auto r50 = st::wilcoxon_rank_sum(x, y, {});
  REQUIRE(r50.has_value());
  CHECK(r50->method == st::WilcoxonMethod::NormalApprox);
  CHECK(r50->statistic == 300);
  CHECK(r50->p_value == doctest::Approx(5.92244939679208e-11).epsilon(1e-9));
  x.pop_back();
  y.pop_back();
  const auto r49 = st::wilcoxon_rank_sum(x, y, {});
  REQUIRE(r49.has_value());
  CHECK(r49->method == st::WilcoxonMethod::Exact);
  CHECK(r49->p_value == doctest::Approx(1.03082373032738e-12).epsilon(1e-9));
}
