// E-Divisive means: change points of a series by hierarchical bisection with the energy
// divergence of Matteson and James, "A Nonparametric Approach for Multiple Change Point Analysis
// of Multivariate Data" (JASA 2014), and their permutation test. Univariate: |x - y|^alpha. No
// MPI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace metron::stats {

// Q(X, Y; alpha) of X = z[s, t) and Y = z[t, k) (the paper's equations 4 and 5):
//   E = 2/(n m) sum |x_i - y_j|^a - C(n,2)^-1 sum_{i<l} |x_i - x_l|^a
//       - C(m,2)^-1 sum_{j<l} |y_j - y_l|^a,
//   Q = n m / (n + m) E,
// with n = t - s and m = k - t. A within-sample term over fewer than two values is 0 (an empty
// sum, as Hunter's implementation has it). NaN when a side is empty or k > z.size(). Computed
// from the definition, O((k - s)^2).
double energy_q(std::span<const double> z, std::size_t s, std::size_t t, std::size_t k,
                double alpha);

struct SplitCandidate {
  std::size_t tau = 0;    // the first value of Y: the change point
  std::size_t kappa = 0;  // one past the last value of Y
  double q = 0.0;         // Q there; NaN when the segment has no admissible split
};

// The (tau, kappa) that maximizes Q within the segment [s, e) (the paper's section 2.2): tau
// among `cuts` (the positions a change may be at, sorted; every position when empty), kappa
// among them and e, kappa > tau, each of X = [s, tau) and Y = [tau, kappa) holding at least
// `min_size` values (>= 1). Ties go to the smallest tau, then the smallest kappa. O((e - s)^2)
// time and memory (prefix sums of the distance matrix).
SplitCandidate best_split(std::span<const double> z, std::size_t s, std::size_t e,
                          std::span<const std::size_t> cuts, double alpha, std::size_t min_size);

struct EDivisiveOptions {
  double alpha = 1.0;          // distance exponent, in (0, 2)
  double significance = 0.05;  // a change is kept while its p-value is <= this
  std::size_t permutations = 199;
  std::uint64_t seed = 1;    // of the permutations: the same seed gives the same p-values
  std::size_t min_size = 2;  // values on each side of a split
  std::size_t max_changes = 1000;
};

struct EDivisiveChange {
  std::size_t index = 0;  // the first value after the change
  std::size_t kappa = 0;  // the end of the Y that found it
  double q = 0.0;
  // (1 + #{r : q_r >= q}) / (R + 1), q_r the best Q of the r-th permutation of the values
  // within the segments found so far (the paper's section 3).
  double p_value = 0.0;
};

// The hierarchical procedure of the paper's section 2.3: bisect the segment whose best split
// has the largest Q while the permutation test finds that Q significant. Changes in the order
// they were found. Empty for fewer than 2 min_size values.
std::vector<EDivisiveChange> edivisive_permutation(std::span<const double> z,
                                                   std::span<const std::size_t> cuts,
                                                   const EDivisiveOptions& o);

// The segments [start, end) that the sorted change positions `changes` cut [0, n) into.
std::vector<std::pair<std::size_t, std::size_t>> segments_between(
    std::span<const std::size_t> changes, std::size_t n);

}  // namespace metron::stats
