// Hodges-Lehmann shift and ratio with R's confidence intervals (see hodges_lehmann.h). The code
// follows the steps of R 4.2's wilcox.test.default (two-sample branch) so that the numbers agree.
#include "runtime/stats/hodges_lehmann.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/stats/distributions.h"
#include "runtime/stats/normal_p_value.h"
#include "runtime/stats/ranks.h"
#include "runtime/stats/root_find.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kExactLimit = 50;  // as wilcoxon_rank_sum: exact iff both n < 50
constexpr double kRootTol = 1e-4;        // R's tol.root default

bool usable(std::span<const double> v) {
  return !v.empty() && std::none_of(v.begin(), v.end(), [](double a) { return std::isnan(a); });
}

double upper_normal_quantile(double p) {  // qnorm(p, lower.tail = FALSE)
  return boost::math::quantile(boost::math::complement(NormalDist(0.0, 1.0), p));
}
double lower_normal_quantile(double p) {  // qnorm(p)
  return boost::math::quantile(NormalDist(0.0, 1.0), p);
}

double median_of_sorted(const std::vector<double>& s) {
  const std::size_t n = s.size();
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

ShiftEstimate exact_shift(std::span<const double> x, std::span<const double> y,
                          const ShiftOptions& o) {
  const std::size_t m = x.size(), n = y.size();
  std::vector<double> diffs;
  diffs.reserve(m * n);
  for (double a : x)
    for (double b : y) diffs.push_back(a - b);
  std::sort(diffs.begin(), diffs.end());
  const double alpha = 1.0 - o.conf_level;
  const int mn = static_cast<int>(m * n);
  ShiftEstimate r;
  r.method = WilcoxonMethod::Exact;
  double achieved = 0.0;
  const auto at = [&](int k) { return diffs[static_cast<std::size_t>(k - 1)]; };  // R's 1-based
  switch (o.alternative) {
    case Alternative::TwoSided: {
      int qu = std::max(wilcoxon_quantile(alpha / 2, m, n), 1);
      const int ql = mn - qu;
      achieved = 2 * wilcoxon_cdf(qu - 1, m, n);
      r.lower = at(qu);
      r.upper = at(ql + 1);
      break;
    }
    case Alternative::Greater: {
      int qu = std::max(wilcoxon_quantile(alpha, m, n), 1);
      achieved = wilcoxon_cdf(qu - 1, m, n);
      r.lower = at(qu);
      r.upper = kInf;
      break;
    }
    case Alternative::Less: {
      int qu = std::max(wilcoxon_quantile(alpha, m, n), 1);
      const int ql = mn - qu;
      achieved = wilcoxon_cdf(qu - 1, m, n);
      r.lower = -kInf;
      r.upper = at(ql + 1);
      break;
    }
  }
  r.conf_level = achieved - alpha > alpha / 2 ? 1.0 - achieved : o.conf_level;
  r.estimate = median_of_sorted(diffs);
  return r;
}

// R's W(d): the standardized rank-sum statistic of x - d against y, with the continuity
// correction when `correct`.
double standardized_rank_sum(std::span<const double> x, std::span<const double> y, double d,
                             bool correct, Alternative alternative) {
  const double dm = static_cast<double>(x.size()), dn = static_cast<double>(y.size());
  std::vector<double> pooled;
  pooled.reserve(x.size() + y.size());
  for (double a : x) pooled.push_back(a - d);
  pooled.insert(pooled.end(), y.begin(), y.end());
  const Ranking rk = average_ranks(pooled);
  double sum = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) sum += rk.ranks[i];
  const double dz = sum - dm * (dm + 1) / 2 - dm * dn / 2;
  const double corr = correct ? continuity_correction(dz, alternative) : 0.0;
  const double sigma =
      std::sqrt(dm * dn / 12 * ((dm + dn + 1) - rk.tie_sum() / ((dm + dn) * (dm + dn - 1))));
  return (dz - corr) / sigma;
}

