// StopControl (see stop_control.h).
#include "runtime/exec/stop_control.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace metron::rt {

namespace {
// Fixed counts are measured in chunks so the gathers stay bounded.
constexpr std::int64_t kFixedChunk = 10000;
}  // namespace

StopControl::StopControl(const Settings& s, bool) : s_(s) {}
StopControl::~StopControl() = default;

std::int64_t StopControl::first_batch() const {
  if (s_.reps) return std::min(*s_.reps, kFixedChunk);
  return std::max<std::int64_t>(1, s_.min_reps);
}

std::int64_t StopControl::next_batch(const std::vector<double>& values, double elapsed_s) {
  auto t0 = std::chrono::steady_clock::now();
  std::int64_t n = static_cast<std::int64_t>(values.size());
  std::int64_t next = 0;
  if (s_.reps) {
    reason_ = StopReason::FixedReps;
    next = std::min(*s_.reps - n, kFixedChunk);
  } else {
    // SKaMPI's rule: SE = sqrt(|Q - S^2/n| / (n(n-1))) over all observations; stop when
    // n >= max_reps or (n >= min_reps and SE <= max_rse * mean).
    for (; seen_ < values.size(); ++seen_) {
      sum_ += values[seen_];
      sum_sq_ += values[seen_] * values[seen_];
    }
    double mean = sum_ / static_cast<double>(n);
    double se = n > 1 ? std::sqrt(std::fabs(sum_sq_ - sum_ * sum_ / n) /
                                  (static_cast<double>(n) * (n - 1)))
                      : INFINITY;
    precision_ = mean > 0 ? se / mean : -1;
    if (n >= s_.min_reps && se <= s_.max_rse * mean) {
      reason_ = StopReason::RuleMet;
    } else if (n >= s_.max_reps) {
      reason_ = StopReason::MaxReps;
    } else if (elapsed_s >= s_.max_time_s) {
      reason_ = StopReason::TimeBudget;
    } else {
      next = std::min<std::int64_t>(std::max<std::int64_t>(4, s_.min_reps), s_.max_reps - n);
    }
  }
  rule_time_s_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return std::max<std::int64_t>(0, next);
}

}  // namespace metron::rt
