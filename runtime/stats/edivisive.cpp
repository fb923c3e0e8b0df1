// E-Divisive means with the permutation test (definitions and sources in edivisive.h).
#include "runtime/stats/edivisive.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

namespace metron::stats {

namespace {

double distance(double a, double b, double alpha) {
  const double d = std::fabs(a - b);
  return alpha == 1.0 ? d : std::pow(d, alpha);
}

// Prefix sums P[i][j] = sum of D over rows [0, i) and columns [0, j) of the segment's distance
// matrix, so that any block sum is four reads.
class BlockSums {
 public:
  BlockSums(std::span<const double> v, double alpha) : n_(v.size() + 1), p_(n_ * n_, 0.0) {
    for (std::size_t i = 1; i < n_; ++i) {
      double row = 0.0;
      for (std::size_t j = 1; j < n_; ++j) {
        row += distance(v[i - 1], v[j - 1], alpha);
        p_[i * n_ + j] = p_[(i - 1) * n_ + j] + row;
      }
    }
  }
  // Sum of D over rows [i0, i1) and columns [j0, j1).
  double block(std::size_t i0, std::size_t i1, std::size_t j0, std::size_t j1) const {
    return p_[i1 * n_ + j1] - p_[i0 * n_ + j1] - p_[i1 * n_ + j0] + p_[i0 * n_ + j0];
  }

 private:
  std::size_t n_;
  std::vector<double> p_;
};

// Q of X = [0, nx) and Y = [nx, nx + ny) of a segment, from its block sums.
double q_of(const BlockSums& b, std::size_t nx, std::size_t ny) {
  const double n = static_cast<double>(nx), m = static_cast<double>(ny);
  const double between = b.block(0, nx, nx, nx + ny);
  const double within_x = nx > 1 ? b.block(0, nx, 0, nx) / (n * (n - 1)) : 0.0;
  const double within_y = ny > 1 ? b.block(nx, nx + ny, nx, nx + ny) / (m * (m - 1)) : 0.0;
  // C(n,2)^-1 sum_{i<l} = (sum over all ordered pairs / 2) / (n (n - 1) / 2)
  const double e = 2.0 * between / (n * m) - within_x - within_y;
  return n * m / (n + m) * e;
}

// The positions a change may be at inside (s, e), in order.
std::vector<std::size_t> inner_cuts(std::span<const std::size_t> cuts, std::size_t s,
                                    std::size_t e) {
  std::vector<std::size_t> out;
  if (cuts.empty()) {
    for (std::size_t i = s + 1; i < e; ++i) out.push_back(i);
    return out;
  }
  for (std::size_t c : cuts)
    if (c > s && c < e) out.push_back(c);
  return out;
}

struct SegmentBest {
  SplitCandidate c;
  std::size_t segment = 0;
  bool found = false;
};

// The best split over all segments (the largest Q; the first segment on a tie).
SegmentBest best_over(std::span<const double> z,
                      const std::vector<std::pair<std::size_t, std::size_t>>& segments,
                      std::span<const std::size_t> cuts, const EDivisiveOptions& o) {
  SegmentBest best;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const auto [s, e] = segments[i];
    SplitCandidate c = best_split(z, s, e, cuts, o.alpha, o.min_size);
    if (std::isnan(c.q)) continue;
    if (!best.found || c.q > best.c.q) best = {c, i, true};
  }
  return best;
}

// Fisher-Yates with the standard's mt19937_64, whose sequence is fixed by the standard (unlike
// std::shuffle's use of it), so a seed gives the same permutations everywhere.
void shuffle_range(std::vector<double>& v, std::size_t s, std::size_t e, std::mt19937_64& rng) {
  for (std::size_t i = e - s; i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng() % i);
    std::swap(v[s + i - 1], v[s + j]);
  }
}

