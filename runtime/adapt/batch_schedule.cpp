// BatchSchedule (see batch_schedule.h).
#include "runtime/adapt/batch_schedule.h"

#include <algorithm>

namespace metron::adapt {

std::int64_t BatchSchedule::first() const {
  std::int64_t b = std::max<std::int64_t>(
      {p_.min_reps, p_.step, static_cast<std::int64_t>(p_.rule_min_reps), 1});
  b = std::min(b, p_.max_reps);
  if (p_.reps_cap > 0) b = std::min(b, static_cast<std::int64_t>(p_.reps_cap));
  return b;
}

std::int64_t BatchSchedule::next(std::size_t n) const {
  const auto done = static_cast<std::int64_t>(n);
  std::int64_t b = p_.fixed ? p_.step : std::max<std::int64_t>(p_.step, done / 4);
  b = std::min(b, kMaxRuleBatch);
  // Land exactly on a `reps >= k` budget of the rule.
  if (p_.reps_cap > n) b = std::min(b, static_cast<std::int64_t>(p_.reps_cap - n));
  b = std::min(b, p_.max_reps - done);
  return std::max<std::int64_t>(1, b);
}

}  // namespace metron::adapt
