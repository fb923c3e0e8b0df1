// Wilcoxon signed-rank test and pseudomedian (see signed_rank.h). The steps follow R 4.2's
// wilcox.test.default (one-sample branch) so that the numbers agree.
#include "runtime/stats/signed_rank.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <limits>

#include "runtime/stats/distributions.h"
#include "runtime/stats/normal_p_value.h"
#include "runtime/stats/ranks.h"
#include "runtime/stats/root_find.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kExactLimit = 50;  // R: exact by default iff n < 50

// R's rule: exact below kExactLimit observations unless the caller chose.
bool wants_exact(WilcoxonExact choice, std::size_t n) {
  return choice == WilcoxonExact::Exact || (choice == WilcoxonExact::Auto && n < kExactLimit);
}
constexpr double kRootTol = 1e-4;  // R's tol.root default

bool usable(std::span<const double> v) {
  return !v.empty() && std::none_of(v.begin(), v.end(), [](double a) { return std::isnan(a); });
}

std::vector<double> nonzero(std::span<const double> d, double mu) {
  std::vector<double> out;
  for (double v : d)
    if (v - mu != 0) out.push_back(v - mu);
  return out;
}

// V and the tie sum of the ranks of |x|.
struct Ranked {
  double v = 0.0;
  double tie_sum = 0.0;
  bool ties = false;
};
Ranked rank_abs(const std::vector<double>& x) {
  std::vector<double> a;
  for (double v : x) a.push_back(std::fabs(v));
  const Ranking rk = average_ranks(a);
  Ranked r;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i] > 0) r.v += rk.ranks[i];
  r.tie_sum = rk.tie_sum();
  r.ties = !rk.tie_sizes.empty();
  return r;
}

// P(V <= q) and R's qsignrank(p, n) (smallest q with P(V <= q) >= p, 10 DBL_EPSILON fuzz).
double signed_rank_cdf(double q, std::size_t n) {
  if (q < 0) return 0.0;
  const auto c = signed_rank_null_counts(n);
  double total = 0.0, below = 0.0;
  for (std::size_t k = 0; k < c.size(); ++k) {
    total += c[k];
    if (static_cast<double>(k) <= q) below += c[k];
  }
  return below / total;
}
int signed_rank_quantile(double p, std::size_t n) {
  const auto c = signed_rank_null_counts(n);
  double total = 0.0;
  for (double v : c) total += v;
  double cum = 0.0;
  int q = 0;
  if (p <= 0.5) {
    const double target = p - 10 * DBL_EPSILON;
    for (;; ++q) {
      cum += c[static_cast<std::size_t>(q)] / total;
      if (cum >= target) return q;
    }
  }
  const double target = 1 - p + 10 * DBL_EPSILON;
  for (;; ++q) {
    cum += c[static_cast<std::size_t>(q)] / total;
    if (cum > target) return static_cast<int>(n * (n + 1) / 2) - q;
  }
}

// R's signif(x, 2).
double signif2(double x) {
  if (x == 0 || !std::isfinite(x)) return x;
  const double scale = std::pow(10.0, 1 - std::floor(std::log10(std::fabs(x))));
  return std::round(x * scale) / scale;
}

double median_of_sorted(const std::vector<double>& s) {
  const std::size_t n = s.size();
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

ShiftEstimate exact_pseudomedian(const std::vector<double>& x, const ShiftOptions& o) {
  const std::size_t n = x.size();
  std::vector<double> walsh;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i; j < n; ++j) walsh.push_back(x[i] + x[j]);
  std::sort(walsh.begin(), walsh.end());
  for (double& w : walsh) w /= 2;
  const auto at = [&](int k) { return walsh[static_cast<std::size_t>(k - 1)]; };
  const double alpha = 1.0 - o.conf_level;
  const int total = static_cast<int>(n * (n + 1) / 2);
  ShiftEstimate r;
  r.method = WilcoxonMethod::Exact;
  double achieved = 0.0;
  switch (o.alternative) {
    case Alternative::TwoSided: {
      const int qu = std::max(signed_rank_quantile(alpha / 2, n), 1);
      achieved = 2 * signed_rank_cdf(qu - 1, n);
      r.lower = at(qu);
      r.upper = at(total - qu + 1);
      break;
    }
    case Alternative::Greater: {
      const int qu = std::max(signed_rank_quantile(alpha, n), 1);
      achieved = signed_rank_cdf(qu - 1, n);
      r.lower = at(qu);
      r.upper = kInf;
      break;
    }
    case Alternative::Less: {
      const int qu = std::max(signed_rank_quantile(alpha, n), 1);
      achieved = signed_rank_cdf(qu - 1, n);
      r.lower = -kInf;
      r.upper = at(total - qu + 1);
      break;
    }
  }
  r.conf_level = achieved - alpha > alpha / 2 ? 1.0 - signif2(achieved) : o.conf_level;
  r.estimate = median_of_sorted(walsh);
  return r;
}

