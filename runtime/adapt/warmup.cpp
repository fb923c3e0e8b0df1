// WarmupDetector (criterion in warmup.h).
#include "runtime/adapt/warmup.h"

#include <algorithm>
#include <cmath>

#include "runtime/stats/descriptive.h"

namespace metron::adapt {

std::string_view to_string(WarmupEnd e) {
  switch (e) {
    case WarmupEnd::Running:
      return "running";
    case WarmupEnd::Stable:
      return "stable";
    case WarmupEnd::CallBudget:
      return "call_budget";
    case WarmupEnd::TimeBudget:
      return "time_budget";
    case WarmupEnd::Fixed:
      return "fixed";
  }
  return "?";
}

WarmupDetector::WarmupDetector(WarmupParams p) : p_(p) {
  p_.window = std::max<std::size_t>(p_.window, 1);
  if (p_.max_calls == 0) end_ = WarmupEnd::CallBudget;
}

std::size_t WarmupDetector::next_batch() const {
  if (end_ != WarmupEnd::Running) return 0;
  return std::min(p_.window, p_.max_calls - calls_);
}

WarmupEnd WarmupDetector::add_batch(std::span<const double> times, double elapsed_s) {
  if (end_ != WarmupEnd::Running) return end_;
  calls_ += times.size();
  std::vector<double> v;
  for (double t : times)
    if (!std::isnan(t)) v.push_back(t);
  if (!v.empty()) medians_.push_back(stats::median(v));
  if (calls_ >= p_.min_calls && medians_.size() >= 3) {
    const auto last = medians_.end() - 3;
    const auto [lo, hi] = std::minmax_element(last, medians_.end());
    if (*hi - *lo <= p_.tolerance * *lo + 2 * p_.quantum) return end_ = WarmupEnd::Stable;
  }
  if (calls_ >= p_.max_calls) return end_ = WarmupEnd::CallBudget;
  if (elapsed_s >= p_.max_seconds) return end_ = WarmupEnd::TimeBudget;
  return end_;
}

}  // namespace metron::adapt
