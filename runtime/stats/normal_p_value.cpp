// Normal-approximation p-values (see normal_p_value.h).
#include "runtime/stats/normal_p_value.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/stats/distributions.h"

namespace metron::stats {

double normal_p_value(double z, Alternative alternative) {
  if (std::isnan(z)) return std::numeric_limits<double>::quiet_NaN();
  const NormalDist normal(0.0, 1.0);
  const double lower = std::isinf(z) ? (z < 0 ? 0.0 : 1.0) : boost::math::cdf(normal, z);
  const double upper =
      std::isinf(z) ? (z < 0 ? 1.0 : 0.0) : boost::math::cdf(boost::math::complement(normal, z));
  switch (alternative) {
    case Alternative::Less:
      return lower;
    case Alternative::Greater:
      return upper;
    case Alternative::TwoSided:
      break;
  }
  return 2.0 * std::min(lower, upper);
}

double continuity_correction(double centered, Alternative alternative) {
  switch (alternative) {
    case Alternative::TwoSided:
      return centered > 0 ? 0.5 : (centered < 0 ? -0.5 : 0.0);
    case Alternative::Greater:
      return 0.5;
    case Alternative::Less:
      return -0.5;
  }
  return 0.0;
}

}  // namespace metron::stats
