// Wilcoxon rank-sum test (definitions and sources in wilcoxon.h).
#include "runtime/stats/wilcoxon.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/stats/distributions.h"
#include "runtime/stats/normal_p_value.h"
#include "runtime/stats/ranks.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kExactLimit = 50;  // R: exact by default iff both n < 50

bool has_nan(std::span<const double> x) {
  return std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); });
}

double exact_p(double w, std::size_t m, std::size_t n, Alternative alt) {
  const auto counts = wilcoxon_null_counts(m, n);
  double total = 0.0;
  for (double c : counts) total += c;
  // Sum the smaller side directly (not 1 - the other side) so that small p-values keep their
  // precision.
  const auto at_most = [&](double q) {
    double s = 0.0;
    for (std::size_t k = 0; k < counts.size() && static_cast<double>(k) <= q; ++k) s += counts[k];
    return s / total;
  };
  const auto at_least = [&](double q) {
    double s = 0.0;
    for (std::size_t k = counts.size(); k-- > 0 && static_cast<double>(k) >= q;) s += counts[k];
    return s / total;
  };
  switch (alt) {
    case Alternative::Less:
      return at_most(w);
    case Alternative::Greater:
      return at_least(w);
    case Alternative::TwoSided:
    default: {
      const double half = static_cast<double>(m) * static_cast<double>(n) / 2.0;
      const double p = w > half ? at_least(w) : at_most(w);
      return std::min(2.0 * p, 1.0);
    }
  }
}

// R's choice: the exact distribution below 50 observations a side without ties, unless asked.
bool use_exact(WilcoxonExact how, std::size_t m, std::size_t n, bool ties) {
  switch (how) {
    case WilcoxonExact::Auto:
      return m < kExactLimit && n < kExactLimit && !ties;
    case WilcoxonExact::Exact:
      return !ties;
    case WilcoxonExact::Normal:
      return false;
  }
  return false;
}

}  // namespace

std::vector<double> wilcoxon_null_counts(std::size_t m, std::size_t n) {
  // row[j] holds c_{i,j}(0..i j) for the current i; c_{0,j} = c_{i,0} = {1}.
  std::vector<std::vector<double>> row(n + 1, std::vector<double>{1.0});
  for (std::size_t i = 1; i <= m; ++i) {
    std::vector<std::vector<double>> next(n + 1);
    next[0] = {1.0};
    for (std::size_t j = 1; j <= n; ++j) {
      std::vector<double> c(i * j + 1, 0.0);
      const auto& with_x_top = row[j];  // c_{i-1,j}, shifted by j
      for (std::size_t k = 0; k < with_x_top.size(); ++k) c[k + j] += with_x_top[k];
      const auto& with_y_top = next[j - 1];  // c_{i,j-1}
      for (std::size_t k = 0; k < with_y_top.size(); ++k) c[k] += with_y_top[k];
      next[j] = std::move(c);
    }
    row = std::move(next);
  }
  return row[n];
}

std::optional<WilcoxonResult> wilcoxon_rank_sum(std::span<const double> x,
                                                std::span<const double> y,
                                                const WilcoxonOptions& options) {
  if (x.empty() || y.empty() || has_nan(x) || has_nan(y)) return std::nullopt;
  // R: wilcox.test stops with "'mu' must be a single number" for NaN and +-Inf.
  if (!std::isfinite(options.mu)) return std::nullopt;
  const std::size_t m = x.size();
  const std::size_t n = y.size();
  std::vector<double> pooled;
  pooled.reserve(m + n);
  for (double v : x) pooled.push_back(v - options.mu);
  pooled.insert(pooled.end(), y.begin(), y.end());
  const Ranking ranking = average_ranks(pooled);

  double rank_sum = 0.0;
  for (std::size_t i = 0; i < m; ++i) rank_sum += ranking.ranks[i];
  const double dm = static_cast<double>(m);
  const double dn = static_cast<double>(n);

  WilcoxonResult r;
  r.statistic = rank_sum - dm * (dm + 1.0) / 2.0;
  r.ties = !ranking.tie_sizes.empty();
  if (use_exact(options.exact, m, n, r.ties)) {
    r.method = WilcoxonMethod::Exact;
    r.z = kNaN;
    r.p_value = exact_p(r.statistic, m, n, options.alternative);
    return r;
  }
  r.method = WilcoxonMethod::NormalApprox;
  const double centered = r.statistic - dm * dn / 2.0;
  const double N = dm + dn;
  const double sigma =
      std::sqrt(dm * dn / 12.0 * ((N + 1.0) - ranking.tie_sum() / (N * (N - 1.0))));
  const double correction =
      options.continuity_correction ? continuity_correction(centered, options.alternative) : 0.0;
  r.z = (centered - correction) / sigma;
  r.p_value = normal_p_value(r.z, options.alternative);
  return r;
}

}  // namespace metron::stats
