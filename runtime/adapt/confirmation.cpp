// Confirmation (see confirmation.h).
#include "runtime/adapt/confirmation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace metron::adapt {

double median_of(std::span<const double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v(values.begin(), values.end());
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  const double hi = v[mid];
  if (v.size() % 2 == 1) return hi;
  const double lo = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lo + hi) / 2;
}

std::optional<Confirmation::Request> Confirmation::start(std::span<const double> values,
                                                         double precision, std::int64_t first_batch,
                                                         std::int64_t room, double seconds_left) {
  if (rounds_ >= p_.max_rounds || values.empty()) return std::nullopt;
  const std::int64_t batch = std::min(std::max(first_batch, p_.min_batch), room);
  if (batch <= 0) return std::nullopt;
  median_ = median_of(values);
  if (!(median_ > 0)) return std::nullopt;  // nothing to compare a ratio against
  // Twice the achieved precision: two medians, each within its half-width of the truth.
  tolerance_ = std::max(2 * (std::isnan(precision) ? 0.0 : precision), p_.min_tolerance);
  // The spacer: the sample's own length (a slow stretch as long as the sample should be over)
  // or what fits in spacer_seconds at the sample's median, whichever is more, but at most
  // spacer_calls (a large sample is not doubled) and never past the time budget.
  const auto n = static_cast<std::int64_t>(values.size());
  const double per_call = median_;
  auto affordable = [&](double seconds) {
    return seconds <= 0 ? std::int64_t{0}
                        : static_cast<std::int64_t>(std::min(seconds / per_call, 1e12));
  };
  std::int64_t spacer = std::min(p_.spacer_calls, std::max(n, affordable(p_.spacer_seconds)));
  // The transient guard (transient_guard.h): an early stop's first check lies past the horizon.
  if (rounds_ == 0) spacer = std::max(spacer, guard_spacer(p_.guard, values.size(), per_call));
  spacer = std::min(spacer, affordable(seconds_left));
  pending_ = true;
  ++rounds_;
  spacer_total_ += spacer;
  return Request{spacer, batch};
}

bool Confirmation::finish(std::span<const double> batch) {
  pending_ = false;
  last_ratio_ = median_of(batch) / median_;
  // tolerance_ is max(2 x precision, min_tolerance): the level-shift test's own threshold.
  const bool agrees = !level_shift(std::vector<double>{median_}, batch, tolerance_ / 2, tolerance_);
  if (!agrees) ++disagreements_;
  return agrees;
}

}  // namespace metron::adapt
