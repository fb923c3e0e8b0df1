// Descriptive statistics over a sample (see descriptive.h for the conventions).
#include "runtime/stats/descriptive.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/stats/quantile.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

double sum(std::span<const double> x) {
  double s = 0.0;
  for (double v : x) s += v;
  return s;
}

double mean(std::span<const double> x) {
  if (x.empty()) return kNaN;
  return sum(x) / static_cast<double>(x.size());
}

double variance(std::span<const double> x) {
  if (x.size() < 2) return kNaN;
  const double m = mean(x);
  // Two-pass with the correction term sum(d) (Chan, Golub & LeVeque 1983), which removes the
  // rounding error left in m.
  double ss = 0.0;
  double s = 0.0;
  for (double v : x) {
    const double d = v - m;
    ss += d * d;
    s += d;
  }
  const double n = static_cast<double>(x.size());
  return (ss - s * s / n) / (n - 1.0);
}

double sd(std::span<const double> x) {
  return std::sqrt(variance(x));
}

double min(std::span<const double> x) {
  if (x.empty()) return kNaN;
  double m = x[0];
  for (double v : x) {
    if (std::isnan(v)) return kNaN;
    m = std::min(m, v);
  }
  return m;
}

double max(std::span<const double> x) {
  if (x.empty()) return kNaN;
  double m = x[0];
  for (double v : x) {
    if (std::isnan(v)) return kNaN;
    m = std::max(m, v);
  }
  return m;
}

double median(std::span<const double> x) {
  return quantile(x, 0.5, QuantileType::Type7);
}

double standard_error(std::span<const double> x) {
  if (x.size() < 2) return kNaN;
  return sd(x) / std::sqrt(static_cast<double>(x.size()));
}

double rse(std::span<const double> x) {
  const double m = mean(x);
  if (x.size() < 2 || m == 0.0) return kNaN;
  return standard_error(x) / m;
}

double cov(std::span<const double> x) {
  const double m = mean(x);
  if (x.size() < 2 || m == 0.0) return kNaN;
  return sd(x) / m;
}

double harmonic_mean(std::span<const double> x) {
  if (x.empty()) return kNaN;
  double s = 0.0;
  for (double v : x) {
    if (!(v > 0.0)) return kNaN;  // also catches NaN
    s += 1.0 / v;
  }
  return static_cast<double>(x.size()) / s;
}

double geometric_mean(std::span<const double> x) {
  if (x.empty()) return kNaN;
  double s = 0.0;
  for (double v : x) {
    if (!(v > 0.0)) return kNaN;
    s += std::log(v);
  }
  return std::exp(s / static_cast<double>(x.size()));
}

}  // namespace metron::stats
