// The interval of the median over launches that analysis.csv and `metron run`'s table show: from
// kMinLaunchesForCi launches on, not below (the footer of the table says so).
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "runtime/analysis/analysis.h"

namespace an = metron::analysis;

TEST_CASE("analysis: the median's 95% CI over launches needs kMinLaunchesForCi launches") {
  std::vector<double> medians;
  for (std::size_t n = 1; n <= an::kMinLaunchesForCi; ++n) {
    medians.push_back(1e-6 * static_cast<double>(n));
    const an::Distribution d = an::distribution(medians);
    CAPTURE(n);
    // 1 - 2 * 0.5^n: 0.9375 for 5, 0.96875 for 6.
    CHECK(std::isnan(d.ci_lo) == (n < an::kMinLaunchesForCi));
  }
}
