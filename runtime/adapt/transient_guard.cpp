// The transient guard (see transient_guard.h).
#include "runtime/adapt/transient_guard.h"

#include <algorithm>
#include <cmath>

#include "runtime/adapt/confirmation.h"

namespace metron::adapt {

std::int64_t guard_spacer(const TransientGuard& g, std::size_t n, double per_observation_s) {
  if (n > g.early_reps || n >= g.horizon) return 0;
  const auto to_horizon = static_cast<std::int64_t>(g.horizon - n);
  if (!(per_observation_s > 0)) return to_horizon;
  const double fit = std::min(g.max_seconds / per_observation_s, 1e12);
  return std::min(to_horizon, static_cast<std::int64_t>(fit));
}

bool level_shift(std::span<const double> sample, std::span<const double> check, double precision,
                 double min_tolerance) {
  const double m = median_of(sample);
  const double c = median_of(check);
  if (!(m > 0) || std::isnan(c)) return true;
  const double tolerance = std::max(2 * (std::isnan(precision) ? 0.0 : precision), min_tolerance);
  return std::abs(c / m - 1) > tolerance;
}

}  // namespace metron::adapt
