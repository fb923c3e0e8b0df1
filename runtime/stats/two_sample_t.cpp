// Student's two-sample t-test (definition in two_sample_t.h).
#include "runtime/stats/two_sample_t.h"

#include <cmath>
#include <limits>

#include "runtime/stats/distributions.h"

namespace metron::stats {

namespace {

// Mean and sum of squared deviations; false on a value that is not finite.
bool moments(std::span<const double> v, double& mean, double& ss) {
  mean = 0.0;
  for (double x : v) {
    if (!std::isfinite(x)) return false;
    mean += x;
  }
  mean /= static_cast<double>(v.size());
  ss = 0.0;
  for (double x : v) ss += (x - mean) * (x - mean);
  return true;
}

}  // namespace

TwoSampleT student_t_test(std::span<const double> x, std::span<const double> y) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  TwoSampleT r;
  r.mean_x = r.mean_y = r.t = r.p = nan;
  r.df = static_cast<double>(x.size()) + static_cast<double>(y.size()) - 2.0;
  if (x.empty() || y.empty()) return r;
  double ss_x = 0.0, ss_y = 0.0;
  if (!moments(x, r.mean_x, ss_x) || !moments(y, r.mean_y, ss_y)) return r;
  if (r.df < 1.0) return r;
  const double pooled = (ss_x + ss_y) / r.df;
  const double se = std::sqrt(
      pooled * (1.0 / static_cast<double>(x.size()) + 1.0 / static_cast<double>(y.size())));
  const double diff = r.mean_x - r.mean_y;
  if (se == 0.0) {
    if (diff == 0.0) return r;
    r.t = diff > 0 ? std::numeric_limits<double>::infinity()
                   : -std::numeric_limits<double>::infinity();
    r.p = 0.0;
    return r;
  }
  r.t = diff / se;
  r.p = 2.0 * boost::math::cdf(boost::math::complement(StudentsTDist(r.df), std::fabs(r.t)));
  return r;
}

}  // namespace metron::stats
