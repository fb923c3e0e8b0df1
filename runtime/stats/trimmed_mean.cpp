// SKaMPI's interquartile trimmed mean and its standard error (definition in trimmed_mean.h).
#include "runtime/stats/trimmed_mean.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace metron::stats {

std::optional<TrimmedMean> interquartile_trimmed_mean(std::span<const double> x) {
  const std::size_t n = x.size();
  if (n == 0) return std::nullopt;
  if (std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); })) return std::nullopt;
  std::vector<double> work(x.begin(), x.end());
  const std::size_t d = n / 4;
  const auto first = work.begin() + static_cast<std::ptrdiff_t>(d);
  const auto last = work.begin() + static_cast<std::ptrdiff_t>(n - d);
  // Partition so that [0, d) holds the d smallest and [n - d, n) the d largest values. The kept
  // block is then the same multiset a full sort would keep, ties included.
  if (d > 0) {
    std::nth_element(work.begin(), first, work.end());
    std::nth_element(first, last, work.end());
  }
  double s = 0.0;
  double q = 0.0;
  for (auto it = first; it != last; ++it) {
    s += *it;
    q += *it * *it;
  }
  TrimmedMean r;
  r.kept = n - 2 * d;
  r.dropped_each_side = d;
  const double k = static_cast<double>(r.kept);
  r.mean = s / k;
  r.standard_error = r.kept < 2 ? std::numeric_limits<double>::quiet_NaN()
                                : std::sqrt(std::fabs(q - s * s / k) / (k * (k - 1.0)));
  return r;
}

}  // namespace metron::stats
