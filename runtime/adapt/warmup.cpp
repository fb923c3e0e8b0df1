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
  const std::size_t room = p_.max_calls - calls_;
  if (calls_ == 0) return std::min(p_.window, room);
  const std::size_t check = 3 * p_.window;
  std::size_t n = std::max(check, p_.min_calls > calls_ ? p_.min_calls - calls_ : 0);
  if (per_call_s_ > 0) {
    const double fit = (p_.max_seconds - elapsed_s_) / per_call_s_;
    if (fit < static_cast<double>(n)) n = std::max(check, static_cast<std::size_t>(fit));
  }
  return std::min(n, room);
}

WarmupEnd WarmupDetector::add_batch(std::span<const double> times, double elapsed_s) {
  if (end_ != WarmupEnd::Running) return end_;
  calls_ += times.size();
  elapsed_s_ = elapsed_s;
  // Windows of `window` consecutive observations over the whole series, across batches: the
  // measured loop's batches (8 for SKaMPI's rule) need not be multiples of a window.
  const std::size_t before = medians_.size();
  for (double t : times) {
    pending_.push_back(t);
    if (pending_.size() < p_.window) continue;
    std::vector<double> v;
    for (double x : pending_)
      if (!std::isnan(x)) v.push_back(x);
    if (!v.empty()) medians_.push_back(stats::median(v));
    pending_.clear();
  }
  if (medians_.size() > before) {
    per_call_s_ = medians_.back();
  } else {
    // No window completed yet (a probe shorter than a window): the estimate from what there is.
    std::vector<double> v;
    for (double x : pending_)
      if (!std::isnan(x)) v.push_back(x);
    if (!v.empty()) per_call_s_ = stats::median(v);
  }
  if (calls_ >= p_.min_calls && medians_.size() > before && medians_.size() >= 3) {
    const auto last = medians_.end() - 3;
    const auto [lo, hi] = std::minmax_element(last, medians_.end());
    if (*hi - *lo <= p_.tolerance * *lo + 2 * p_.quantum) return end_ = WarmupEnd::Stable;
  }
  if (calls_ >= p_.max_calls) return end_ = WarmupEnd::CallBudget;
  // Ends when not even a three-window check fits in the time left.
  const double check_s = 3.0 * static_cast<double>(p_.window) * per_call_s_;
  if (elapsed_s >= p_.max_seconds || elapsed_s + check_s > p_.max_seconds)
    return end_ = WarmupEnd::TimeBudget;
  return end_;
}

}  // namespace metron::adapt
