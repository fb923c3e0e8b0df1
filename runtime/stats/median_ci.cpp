// Order-statistic confidence intervals of quantiles (definitions and sources in median_ci.h).
#include "runtime/stats/median_ci.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/stats/distributions.h"
#include "runtime/stats/mean_ci.h"
#include "runtime/stats/quantile.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool valid_args(std::size_t n, double q, double level) {
  return n > 0 && q > 0.0 && q < 1.0 && level > 0.0 && level < 1.0;
}

bool in_range(const CiRanks& r, std::size_t n) {
  return r.lower >= 1 && r.lower < r.upper && r.upper <= static_cast<std::int64_t>(n);
}

// Order statistics x_(r) (0-based r, ascending list) of unsorted data: successive nth_element
// calls on the shrinking right part, O(n) in total for a handful of ranks.
std::vector<double> select_ranks(std::span<const double> x, std::vector<std::size_t> ranks) {
  std::vector<double> work(x.begin(), x.end());
  std::vector<double> out(ranks.size());
  auto begin = work.begin();
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const auto target = work.begin() + static_cast<std::ptrdiff_t>(ranks[i]);
    if (target >= begin) {
      std::nth_element(begin, target, work.end());
      begin = target + 1;
    }
    out[i] = *target;
  }
  return out;
}

}  // namespace

CiRanks le_boudec_ranks(std::size_t n, double q, double level) {
  if (!valid_args(n, q, level)) {
    CiRanks r;
    r.method = CiMethod::LeBoudec;
    return r;
  }
  return le_boudec_ranks_for_z(n, q, z_critical(level));
}

CiRanks le_boudec_ranks_for_z(std::size_t n, double q, double z) {
  CiRanks r;
  r.method = CiMethod::LeBoudec;
  if (!valid_args(n, q, 0.5) || !(z > 0.0)) return r;
  const double dn = static_cast<double>(n);
  const double spread = z * std::sqrt(dn * q * (1.0 - q));
  r.lower = static_cast<std::int64_t>(std::floor(dn * q - spread));
  r.upper = static_cast<std::int64_t>(std::ceil(1.0 + dn * q + spread));
  r.assessable = in_range(r, n);
  return r;
}

CiRanks exact_binomial_ranks(std::size_t n, double q, double level) {
  CiRanks r;
  r.method = CiMethod::ExactBinomial;
  if (!valid_args(n, q, level)) return r;
  const BinomialDist b(static_cast<double>(n), q);
  const double tail = (1.0 - level) / 2.0;
  // Lower rank: the largest k = l - 1 in [0, n - 1] with P(B <= k) <= tail (cdf increases in k).
  if (boost::math::cdf(b, 0.0) > tail) return r;
  std::size_t lo = 0;
  std::size_t hi = n - 1;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo + 1) / 2;
    if (boost::math::cdf(b, static_cast<double>(mid)) <= tail) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  r.lower = static_cast<std::int64_t>(lo) + 1;
  // Upper rank: the smallest k = u - 1 in [0, n - 1] with P(B > k) <= tail (decreases in k).
  const auto upper_tail = [&](std::size_t k) {
    return boost::math::cdf(boost::math::complement(b, static_cast<double>(k)));
  };
  if (upper_tail(n - 1) > tail) {
    r.upper = static_cast<std::int64_t>(n) + 1;
    return r;
  }
  lo = 0;
  hi = n - 1;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (upper_tail(mid) <= tail) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  r.upper = static_cast<std::int64_t>(lo) + 1;
  r.assessable = in_range(r, n);
  return r;
}

bool uses_exact_ranks(std::size_t n, double q) {
  const double dn = static_cast<double>(n);
  return n <= kExactCiMaxN || dn * q * (1.0 - q) <= kExactCiMaxBinomialVariance;
}

CiRanks quantile_ci_ranks(std::size_t n, double q, double level) {
  return uses_exact_ranks(n, q) ? exact_binomial_ranks(n, q, level) : le_boudec_ranks(n, q, level);
}

double rank_coverage(std::size_t n, double q, std::int64_t lower, std::int64_t upper) {
  CiRanks r;
  r.lower = lower;
  r.upper = upper;
  if (!(q > 0.0 && q < 1.0) || !in_range(r, n)) return kNaN;
  const BinomialDist b(static_cast<double>(n), q);
  const double below = boost::math::cdf(b, static_cast<double>(lower - 1));
  const double above = boost::math::cdf(boost::math::complement(b, static_cast<double>(upper - 1)));
  return 1.0 - below - above;
}

namespace {

QuantileCi make_ci(std::size_t n, double q, double level) {
  QuantileCi ci;
  ci.q = q;
  ci.level = level;
  ci.estimate = ci.lower = ci.upper = ci.achieved_confidence = kNaN;
  ci.ranks = quantile_ci_ranks(n, q, level);
  return ci;
}

}  // namespace

QuantileCi quantile_ci_sorted(std::span<const double> sorted, double q, double level) {
  QuantileCi ci = make_ci(sorted.size(), q, level);
  ci.estimate = quantile_sorted(sorted, q, QuantileType::Type7);
  if (!ci.ranks.assessable) return ci;
  ci.lower = sorted[static_cast<std::size_t>(ci.ranks.lower - 1)];
  ci.upper = sorted[static_cast<std::size_t>(ci.ranks.upper - 1)];
  ci.achieved_confidence = rank_coverage(sorted.size(), q, ci.ranks.lower, ci.ranks.upper);
  return ci;
}

QuantileCi quantile_ci(std::span<const double> x, double q, double level) {
  QuantileCi ci = make_ci(x.size(), q, level);
  if (std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); })) {
    ci.ranks.assessable = false;
    return ci;
  }
  const auto pos = quantile_position(x.size(), q, QuantileType::Type7);
  if (!pos) return ci;
  std::vector<std::size_t> ranks = {pos->lower, pos->upper};
  if (ci.ranks.assessable) {
    ranks.push_back(static_cast<std::size_t>(ci.ranks.lower - 1));
    ranks.push_back(static_cast<std::size_t>(ci.ranks.upper - 1));
  }
  std::vector<std::size_t> order = ranks;
  std::sort(order.begin(), order.end());
  const auto values = select_ranks(x, order);
  const auto value_at = [&](std::size_t rank) {
    return values[static_cast<std::size_t>(std::lower_bound(order.begin(), order.end(), rank) -
                                           order.begin())];
  };
  ci.estimate = interpolate_quantile(value_at(pos->lower), value_at(pos->upper), pos->gamma);
  if (!ci.ranks.assessable) return ci;
  ci.lower = value_at(ranks[2]);
  ci.upper = value_at(ranks[3]);
  ci.achieved_confidence = rank_coverage(x.size(), q, ci.ranks.lower, ci.ranks.upper);
  return ci;
}

QuantileCi median_ci(std::span<const double> x, double level) {
  return quantile_ci(x, 0.5, level);
}

}  // namespace metron::stats
