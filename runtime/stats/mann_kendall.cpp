// Mann-Kendall trend test and batch means (definitions and sources in mann_kendall.h).
#include "runtime/stats/mann_kendall.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "runtime/stats/distributions.h"

namespace metron::stats {

namespace {

// Sorts v[lo, hi) and returns the number of pairs i < j with v[i] > v[j] (strict: equal values
// are not inversions; merging takes the left one first).
std::uint64_t count_inversions(std::vector<double>& v, std::vector<double>& tmp, std::size_t lo,
                               std::size_t hi) {
  if (hi - lo < 2) return 0;
  const std::size_t mid = lo + (hi - lo) / 2;
  std::uint64_t inv = count_inversions(v, tmp, lo, mid) + count_inversions(v, tmp, mid, hi);
  std::size_t i = lo, j = mid, k = lo;
  while (i < mid && j < hi) {
    if (v[j] < v[i]) {
      inv += mid - i;
      tmp[k++] = v[j++];
    } else {
      tmp[k++] = v[i++];
    }
  }
  while (i < mid) tmp[k++] = v[i++];
  while (j < hi) tmp[k++] = v[j++];
  std::copy(tmp.begin() + static_cast<std::ptrdiff_t>(lo),
            tmp.begin() + static_cast<std::ptrdiff_t>(hi),
            v.begin() + static_cast<std::ptrdiff_t>(lo));
  return inv;
}

}  // namespace

TrendTest mann_kendall(std::span<const double> x) {
  TrendTest t;
  t.n = x.size();
  t.p = t.z = t.s = t.var_s = std::numeric_limits<double>::quiet_NaN();
  if (x.size() < 3) return t;
  for (double v : x)
    if (!std::isfinite(v)) return t;
  std::vector<double> v(x.begin(), x.end()), tmp(x.size());
  const std::uint64_t inversions = count_inversions(v, tmp, 0, v.size());
  // v is sorted now: tie groups are runs of equal values.
  const double n = static_cast<double>(x.size());
  double tie_pairs = 0.0, tie_var = 0.0;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j < v.size() && v[j] == v[i]) ++j;
    const double g = static_cast<double>(j - i);
    tie_pairs += g * (g - 1) / 2;
    tie_var += g * (g - 1) * (2 * g + 5);
    i = j;
  }
  const double pairs = n * (n - 1) / 2;
  // Pairs i < j: rising (x_j > x_i), falling (inversions), tied.
  const double falling = static_cast<double>(inversions);
  const double rising = pairs - tie_pairs - falling;
  t.s = rising - falling;
  t.var_s = (n * (n - 1) * (2 * n + 5) - tie_var) / 18;
  if (!(t.var_s > 0)) return t;  // all values equal
  const double corrected = t.s > 0 ? t.s - 1 : t.s < 0 ? t.s + 1 : 0.0;
  t.z = corrected / std::sqrt(t.var_s);
  t.p = 2 * boost::math::cdf(boost::math::complement(NormalDist(0, 1), std::fabs(t.z)));
  t.p = std::min(1.0, t.p);
  t.assessable = true;
  return t;
}

std::vector<double> batch_means(std::span<const double> x, std::size_t max_batches) {
  if (max_batches == 0 || x.size() <= max_batches) return {x.begin(), x.end()};
  const std::size_t b = (x.size() + max_batches - 1) / max_batches;
  std::vector<double> out;
  for (std::size_t i = 0; i < x.size(); i += b) {
    const std::size_t e = std::min(x.size(), i + b);
    double s = 0.0;
    for (std::size_t k = i; k < e; ++k) s += x[k];
    out.push_back(s / static_cast<double>(e - i));
  }
  return out;
}

}  // namespace metron::stats