// The permutation p-value of the best Q `q` found with these segments.
double permutation_p(std::span<const double> z,
                     const std::vector<std::pair<std::size_t, std::size_t>>& segments,
                     std::span<const std::size_t> cuts, double q, const EDivisiveOptions& o,
                     std::mt19937_64& rng) {
  std::size_t over = 0;
  std::vector<double> v(z.begin(), z.end());
  for (std::size_t r = 0; r < o.permutations; ++r) {
    for (const auto& [s, e] : segments) shuffle_range(v, s, e, rng);
    const SegmentBest b = best_over(v, segments, cuts, o);
    if (b.found && b.c.q >= q) ++over;
  }
  return static_cast<double>(1 + over) / static_cast<double>(o.permutations + 1);
}

}  // namespace

double energy_q(std::span<const double> z, std::size_t s, std::size_t t, std::size_t k,
                double alpha) {
  if (!(s < t && t < k && k <= z.size())) return std::numeric_limits<double>::quiet_NaN();
  double between = 0.0, within_x = 0.0, within_y = 0.0;
  for (std::size_t i = s; i < t; ++i)
    for (std::size_t j = t; j < k; ++j) between += distance(z[i], z[j], alpha);
  for (std::size_t i = s; i < t; ++i)
    for (std::size_t j = i + 1; j < t; ++j) within_x += distance(z[i], z[j], alpha);
  for (std::size_t i = t; i < k; ++i)
    for (std::size_t j = i + 1; j < k; ++j) within_y += distance(z[i], z[j], alpha);
  const double n = static_cast<double>(t - s), m = static_cast<double>(k - t);
  const double e = 2.0 * between / (n * m) - (n > 1 ? within_x / (n * (n - 1) / 2) : 0.0) -
                   (m > 1 ? within_y / (m * (m - 1) / 2) : 0.0);
  return n * m / (n + m) * e;
}

SplitCandidate best_split(std::span<const double> z, std::size_t s, std::size_t e,
                          std::span<const std::size_t> cuts, double alpha, std::size_t min_size) {
  SplitCandidate best;
  best.q = std::numeric_limits<double>::quiet_NaN();
  if (e > z.size() || s >= e) return best;
  min_size = std::max<std::size_t>(min_size, 1);
  std::vector<std::size_t> ends = inner_cuts(cuts, s, e);
  const std::vector<std::size_t> taus = ends;
  ends.push_back(e);
  const BlockSums sums(z.subspan(s, e - s), alpha);
  for (std::size_t tau : taus) {
    if (tau - s < min_size) continue;
    for (std::size_t kappa : ends) {
      if (kappa <= tau || kappa - tau < min_size) continue;
      const double q = q_of(sums, tau - s, kappa - tau);
      if (std::isnan(best.q) || q > best.q) best = {tau, kappa, q};
    }
  }
  return best;
}

std::vector<std::pair<std::size_t, std::size_t>> segments_between(
    std::span<const std::size_t> changes, std::size_t n) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::size_t start = 0;
  for (std::size_t c : changes) {
    if (c > start && c < n) out.push_back({start, c});
    start = std::max(start, c);
  }
  if (start < n) out.push_back({start, n});
  return out;
}

std::vector<EDivisiveChange> edivisive_permutation(std::span<const double> z,
                                                   std::span<const std::size_t> cuts,
                                                   const EDivisiveOptions& o) {
  std::vector<EDivisiveChange> found;
  std::vector<std::size_t> positions;  // sorted
  std::mt19937_64 rng(o.seed);
  while (found.size() < o.max_changes) {
    const auto segments = segments_between(positions, z.size());
    const SegmentBest b = best_over(z, segments, cuts, o);
    if (!b.found) break;
    const double p = permutation_p(z, segments, cuts, b.c.q, o, rng);
    if (p > o.significance) break;
    found.push_back({b.c.tau, b.c.kappa, b.c.q, p});
    positions.insert(std::upper_bound(positions.begin(), positions.end(), b.c.tau), b.c.tau);
  }
  return found;
}

}  // namespace metron::stats
