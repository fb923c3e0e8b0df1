// SKaMPI's interquartile trimmed mean: the mean of the middle half of the sorted sample.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace metron::stats {

// SKaMPI 5 reports this value for every measurement (SKaMPI 5 src/measurement.c; Hunold &
// Carpen-Amarie, "Reproducible MPI Benchmarking Is Still Not As Easy As You Think", data
// processing scheme PS1): sort the n values, drop the floor(n/4) lowest and the floor(n/4)
// highest, and average the k = n - 2 floor(n/4) that remain. Its standard error is SKaMPI's
// running-sum formula over the kept values, SE = sqrt(|Q - S^2/k| / (k (k - 1))) with S = sum,
// Q = sum of squares (the same formula as the stopping rule, so the numbers match SKaMPI's).
struct TrimmedMean {
  double mean = 0.0;
  double standard_error = 0.0;        // NaN when k < 2
  std::size_t kept = 0;               // k
  std::size_t dropped_each_side = 0;  // floor(n / 4)
};

// Empty for n = 0 or a NaN in x. O(n): two nth_element calls, no full sort.
std::optional<TrimmedMean> interquartile_trimmed_mean(std::span<const double> x);

}  // namespace metron::stats
