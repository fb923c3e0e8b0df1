// Kruskal-Wallis rank test (definition and sources in kruskal_wallis.h).
#include "runtime/stats/kruskal_wallis.h"

#include <cmath>
#include <limits>
#include <vector>

#include "runtime/stats/distributions.h"
#include "runtime/stats/ranks.h"

namespace metron::stats {

std::optional<KruskalWallisResult> kruskal_wallis(std::span<const std::span<const double>> groups) {
  if (groups.size() < 2) return std::nullopt;
  std::vector<double> pooled;
  for (const auto& g : groups) {
    if (g.empty()) return std::nullopt;
    for (double v : g) {
      if (std::isnan(v)) return std::nullopt;
      pooled.push_back(v);
    }
  }
  const Ranking ranking = average_ranks(pooled);
  const double n = static_cast<double>(pooled.size());
  double between = 0.0;
  std::size_t offset = 0;
  for (const auto& g : groups) {
    double rank_sum = 0.0;
    for (std::size_t i = 0; i < g.size(); ++i) rank_sum += ranking.ranks[offset + i];
    offset += g.size();
    between += rank_sum * rank_sum / static_cast<double>(g.size());
  }
  KruskalWallisResult r;
  r.df = static_cast<double>(groups.size() - 1);
  const double h = 12.0 * between / (n * (n + 1.0)) - 3.0 * (n + 1.0);
  const double tie_correction = 1.0 - ranking.tie_sum() / (n * n * n - n);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // Every value tied: no ranking information at all (R gets 0/0 = NaN as well).
  r.statistic = tie_correction > 0.0 ? h / tie_correction : nan;
  if (std::isnan(r.statistic)) {
    r.p_value = nan;
  } else if (r.statistic <= 0.0) {
    r.p_value = 1.0;  // identical mean ranks; rounding may leave H a hair below 0
  } else {
    r.p_value = boost::math::cdf(boost::math::complement(ChiSquaredDist(r.df), r.statistic));
  }
  return r;
}

}  // namespace metron::stats