double q_lower(double p) {  // qnorm(p); p >= 1 gives +inf as R does
  return p >= 1 ? kInf : boost::math::quantile(NormalDist(0.0, 1.0), p);
}
double q_upper(double p) {  // qnorm(p, lower.tail = FALSE)
  return p >= 1 ? -kInf : boost::math::quantile(boost::math::complement(NormalDist(0.0, 1.0), p));
}

// The normal approximation's interval as R's wilcox.test computes it for one sample: alpha is
// doubled until the requested quantiles lie inside [W(max), W(min)] (the loops end by alpha = 2
// at the latest), the bounds are the roots of W(d) = quantile, and an interval widened to
// alpha >= 1 is the sample's median. `root(zq)` solves W(d) = zq.
void widened_interval(ShiftEstimate& r, const ShiftOptions& o, double w_min, double w_max,
                      const std::function<double(double)>& root, double median) {
  double alpha = 1.0 - o.conf_level;
  const auto settle = [&](double used_alpha) {
    if (used_alpha >= 1 || 1 - o.conf_level < used_alpha * 0.75)
      r.conf_level = 1 - std::min(1.0, used_alpha);
  };
  switch (o.alternative) {
    case Alternative::TwoSided:
      while (w_min - q_upper(alpha / 2) < 0 || w_max - q_lower(alpha / 2) > 0) alpha *= 2;
      settle(alpha);
      if (alpha < 1) {
        r.lower = root(q_upper(alpha / 2));
        r.upper = root(q_lower(alpha / 2));
      } else {
        r.lower = r.upper = median;
      }
      break;
    case Alternative::Greater:
      while (w_min - q_upper(alpha) < 0) alpha *= 2;
      settle(alpha);
      r.lower = alpha < 1 ? root(q_upper(alpha)) : median;
      r.upper = kInf;
      break;
    case Alternative::Less:
      while (w_max - q_lower(alpha / 2) > 0) alpha *= 2;  // alpha / 2 here, as in R
      settle(alpha);
      r.lower = -kInf;
      r.upper = alpha < 1 ? root(q_lower(alpha)) : median;
      break;
  }
}

ShiftEstimate asymptotic_pseudomedian(const std::vector<double>& x, const ShiftOptions& o) {
  bool correct = o.continuity_correction;
  // R's W(d): the standardized V of the non-zero x - d.
  const auto standardized = [&](double d) {
    const std::vector<double> xd = nonzero(x, d);
    const double nx = static_cast<double>(xd.size());
    const Ranked rk = rank_abs(xd);
    const double zd = rk.v - nx * (nx + 1) / 4;
    const double sigma = std::sqrt(nx * (nx + 1) * (2 * nx + 1) / 24 - rk.tie_sum / 48);
    const double corr = correct ? continuity_correction(zd, o.alternative) : 0.0;
    return (zd - corr) / sigma;
  };
  ShiftEstimate r;
  r.method = WilcoxonMethod::NormalApprox;
  r.conf_level = o.conf_level;
  const double mumin = *std::min_element(x.begin(), x.end());
  const double mumax = *std::max_element(x.begin(), x.end());
  const double w_min = standardized(mumin);
  const double w_max = std::isfinite(w_min) ? standardized(mumax) : kNaN;
  if (!std::isfinite(w_max)) {  // R: no interval, the midrange as the estimate
    r.lower = o.alternative == Alternative::Less ? -kInf : kNaN;
    r.upper = o.alternative == Alternative::Greater ? kInf : kNaN;
    r.conf_level = 0.0;
    r.estimate = (mumin + mumax) / 2;
    return r;
  }
  const auto root = [&](double zq) {
    return find_root([&](double d) { return standardized(d) - zq; }, mumin, mumax, w_min - zq,
                     w_max - zq, kRootTol)
        .root;
  };
  std::vector<double> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  widened_interval(r, o, w_min, w_max, root, median_of_sorted(sorted));
  correct = false;  // R: no continuity correction for the estimate
  const double e_lower = standardized(mumin), e_upper = standardized(mumax);
  if ((e_lower > 0 && e_upper > 0) || (e_lower < 0 && e_upper < 0))
    r.estimate = kNaN;
  else
    r.estimate = find_root(standardized, mumin, mumax, e_lower, e_upper, kRootTol).root;
  return r;
}

}  // namespace

