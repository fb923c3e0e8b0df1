// Median fitpoint (Alg. 15) and outlier-filtered mean RTT (Alg. 17).
#include "runtime/clocksync/model/fitpoints.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace metron::rt::clocksync {

FitPoint median_fitpoint(std::span<Exchange> exchanges) {
  const auto mid = exchanges.begin() + static_cast<std::ptrdiff_t>((exchanges.size() - 1) / 2);
  std::nth_element(exchanges.begin(), mid, exchanges.end(),
                   [](const Exchange& a, const Exchange& b) { return a.diff_s < b.diff_s; });
  return FitPoint{mid->local_s, mid->diff_s};
}

namespace {

// Quantile of type 7 (R's default) of sorted data.
double quantile7(std::span<const double> sorted, double q) {
  const double h = (static_cast<double>(sorted.size()) - 1.0) * q;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace

double filtered_mean_rtt(std::span<double> rtts) {
  if (rtts.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(rtts.begin(), rtts.end());
  const double q1 = quantile7(rtts, 0.25);
  const double q3 = quantile7(rtts, 0.75);
  const double fence = q3 + 1.5 * (q3 - q1);
  double sum = 0.0;
  std::size_t kept = 0;
  for (double r : rtts) {
    if (r > fence) break;
    sum += r;
    ++kept;
  }
  return sum / static_cast<double>(kept);  // kept >= 1: the minimum never exceeds the fence
}

}  // namespace metron::rt::clocksync
