// Ordinary least-squares line fit on centred data.
#include "runtime/clocksync/model/linear_fit.h"

#include <cmath>
#include <limits>

namespace metron::rt::clocksync {

std::optional<LinearFit> fit_line(std::span<const double> x, std::span<const double> y) {
  const std::size_t n = x.size();
  if (n != y.size() || n < 2) return std::nullopt;
  double mx = 0.0, my = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    mx += x[i];
    my += y[i];
  }
  mx /= static_cast<double>(n);
  my /= static_cast<double>(n);
  double sxx = 0.0, sxy = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double dx = x[i] - mx;
    sxx += dx * dx;
    sxy += dx * (y[i] - my);
  }
  if (!(sxx > 0.0)) return std::nullopt;
  LinearFit fit;
  fit.n = n;
  fit.slope = sxy / sxx;
  fit.intercept = my - fit.slope * mx;
  if (n > 2) {
    double ssr = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double r = y[i] - (fit.slope * x[i] + fit.intercept);
      ssr += r * r;
    }
    const double s2 = ssr / static_cast<double>(n - 2);
    fit.slope_se = std::sqrt(s2 / sxx);
    fit.intercept_se = std::sqrt(s2 * (1.0 / static_cast<double>(n) + mx * mx / sxx));
  } else {
    fit.slope_se = std::numeric_limits<double>::quiet_NaN();
    fit.intercept_se = std::numeric_limits<double>::quiet_NaN();
  }
  return fit;
}

}  // namespace metron::rt::clocksync