std::vector<double> signed_rank_null_counts(std::size_t n) {
  // Subset sums of {1..n}: adding rank k shifts a copy of the counts by k.
  std::vector<double> c(n * (n + 1) / 2 + 1, 0.0);
  c[0] = 1.0;
  std::size_t top = 0;
  for (std::size_t k = 1; k <= n; ++k) {
    top += k;
    for (std::size_t s = top; s >= k; --s) c[s] += c[s - k];
  }
  return c;
}

std::optional<SignedRankResult> wilcoxon_signed_rank(std::span<const double> d,
                                                     const WilcoxonOptions& o) {
  if (!usable(d)) return std::nullopt;
  const std::vector<double> x = nonzero(d, o.mu);
  SignedRankResult r;
  r.zeroes = x.size() != d.size();
  r.n = x.size();
  const double n = static_cast<double>(x.size());
  const Ranked rk = rank_abs(x);
  r.statistic = rk.v;
  r.ties = rk.ties;
  const bool exact = wants_exact(o.exact, x.size());
  if (exact && !r.ties && !r.zeroes) {
    r.method = WilcoxonMethod::Exact;
    const auto c = signed_rank_null_counts(x.size());
    double total = 0.0;
    for (double v : c) total += v;
    const auto at_most = [&](double q) {
      double s = 0.0;
      for (std::size_t k = 0; k < c.size() && static_cast<double>(k) <= q; ++k) s += c[k];
      return s / total;
    };
    const auto at_least = [&](double q) {
      double s = 0.0;
      for (std::size_t k = c.size(); k-- > 0 && static_cast<double>(k) >= q;) s += c[k];
      return s / total;
    };
    switch (o.alternative) {
      case Alternative::Less:
        r.p_value = at_most(r.statistic);
        break;
      case Alternative::Greater:
        r.p_value = at_least(r.statistic);
        break;
      case Alternative::TwoSided:
        r.p_value = std::min(1.0, 2 * (r.statistic > n * (n + 1) / 4 ? at_least(r.statistic)
                                                                     : at_most(r.statistic)));
        break;
    }
    return r;
  }
  r.method = WilcoxonMethod::NormalApprox;
  double z = r.statistic - n * (n + 1) / 4;
  const double sigma = std::sqrt(n * (n + 1) * (2 * n + 1) / 24 - rk.tie_sum / 48);
  if (o.continuity_correction) z -= continuity_correction(z, o.alternative);
  z /= sigma;
  r.p_value = normal_p_value(z, o.alternative);
  return r;
}

std::optional<ShiftEstimate> signed_rank_pseudomedian(std::span<const double> d,
                                                      const ShiftOptions& o) {
  if (!usable(d) || !(o.conf_level > 0 && o.conf_level < 1)) return std::nullopt;
  const std::vector<double> x = nonzero(d, 0.0);
  if (x.empty()) {  // R: n = 0, no interval and no estimate
    ShiftEstimate r;
    r.method = WilcoxonMethod::NormalApprox;
    r.estimate = r.lower = r.upper = kNaN;
    return r;
  }
  const bool exact = wants_exact(o.exact, x.size());
  const bool zeroes = x.size() != d.size();
  if (exact && !rank_abs(x).ties && !zeroes) return exact_pseudomedian(x, o);
  return asymptotic_pseudomedian(x, o);
}

std::size_t walsh_interval_rank(std::size_t n, double conf_level) {
  if (n == 0 || !(conf_level > 0 && conf_level < 1)) return 0;
  const double alpha = 1 - conf_level;
  if (n < 50) return static_cast<std::size_t>(std::max(signed_rank_quantile(alpha / 2, n), 1));
  const double nn = static_cast<double>(n);
  const double z = boost::math::quantile(NormalDist(), 1 - alpha / 2);
  const double q = std::floor(nn * (nn + 1) / 4 - z * std::sqrt(nn * (nn + 1) * (2 * nn + 1) / 24));
  return static_cast<std::size_t>(std::max(q, 1.0));
}

double walsh_interval_coverage(std::size_t n, double conf_level) {
  const std::size_t q = walsh_interval_rank(n, conf_level);
  if (q == 0) return std::nan("");
  if (n >= 50) return conf_level;
  return 1 - 2 * signed_rank_cdf(static_cast<double>(q) - 1, n);
}

}  // namespace metron::stats
