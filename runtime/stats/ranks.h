// Ranks with ties averaged (R's rank(ties.method = "average")) and the sizes of the tie groups,
// shared by the rank tests (Wilcoxon, Kruskal-Wallis).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace metron::stats {

struct Ranking {
  std::vector<double> ranks;  // ranks[i] is the 1-based rank of x[i]; tied values share the mean
  std::vector<std::size_t> tie_sizes;  // size t of every group of equal values with t >= 2
  // sum over tie groups of t^3 - t, the quantity in the tie corrections of both tests
  double tie_sum() const;
};

// O(n log n). Equality is exact (==), as in R.
Ranking average_ranks(std::span<const double> x);

}  // namespace metron::stats
