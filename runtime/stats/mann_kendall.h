// The Mann-Kendall trend test (Mann 1945, Kendall 1975): is there a monotone trend in a series?
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace metron::stats {

// S = sum_{i < j} sign(x_j - x_i); under H0 (independent, identically distributed values)
// E[S] = 0 and, with tie groups of sizes t,
//   Var(S) = (n (n - 1) (2n + 5) - sum t (t - 1) (2t + 5)) / 18.
// z = (S - sign(S)) / sqrt(Var(S)) (continuity correction), p = 2 (1 - Phi(|z|)). This is R's
//   cor.test(x, seq_along(x), method = "kendall", exact = FALSE, continuity = TRUE)
// (Kendall's tau against the time index, whose normal approximation is the Mann-Kendall test).
// S is counted in O(n log n) (merge sort; Knight 1966), so long series are cheap.
struct TrendTest {
  std::size_t n = 0;
  double s = 0.0;  // S: > 0 rising, < 0 falling
  double var_s = 0.0;
  double z = 0.0;
  double p = 0.0;           // two-sided; NaN when not assessable
  bool assessable = false;  // n >= 3, all values finite, not all equal
};

TrendTest mann_kendall(std::span<const double> x);

// Means of consecutive batches of ceil(n / max_batches) values (the last batch may be shorter),
// at most max_batches of them; x itself when n <= max_batches. Timing series are
// autocorrelated: the trend test on batch means keeps its level, and its power does not grow
// with n, so that a 10^5-observation job is not flagged for a drift of 0.1%.
std::vector<double> batch_means(std::span<const double> x, std::size_t max_batches);

}  // namespace metron::stats
