// SKaMPI loop values (see loop_sequence.h).
#include "interpreter/loop_sequence.h"

#include <cmath>

namespace metron {

namespace {
// Tolerance on the upper bound: sqrt(2)^12 is 64.00000000000004 in doubles and SKaMPI's
// documented sequence for `1 to 64 step *sqrt(2)` still ends with 64.
constexpr double kRelTol = 1e-9;

bool ascending(const LoopSequence::Spec& s) { return s.multiplicative ? s.step > 1 : s.step > 0; }
}  // namespace

std::string LoopSequence::check(const Spec& s) {
  if (!std::isfinite(s.from) || !std::isfinite(s.step) || (s.to && !std::isfinite(*s.to)))
    return "not finite";
  if (s.multiplicative) {
    if (s.step <= 0 || s.step == 1) return "no progress";
    if (s.from == 0) return "no progress";  // 0 * s stays 0
    if (s.from < 0) return "no progress";
  } else if (s.step == 0) {
    return "no progress";
  }
  return {};
}

bool LoopSequence::in_range(double x) const {
  if (!s_.to) return true;
  double tol = kRelTol * std::max(1.0, std::fabs(*s_.to));
  return ascending(s_) ? x <= *s_.to + tol : x >= *s_.to - tol;
}

double LoopSequence::visible(double x) const {
  double v = s_.integer ? std::nearbyint(x) : x;
  if (s_.multiple_of && *s_.multiple_of > 0) {
    // Nearest multiple of j, but never below j (a count of 0 is rarely what was meant).
    double j = static_cast<double>(*s_.multiple_of);
    v = std::max(j, std::nearbyint(v / j) * j);
  }
  return v;
}

std::optional<double> LoopSequence::next() {
  while (!done_) {
    if (!in_range(x_)) {
      done_ = true;
      break;
    }
    double v = visible(x_);
    double next_x = s_.multiplicative ? x_ * s_.step : x_ + s_.step;
    if (!std::isfinite(next_x) || next_x == x_) done_ = true;
    x_ = next_x;
    // A visible value beyond the bound (after rounding to a multiple) ends the loop too.
    if (s_.to && s_.multiple_of && !in_range(v)) {
      done_ = true;
      break;
    }
    if (last_ && *last_ == v) continue;  // SKaMPI skips repeated visible values
    last_ = v;
    return v;
  }
  return std::nullopt;
}

}  // namespace metron
