// Shapiro-Wilk normality test (coefficients, approximations and sources in shapiro_wilk.h).
#include "runtime/stats/shapiro_wilk.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "runtime/stats/distributions.h"

namespace metron::stats {
namespace {

// c[0] + c[1] t + c[2] t^2 + ... (Horner)
template <std::size_t N>
double polynomial(const double (&c)[N], double t) {
  double r = c[N - 1];
  for (std::size_t i = N - 1; i-- > 0;) r = r * t + c[i];
  return r;
}

// Royston (1992) polynomial corrections of the two outer coefficients, in u = 1/sqrt(n).
constexpr double kOuter1[] = {0.0, 0.221157, -0.147981, -2.071190, 4.434685, -2.706056};
constexpr double kOuter2[] = {0.0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633};
// Royston (1992) normalizing transformation of W, 4 <= n <= 11 (in n) ...
constexpr double kSmallGamma[] = {-2.273, 0.459};
constexpr double kSmallMean[] = {0.5440, -0.39978, 0.025054, -6.714e-4};
constexpr double kSmallLogSd[] = {1.3822, -0.77857, 0.062767, -0.0020322};
// ... and n >= 12 (in log n).
constexpr double kLargeMean[] = {-1.5861, -0.31082, -0.083751, 0.0038915};
constexpr double kLargeLogSd[] = {-0.4803, -0.082676, 0.0030302};

// The coefficients a_1..a_n for sample size n >= 3 (ascending order statistics).
std::vector<double> coefficients(std::size_t n) {
  std::vector<double> a(n, 0.0);
  if (n == 3) {
    a[0] = -std::sqrt(0.5);
    a[2] = std::sqrt(0.5);
    return a;
  }
  const double dn = static_cast<double>(n);
  const NormalDist normal(0.0, 1.0);
  std::vector<double> m(n);
  double mm = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    m[i] = boost::math::quantile(normal, (static_cast<double>(i + 1) - 0.375) / (dn + 0.25));
    mm += m[i] * m[i];
  }
  const double u = 1.0 / std::sqrt(dn);
  const double norm = std::sqrt(mm);
  const double an = m[n - 1] / norm + polynomial(kOuter1, u);
  double phi = 0.0;
  std::size_t first_inner = 1;  // 0-based index of the first coefficient taken from m / sqrt(φ)
  if (n > 5) {
    const double an1 = m[n - 2] / norm + polynomial(kOuter2, u);
    phi = (mm - 2.0 * m[n - 1] * m[n - 1] - 2.0 * m[n - 2] * m[n - 2]) /
          (1.0 - 2.0 * an * an - 2.0 * an1 * an1);
    a[n - 2] = an1;
    a[1] = -an1;
    first_inner = 2;
  } else {
    phi = (mm - 2.0 * m[n - 1] * m[n - 1]) / (1.0 - 2.0 * an * an);
  }
  a[n - 1] = an;
  a[0] = -an;
  const double root_phi = std::sqrt(phi);
  for (std::size_t i = first_inner; i < n - first_inner; ++i) a[i] = m[i] / root_phi;
  return a;
}

double p_value(double w, std::size_t n) {
  if (n == 3) {
    // Exact for n = 3 (Shapiro & Wilk 1965): W has density on [3/4, 1].
    const double p =
        6.0 / std::numbers::pi * (std::asin(std::sqrt(w)) - std::asin(std::sqrt(0.75)));
    return std::max(p, 0.0);
  }
  const double dn = static_cast<double>(n);
  double y = std::log1p(-w);
  double mu = 0.0;
  double sigma = 0.0;
  if (n <= 11) {
    const double gamma = polynomial(kSmallGamma, dn);
    if (y >= gamma) return 1e-99;  // beyond the transformation's range: W is extremely small
    y = -std::log(gamma - y);
    mu = polynomial(kSmallMean, dn);
    sigma = std::exp(polynomial(kSmallLogSd, dn));
  } else {
    const double v = std::log(dn);
    mu = polynomial(kLargeMean, v);
    sigma = std::exp(polynomial(kLargeLogSd, v));
  }
  return boost::math::cdf(boost::math::complement(NormalDist(mu, sigma), y));
}

}  // namespace

std::optional<ShapiroWilkResult> shapiro_wilk(std::span<const double> x) {
  const std::size_t n = x.size();
  if (n < kShapiroMinN || n > kShapiroMaxN) return std::nullopt;
  if (std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); })) return std::nullopt;
  // An infinite value: R's shapiro.test reports W = NaN, p = NA (the range is infinite).
  if (std::any_of(x.begin(), x.end(), [](double v) { return std::isinf(v); })) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return ShapiroWilkResult{nan, nan};
  }
  std::vector<double> s(x.begin(), x.end());
  std::sort(s.begin(), s.end());
  const double range = s.back() - s.front();
  if (!(range >= 1e-10)) return std::nullopt;
  // Scale by the range: W is scale invariant, and this keeps the sums of squares well inside
  // double range for data in any unit.
  double mean = 0.0;
  for (double& v : s) {
    v /= range;
    mean += v;
  }
  mean /= static_cast<double>(n);
  const auto a = coefficients(n);
  double ax = 0.0;
  double aa = 0.0;
  double ss = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    ax += a[i] * (s[i] - mean);
    aa += a[i] * a[i];
    ss += (s[i] - mean) * (s[i] - mean);
  }
  ShapiroWilkResult r;
  // sum a_i^2 = 1 by construction; dividing by it removes its rounding error.
  r.w = std::min(1.0, ax * ax / (aa * ss));
  r.p_value = p_value(r.w, n);
  return r;
}

}  // namespace metron::stats
