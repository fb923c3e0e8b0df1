// Welch's (and Student's) two-sample t-test (definitions and sources in welch.h).
#include "runtime/stats/welch.h"

#include <cmath>
#include <limits>

#include "runtime/stats/descriptive.h"
#include "runtime/stats/distributions.h"

namespace metron::stats {

std::optional<WelchResult> welch_t_test(std::span<const double> x, std::span<const double> y,
                                        const WelchOptions& options) {
  if (x.size() < 2 || y.size() < 2) return std::nullopt;
  if (!(options.level > 0.0 && options.level < 1.0)) return std::nullopt;
  const double nx = static_cast<double>(x.size());
  const double ny = static_cast<double>(y.size());
  WelchResult r;
  r.mean_x = mean(x);
  r.mean_y = mean(y);
  const double vx = variance(x);
  const double vy = variance(y);
  if (std::isnan(r.mean_x) || std::isnan(r.mean_y) || std::isnan(vx) || std::isnan(vy)) {
    return std::nullopt;
  }
  if (options.equal_variance) {
    r.df = nx + ny - 2.0;
    const double pooled = ((nx - 1.0) * vx + (ny - 1.0) * vy) / r.df;
    r.std_error = std::sqrt(pooled * (1.0 / nx + 1.0 / ny));
  } else {
    const double sx2 = vx / nx;
    const double sy2 = vy / ny;
    r.std_error = std::sqrt(sx2 + sy2);
    r.df = (sx2 + sy2) * (sx2 + sy2) / (sx2 * sx2 / (nx - 1.0) + sy2 * sy2 / (ny - 1.0));
  }
  const double eps = std::numeric_limits<double>::epsilon();
  if (r.std_error < 10.0 * eps * std::max(std::fabs(r.mean_x), std::fabs(r.mean_y))) {
    return std::nullopt;
  }
  r.statistic = (r.mean_x - r.mean_y - options.mu) / r.std_error;
  const StudentsTDist t(r.df);
  const double inf = std::numeric_limits<double>::infinity();
  switch (options.alternative) {
    case Alternative::Less: {
      r.p_value = boost::math::cdf(t, r.statistic);
      const double c = boost::math::quantile(t, options.level);
      r.ci_lower = -inf;
      r.ci_upper = (r.statistic + c) * r.std_error + options.mu;
      break;
    }
    case Alternative::Greater: {
      r.p_value = boost::math::cdf(boost::math::complement(t, r.statistic));
      const double c = boost::math::quantile(t, options.level);
      r.ci_lower = (r.statistic - c) * r.std_error + options.mu;
      r.ci_upper = inf;
      break;
    }
    case Alternative::TwoSided: {
      r.p_value = 2.0 * boost::math::cdf(t, -std::fabs(r.statistic));
      const double c =
          boost::math::quantile(boost::math::complement(t, (1.0 - options.level) / 2.0));
      r.ci_lower = (r.statistic - c) * r.std_error + options.mu;
      r.ci_upper = (r.statistic + c) * r.std_error + options.mu;
      break;
    }
  }
  return r;
}

}  // namespace metron::stats
