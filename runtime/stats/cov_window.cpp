// ReproMPI's windowed CoV metrics and filtered RSE (definitions and sources in cov_window.h).
#include "runtime/stats/cov_window.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/stats/descriptive.h"
#include "runtime/stats/quantile.h"
#include "runtime/stats/tukey.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The sample without its last observations, P = S \ R: order statistics, counts and sums come
// from the whole sample S minus the few removed values R (kept sorted, with prefix sums). This
// is what makes the w prefixes cheap: no prefix is ever sorted on its own.
class Prefix {
 public:
  explicit Prefix(OrderedSample& s) : s_(s) { prefix_.push_back(0.0); }

  // Remove the next-most-recent observation (call with x_n, then x_{n-1}, ...).
  void remove(double v) {
    const auto at = std::upper_bound(removed_.begin(), removed_.end(), v);
    const auto i = static_cast<std::size_t>(at - removed_.begin());
    removed_.insert(at, v);
    prefix_.resize(removed_.size() + 1);
    for (std::size_t j = i; j < removed_.size(); ++j) prefix_[j + 1] = prefix_[j] + removed_[j];
  }
  std::size_t size() const { return s_.size() - removed_.size(); }
  double sum() const { return s_.total_sum() - prefix_.back(); }

  // k-th smallest (0-based) of P. It is S's j-th smallest for the least j in [k, k + r] with
  // #{S <= S_(j)} - #{R <= S_(j)} >= k + 1, found by bisection (the left side grows with j).
  // The band that holds rank j also knows #{S <= S_(j)} (it keeps whole tie groups).
  double kth(std::size_t k) {
    std::size_t lo = k;
    std::size_t hi = k + removed_.size();
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      const auto ranked = s_.kth_with_count(mid);
      if (ranked.count_less_equal - removed_le(ranked.value) >= k + 1) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return s_.kth(lo);
  }

  std::size_t count_less(double v) { return s_.count_less(v) - removed_lt(v); }
  std::size_t count_less_equal(double v) { return s_.count_less_equal(v) - removed_le(v); }
  double sum_less(double v) { return s_.sum_less(v) - prefix_[removed_lt(v)]; }
  double sum_less_equal(double v) { return s_.sum_less_equal(v) - prefix_[removed_le(v)]; }

  // Type 7 p-quantile of P.
  double quantile7(double p) {
    const auto pos = quantile_position(size(), p, QuantileType::Type7);
    if (!pos) return kNaN;
    const double lo = kth(pos->lower);
    const double hi = pos->upper == pos->lower ? lo : kth(pos->upper);
    return interpolate_quantile(lo, hi, pos->gamma);
  }

 private:
  std::size_t removed_lt(double v) const {
    return static_cast<std::size_t>(std::lower_bound(removed_.begin(), removed_.end(), v) -
                                    removed_.begin());
  }
  std::size_t removed_le(double v) const {
    return static_cast<std::size_t>(std::upper_bound(removed_.begin(), removed_.end(), v) -
                                    removed_.begin());
  }

  OrderedSample& s_;
  std::vector<double> removed_;  // R, ascending
  std::vector<double> prefix_;   // prefix_[i] = sum of removed_[0, i)
};

// Ranks that the p-quantile of every prefix P_0..P_{w-1} may need from S.
void prepare_quantile(OrderedSample& s, double p, std::size_t w) {
  const std::size_t n = s.size();
  const auto first = quantile_position(n - (w - 1), p, QuantileType::Type7);
  const auto last = quantile_position(n, p, QuantileType::Type7);
  s.prepare_ranks(first->lower, last->upper + w);
}

double cov_of(std::span<const double> estimates) {
  const double m = mean(estimates);
  if (m == 0.0) return kNaN;
  return sd(estimates) / m;
}

bool valid_window(const OrderedSample& s, std::size_t w) {
  return w >= 2 && w <= s.size();
}

}  // namespace

double cov_median(OrderedSample& s, std::size_t w) {
  if (!valid_window(s, w)) return kNaN;
  prepare_quantile(s, 0.5, w);
  const auto values = s.values();
  const std::size_t n = values.size();
  Prefix prefix(s);
  std::vector<double> medians(w);
  for (std::size_t i = 0; i < w; ++i) {
    if (i > 0) prefix.remove(values[n - i]);
    medians[i] = prefix.quantile7(0.5);
  }
  return cov_of(medians);
}

