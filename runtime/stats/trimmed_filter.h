// SKaMPI's outlier filter (`set outliers = trimmed`): keep the middle half of the sorted sample.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace metron::stats {

// SKaMPI 5 reports the mean of the sorted values without the floor(n/4) lowest and the floor(n/4)
// highest (its measurement loop; "MPI Benchmarking Revisited", data processing scheme PS1). As a
// filter: the n - 2 floor(n/4) middle values, sorted ascending. trimmed_mean.h averages the same
// values without keeping them.
struct TrimmedFiltered {
  std::vector<double> kept;  // sorted ascending
  std::size_t removed = 0;   // 2 floor(n/4)
};

// Empty for n < 4 (nothing to drop: the caller keeps the sample as it is) or a NaN in x.
std::optional<TrimmedFiltered> trimmed_filter(std::span<const double> x);

}  // namespace metron::stats
