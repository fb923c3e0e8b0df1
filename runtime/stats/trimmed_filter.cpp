// SKaMPI's middle-half filter (see trimmed_filter.h).
#include "runtime/stats/trimmed_filter.h"

#include <algorithm>
#include <cmath>

namespace metron::stats {

std::optional<TrimmedFiltered> trimmed_filter(std::span<const double> x) {
  if (x.size() < 4) return std::nullopt;
  if (std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); })) return std::nullopt;
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t k = sorted.size() / 4;
  TrimmedFiltered out;
  out.kept.assign(sorted.begin() + static_cast<std::ptrdiff_t>(k),
                  sorted.end() - static_cast<std::ptrdiff_t>(k));
  out.removed = 2 * k;
  return out;
}

}  // namespace metron::stats
