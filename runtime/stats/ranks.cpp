// Ranks with ties averaged (see ranks.h).
#include "runtime/stats/ranks.h"

#include <algorithm>
#include <numeric>

namespace metron::stats {

double Ranking::tie_sum() const {
  double s = 0.0;
  for (std::size_t t : tie_sizes) {
    const double dt = static_cast<double>(t);
    s += dt * dt * dt - dt;
  }
  return s;
}

Ranking average_ranks(std::span<const double> x) {
  const std::size_t n = x.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  Ranking r;
  r.ranks.resize(n);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && x[order[j]] == x[order[i]]) ++j;
    // Positions i..j-1 (0-based) share the mean of the 1-based ranks i+1..j.
    const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    for (std::size_t k = i; k < j; ++k) r.ranks[order[k]] = rank;
    if (j - i >= 2) r.tie_sizes.push_back(j - i);
    i = j;
  }
  return r;
}

}  // namespace metron::stats