ShiftEstimate asymptotic_shift(std::span<const double> x, std::span<const double> y,
                               const ShiftOptions& o) {
  bool correct = o.continuity_correction;
  const auto standardized = [&](double d) {
    return standardized_rank_sum(x, y, d, correct, o.alternative);
  };
  const double mumin =
      *std::min_element(x.begin(), x.end()) - *std::max_element(y.begin(), y.end());
  const double mumax =
      *std::max_element(x.begin(), x.end()) - *std::min_element(y.begin(), y.end());
  ShiftEstimate r;
  r.method = WilcoxonMethod::NormalApprox;
  r.conf_level = o.conf_level;
  const double w_min = standardized(mumin), w_max = standardized(mumax);
  if (!std::isfinite(w_min) || !std::isfinite(w_max)) {  // every value tied: R gives up
    r.estimate = r.lower = r.upper = kNaN;
    return r;
  }
  const auto root = [&](double zq) {
    const double f_lower = w_min - zq;
    if (f_lower <= 0) return mumin;
    const double f_upper = w_max - zq;
    if (f_upper >= 0) return mumax;
    return find_root([&](double d) { return standardized(d) - zq; }, mumin, mumax, f_lower, f_upper,
                     kRootTol)
        .root;
  };
  const double alpha = 1.0 - o.conf_level;
  switch (o.alternative) {
    case Alternative::TwoSided:
      r.lower = root(upper_normal_quantile(alpha / 2));
      r.upper = root(lower_normal_quantile(alpha / 2));
      break;
    case Alternative::Greater:
      r.lower = root(upper_normal_quantile(alpha));
      r.upper = kInf;
      break;
    case Alternative::Less:
      r.lower = -kInf;
      r.upper = root(lower_normal_quantile(alpha));
      break;
  }
  correct = false;  // R: no continuity correction for the estimate
  const double e_lower = standardized(mumin), e_upper = standardized(mumax);
  if ((e_lower > 0 && e_upper > 0) || (e_lower < 0 && e_upper < 0))
    r.estimate = kNaN;  // R's uniroot stops: no sign change
  else
    r.estimate = find_root(standardized, mumin, mumax, e_lower, e_upper, kRootTol).root;
  return r;
}

}  // namespace

int wilcoxon_quantile(double p, std::size_t m, std::size_t n) {
  const auto counts = wilcoxon_null_counts(m, n);
  double total = 0.0;
  for (double c : counts) total += c;
  double cum = 0.0;
  int q = 0;
  if (p <= 0.5) {
    const double target = p - 10 * DBL_EPSILON;
    for (;; ++q) {
      cum += counts[static_cast<std::size_t>(q)] / total;
      if (cum >= target) return q;
    }
  }
  const double target = 1 - p + 10 * DBL_EPSILON;
  for (;; ++q) {
    cum += counts[static_cast<std::size_t>(q)] / total;
    if (cum > target) return static_cast<int>(m * n) - q;
  }
}

double wilcoxon_cdf(double q, std::size_t m, std::size_t n) {
  if (q < 0) return 0.0;
  const auto counts = wilcoxon_null_counts(m, n);
  double total = 0.0, below = 0.0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    total += counts[k];
    if (static_cast<double>(k) <= q) below += counts[k];
  }
  return below / total;
}

std::optional<ShiftEstimate> hodges_lehmann_shift(std::span<const double> x,
                                                  std::span<const double> y,
                                                  const ShiftOptions& o) {
  if (!usable(x) || !usable(y) || !(o.conf_level > 0 && o.conf_level < 1)) return std::nullopt;
  std::vector<double> pooled(x.begin(), x.end());
  pooled.insert(pooled.end(), y.begin(), y.end());
  const bool ties = !average_ranks(pooled).tie_sizes.empty();
  bool exact = false;
  switch (o.exact) {
    case WilcoxonExact::Auto:
      exact = x.size() < kExactLimit && y.size() < kExactLimit && !ties;
      break;
    case WilcoxonExact::Exact:
      exact = !ties;
      break;
    case WilcoxonExact::Normal:
      break;
  }
  return exact ? exact_shift(x, y, o) : asymptotic_shift(x, y, o);
}

std::optional<ShiftEstimate> hodges_lehmann_ratio(std::span<const double> x,
                                                  std::span<const double> y,
                                                  const ShiftOptions& o) {
  const auto positive = [](std::span<const double> v) {
    return std::all_of(v.begin(), v.end(), [](double a) { return a > 0; });
  };
  if (!positive(x) || !positive(y)) return std::nullopt;
  std::vector<double> lx, ly;
  for (double a : x) lx.push_back(std::log(a));
  for (double b : y) ly.push_back(std::log(b));
  auto r = hodges_lehmann_shift(lx, ly, o);
  if (r) {
    r->estimate = std::exp(r->estimate);
    r->lower = std::exp(r->lower);
    r->upper = std::exp(r->upper);
  }
  return r;
}

}  // namespace metron::stats
