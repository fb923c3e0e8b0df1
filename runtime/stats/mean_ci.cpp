// Student-t confidence interval of the mean (definition in mean_ci.h).
#include "runtime/stats/mean_ci.h"

#include <cmath>
#include <limits>

#include "runtime/stats/descriptive.h"
#include "runtime/stats/distributions.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool valid_level(double level) {
  return level > 0.0 && level < 1.0;
}

}  // namespace

double t_critical(double df, double level) {
  if (!(df > 0.0) || !valid_level(level)) return kNaN;
  // Upper tail: quantile at 1 - α/2, computed as the complement for accuracy at high levels.
  const double alpha = 1.0 - level;
  return boost::math::quantile(boost::math::complement(StudentsTDist(df), alpha / 2.0));
}

double z_critical(double level) {
  if (!valid_level(level)) return kNaN;
  const double alpha = 1.0 - level;
  return boost::math::quantile(boost::math::complement(NormalDist(0.0, 1.0), alpha / 2.0));
}

MeanCi mean_ci_from_moments(std::size_t n, double m, double s, double level) {
  MeanCi ci;
  ci.n = n;
  ci.level = level;
  ci.mean = n >= 1 ? m : kNaN;
  ci.sd = n >= 2 ? s : kNaN;
  ci.lower = ci.upper = ci.half_width = kNaN;
  if (n < 2 || !valid_level(level) || std::isnan(m) || std::isnan(s)) return ci;
  ci.half_width =
      t_critical(static_cast<double>(n - 1), level) * s / std::sqrt(static_cast<double>(n));
  ci.lower = m - ci.half_width;
  ci.upper = m + ci.half_width;
  ci.assessable = true;
  return ci;
}

MeanCi mean_ci(std::span<const double> x, double level) {
  return mean_ci_from_moments(x.size(), mean(x), sd(x), level);
}

}  // namespace metron::stats
