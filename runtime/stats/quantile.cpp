// Sample quantiles, Hyndman & Fan types 1-9 (definitions in quantile.h).
#include "runtime/stats/quantile.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Tolerance for "n p is an integer", the same 4 eps that R's quantile() uses, so that type 1-3
// and 4-9 results agree with R when n p is an integer in exact arithmetic but not in binary.
constexpr double kFuzz = 4.0 * std::numeric_limits<double>::epsilon();

bool has_nan(std::span<const double> x) {
  return std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); });
}

// Clamp a 1-based order-statistic index j (possibly 0 or n + 1) to a 0-based index in [0, n).
std::size_t clamp_index(long long j, std::size_t n) {
  if (j < 1) return 0;
  if (static_cast<unsigned long long>(j) > n) return n - 1;
  return static_cast<std::size_t>(j - 1);
}

}  // namespace

std::optional<QuantilePosition> quantile_position(std::size_t n, double p, QuantileType type) {
  if (n == 0 || !(p >= 0.0 && p <= 1.0)) return std::nullopt;
  const double dn = static_cast<double>(n);
  const int t = static_cast<int>(type);
  double j = 0.0;  // 1-based index of the lower order statistic, before clamping
  double g = 0.0;  // weight of the upper one
  if (t >= 1 && t <= 3) {
    const double np = (t == 3) ? dn * p - 0.5 : dn * p;
    j = std::floor(np + kFuzz);
    const bool above = np > j;  // position strictly between x_(j) and x_(j+1)
    if (t == 1) {
      g = above ? 1.0 : 0.0;
    } else if (t == 2) {
      g = above ? 1.0 : 0.5;
    } else {
      const bool j_odd = std::fmod(j, 2.0) != 0.0;
      g = (above || j_odd) ? 1.0 : 0.0;
    }
  } else if (t >= 4 && t <= 9) {
    static constexpr double kA[] = {0.0, 0.5, 0.0, 1.0, 1.0 / 3.0, 3.0 / 8.0};
    static constexpr double kB[] = {1.0, 0.5, 0.0, 1.0, 1.0 / 3.0, 3.0 / 8.0};
    const double a = kA[t - 4];
    const double b = kB[t - 4];
    const double h = a + p * (dn + 1.0 - a - b);
    j = std::floor(h + kFuzz);
    g = h - j;
    if (std::fabs(g) < kFuzz) g = 0.0;
  } else {
    return std::nullopt;
  }
  const auto jj = static_cast<long long>(j);
  QuantilePosition pos;
  pos.lower = clamp_index(jj, n);
  pos.upper = clamp_index(jj + 1, n);
  pos.gamma = g;
  if (pos.lower == pos.upper) pos.gamma = 0.0;
  return pos;
}

double interpolate_quantile(double lo, double hi, double gamma) {
  if (gamma <= 0.0 || lo == hi) return lo;
  if (gamma >= 1.0) return hi;
  return (1.0 - gamma) * lo + gamma * hi;
}

double quantile_sorted(std::span<const double> sorted, double p, QuantileType type) {
  const auto pos = quantile_position(sorted.size(), p, type);
  if (!pos) return kNaN;
  return interpolate_quantile(sorted[pos->lower], sorted[pos->upper], pos->gamma);
}

double quantile(std::span<const double> x, double p, QuantileType type) {
  const auto pos = quantile_position(x.size(), p, type);
  if (!pos || has_nan(x)) return kNaN;
  std::vector<double> work(x.begin(), x.end());
  const auto lower = work.begin() + static_cast<std::ptrdiff_t>(pos->lower);
  std::nth_element(work.begin(), lower, work.end());
  const double lo = *lower;
  if (pos->upper == pos->lower) return lo;
  // After nth_element everything right of `lower` is >= it, so x_(lower+2) is their minimum.
  const double hi = *std::min_element(lower + 1, work.end());
  return interpolate_quantile(lo, hi, pos->gamma);
}

std::vector<double> quantiles(std::span<const double> x, std::span<const double> ps,
                              QuantileType type) {
  std::vector<double> out(ps.size(), kNaN);
  if (x.empty() || has_nan(x)) return out;
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < ps.size(); ++i) out[i] = quantile_sorted(sorted, ps[i], type);
  return out;
}

}  // namespace metron::stats
