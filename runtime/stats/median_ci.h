// Nonparametric (order-statistic) confidence intervals of the median and of any quantile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace metron::stats {

// The CI of the q-quantile is [x_(l), x_(u)], two order statistics (1-based ranks l < u). It
// needs no assumption on the distribution except iid observations, and it may be asymmetric
// around the estimate (Hoefler & Belli, SC15, §3.1.3; Le Boudec, "Performance Evaluation of
// Computer and Communication Systems", EPFL Press 2010, §2.2). For a continuous distribution
// its exact coverage is P(l <= B <= u - 1) with B ~ Binomial(n, q): B counts the observations
// below the true quantile.
//
// Two ways to choose the ranks (Hoefler & Belli, "Scientific Benchmarking of Parallel Computing
// Systems", §3.1.3):
// - ExactBinomial: the equal-tailed choice l = max{l : P(B <= l - 1) <= α/2},
//   u = min{u : P(B >= u) <= α/2}. Coverage >= level exactly, for every n.
// - LeBoudec: the normal approximation of that binomial,
//     l = floor(n q - z sqrt(n q (1 - q))),  u = ceil(1 + n q + z sqrt(n q (1 - q))),
//   z = Φ⁻¹(1 - α/2) > 0 (1.96 at 95 %). At q = 1/2 this is Le Boudec's median formula
//   l = floor((n - z sqrt(n)) / 2), u = ceil(1 + (n + z sqrt(n)) / 2).
// quantile_ci_ranks() uses the exact ranks while n <= 100 or n q (1 - q) <= 25 (the binomial's
// variance; below it the normal approximation of the binomial is poor, e.g. for q = 0.99 up to
// n = 2525), and Le Boudec's formula above. At n = 100 both give (40, 61) for the 95 % median.
//
// "Not assessable": no pair of ranks inside [1, n] reaches the level, e.g. any n <= 5 for the
// 95 % median (even [x_(1), x_(n)] covers with probability 1 - 2^(1-n) < 0.95; the paper's
// "n > 5"), or the formula's ranks fall outside [1, n]. Then there is no interval: the bounds
// are NaN, and callers must report "not assessable" and never index with the ranks.
inline constexpr std::size_t kExactCiMaxN = 100;
inline constexpr double kExactCiMaxBinomialVariance = 25.0;

enum class CiMethod { ExactBinomial, LeBoudec };

struct CiRanks {
  std::int64_t lower = 0;  // 1-based rank l; may be < 1 when not assessable (formula value)
  std::int64_t upper = 0;  // 1-based rank u; may be > n when not assessable
  CiMethod method = CiMethod::ExactBinomial;
  bool assessable = false;
};

// Both families, for a sample of n values, q in (0, 1), level in (0, 1). Invalid arguments or
// n = 0 give a CiRanks that is not assessable.
CiRanks le_boudec_ranks(std::size_t n, double q, double level);
// The same with z = Φ⁻¹(1 - α/2) supplied by the caller (a stopping rule caches it per level).
CiRanks le_boudec_ranks_for_z(std::size_t n, double q, double z);
CiRanks exact_binomial_ranks(std::size_t n, double q, double level);
bool uses_exact_ranks(std::size_t n, double q);  // the threshold rule above
CiRanks quantile_ci_ranks(std::size_t n, double q, double level);

// P(l <= B <= u - 1), B ~ Binomial(n, q): the coverage of [x_(l), x_(u)] for continuous data.
// NaN unless 1 <= l < u <= n.
double rank_coverage(std::size_t n, double q, std::int64_t lower, std::int64_t upper);

struct QuantileCi {
  double q = 0.5;
  double level = 0.95;
  double estimate = 0.0;  // R type 7 sample quantile (the usual median at q = 1/2); NaN if n = 0
  double lower = 0.0;     // x_(l), NaN when not assessable
  double upper = 0.0;     // x_(u), NaN when not assessable
  CiRanks ranks;
  double achieved_confidence = 0.0;  // rank_coverage(n, q, l, u); NaN when not assessable
  bool assessable() const { return ranks.assessable; }
};

// O(n) on unsorted data (nth_element at the needed ranks on a private copy); NaN in x makes
// everything NaN and the CI not assessable.
QuantileCi quantile_ci(std::span<const double> x, double q, double level = 0.95);
QuantileCi median_ci(std::span<const double> x, double level = 0.95);
// O(1) on data already sorted ascending.
QuantileCi quantile_ci_sorted(std::span<const double> sorted, double q, double level = 0.95);

}  // namespace metron::stats
