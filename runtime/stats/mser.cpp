// MSER-m truncation (definition and sources in mser.h).
#include "runtime/stats/mser.h"

#include <cmath>
#include <vector>

#include "runtime/stats/descriptive.h"

namespace metron::stats {

MserResult mser(std::span<const double> x, std::size_t m, BatchStatistic batch) {
  MserResult r;
  if (m == 0) return r;
  const std::size_t k = x.size() / m;
  r.batches = k;
  if (k < 4) return r;
  for (double v : x)
    if (!std::isfinite(v)) return r;
  std::vector<double> z(k);
  double grand = 0.0;
  std::vector<double> one(m);
  for (std::size_t j = 0; j < k; ++j) {
    if (batch == BatchStatistic::Median) {
      one.assign(x.begin() + static_cast<std::ptrdiff_t>(j * m),
                 x.begin() + static_cast<std::ptrdiff_t>((j + 1) * m));
      z[j] = median(one);
    } else {
      double s = 0.0;
      for (std::size_t i = 0; i < m; ++i) s += x[j * m + i];
      z[j] = s / static_cast<double>(m);
    }
    grand += z[j];
  }
  grand /= static_cast<double>(k);
  // Suffix sums of the centred batch means (centring keeps S2 - S1^2 / n accurate).
  double s1 = 0.0, s2 = 0.0;
  std::vector<double> stat(k, 0.0);
  for (std::size_t j = k; j-- > 0;) {
    const double c = z[j] - grand;
    s1 += c;
    s2 += c * c;
    const double kept = static_cast<double>(k - j);
    stat[j] = std::max(0.0, s2 - s1 * s1 / kept) / (kept * kept);
  }
  std::size_t best = 0, best_all = 0;
  for (std::size_t d = 1; d + 2 <= k; ++d) {
    if (2 * d <= k && stat[d] < stat[best]) best = d;
    if (stat[d] < stat[best_all]) best_all = d;
  }
  r.assessable = true;
  r.best_batch = best;
  r.statistic = stat[best];
  r.settled = 2 * best_all <= k;
  r.truncate = best * m;
  return r;
}

}  // namespace metron::stats