double cov_mean(OrderedSample& s, std::size_t w) {
  if (!valid_window(s, w)) return kNaN;
  const auto values = s.values();
  const std::size_t n = values.size();
  const bool any_filtered = n > kReproFilterMinCount;
  if (any_filtered) {
    prepare_quantile(s, 0.25, w);
    prepare_quantile(s, 0.75, w);
  }
  // First pass: quartiles and fences of every filtered prefix.
  std::vector<TukeyFences> fences(w);
  double lower_min = std::numeric_limits<double>::infinity();
  double lower_max = -lower_min;
  double upper_min = lower_min;
  double upper_max = -lower_min;
  {
    Prefix prefix(s);
    for (std::size_t i = 0; i < w; ++i) {
      if (i > 0) prefix.remove(values[n - i]);
      if (prefix.size() <= kReproFilterMinCount) break;
      TukeyFences& f = fences[i];
      f.q1 = prefix.quantile7(0.25);
      f.q3 = prefix.quantile7(0.75);
      f.lower = f.q1 - kReproTukeyK * (f.q3 - f.q1);
      f.upper = f.q3 + kReproTukeyK * (f.q3 - f.q1);
      lower_min = std::min(lower_min, f.lower);
      lower_max = std::max(lower_max, f.lower);
      upper_min = std::min(upper_min, f.upper);
      upper_max = std::max(upper_max, f.upper);
    }
  }
  if (any_filtered) {
    s.prepare_values(lower_min, lower_max);
    s.prepare_values(upper_min, upper_max);
  }
  // Second pass: the mean of the kept values of every prefix, from counts and sums.
  std::vector<double> means(w);
  Prefix prefix(s);
  for (std::size_t i = 0; i < w; ++i) {
    if (i > 0) prefix.remove(values[n - i]);
    const std::size_t m = prefix.size();
    if (m <= kReproFilterMinCount) {
      means[i] = prefix.sum() / static_cast<double>(m);
      continue;
    }
    const TukeyFences& f = fences[i];
    const std::size_t count = prefix.count_less_equal(f.upper) - prefix.count_less(f.lower);
    const double total = prefix.sum_less_equal(f.upper) - prefix.sum_less(f.lower);
    means[i] = total / static_cast<double>(count);
  }
  return cov_of(means);
}

namespace {

// R's type 7 quantile of sorted values, interpolating only between different values as R's
// quantile.default does, so that -Inf and Inf give R's answers instead of Inf - Inf = NaN.
double r_quantile7(const std::vector<double>& sorted, double q) {
  const double h = (static_cast<double>(sorted.size()) - 1) * q;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(sorted.size() - 1, lo + 1);
  const double g = h - static_cast<double>(lo);
  if (g == 0 || sorted[hi] == sorted[lo]) return sorted[lo];
  return (1 - g) * sorted[lo] + g * sorted[hi];
}

// cov_mean / cov_median straight from their definition, prefix by prefix, for samples with an
// infinite value: the running sums of the fast path cannot remove an infinity (-Inf - -Inf is
// NaN). This follows tools/refvalues/cov_window.R step by step (R's mean, quantile, sd).
double cov_direct(std::span<const double> x, std::size_t w, bool use_median) {
  if (w < 2 || w > x.size()) return kNaN;
  std::vector<double> est;
  for (std::size_t i = 0; i < w; ++i) {
    std::vector<double> p(x.begin(), x.end() - static_cast<std::ptrdiff_t>(i));
    std::sort(p.begin(), p.end());
    if (use_median) {
      est.push_back(r_quantile7(p, 0.5));
      continue;
    }
    if (p.size() > kReproFilterMinCount) {
      const double q1 = r_quantile7(p, 0.25), q3 = r_quantile7(p, 0.75);
      const double lo = q1 - kReproTukeyK * (q3 - q1), hi = q3 + kReproTukeyK * (q3 - q1);
      std::vector<double> kept;
      for (double v : p)
        if (v >= lo && v <= hi) kept.push_back(v);
      p = std::move(kept);
    }
    est.push_back(p.empty() ? kNaN : mean(p));
  }
  const double m = mean(est);
  return m == 0 ? kNaN : sd(est) / m;
}

bool has_infinity(std::span<const double> x) {
  return std::any_of(x.begin(), x.end(), [](double v) { return std::isinf(v); });
}

}  // namespace

double cov_mean(std::span<const double> x, std::size_t w) {
  if (has_infinity(x) && std::none_of(x.begin(), x.end(), [](double v) { return std::isnan(v); }))
    return cov_direct(x, w, false);
  OrderedSample s(x);
  if (s.nan_count() > 0) return kNaN;
  return cov_mean(s, w);
}

double cov_median(std::span<const double> x, std::size_t w) {
  if (has_infinity(x) && std::none_of(x.begin(), x.end(), [](double v) { return std::isnan(v); }))
    return cov_direct(x, w, true);
  OrderedSample s(x);
  if (s.nan_count() > 0) return kNaN;
  return cov_median(s, w);
}

double rse_tukey_filtered(std::span<const double> x) {
  if (x.size() <= kReproFilterMinCount) return rse(x);
  const auto filtered = tukey_filter(x, kReproTukeyK);
  if (!filtered) return kNaN;
  return rse(filtered->kept);
}

}  // namespace metron::stats
