// SKaMPI loop values (see loop_sequence.h for the rules and their source).
#include "interpreter/loop_sequence.h"

#include <cmath>

namespace metron {

namespace {

// SKaMPI compares doubles with this absolute tolerance (exec.c: epsilon), so that an accumulated
// 0.1 + 0.1 + ... still reaches its bound.
constexpr double kEpsilon = 1e-6;

// Doubles in [-2^63, 2^63) convert to int64 without overflow.
constexpr double kInt64Limit = 9223372036854775808.0;

std::optional<std::int64_t> to_int64(double x) {
  if (!(x >= -kInt64Limit && x < kInt64Limit)) return std::nullopt;
  return static_cast<std::int64_t>(x);
}

}  // namespace

int compare_loop_numbers(const LoopNumber& a, const LoopNumber& b) {
  if (a.is_int && b.is_int) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  double x = a.as_double(), y = b.as_double();
  if (std::fabs(x - y) < kEpsilon) return 0;
  return x < y ? -1 : 1;
}

std::int64_t round_to_multiple(std::int64_t x, std::int64_t m) {
  // Computed in 128 bits: (d + 1) * m may leave the 64-bit range near its ends.
  __int128 d = x / m, lo, hi;
  if (x >= 0) {
    lo = d * m;
    hi = (d + 1) * m;
    return static_cast<std::int64_t>(x - lo <= hi - x ? lo : (hi > INT64_MAX ? lo : hi));
  }
  lo = (d - 1) * m;
  hi = d * m;
  return static_cast<std::int64_t>(x - lo < hi - x && lo >= INT64_MIN ? lo : hi);
}

std::optional<std::int64_t> round_to_multiple(double x, std::int64_t m) {
  double md = static_cast<double>(m);
  double d = std::trunc(x / md);
  double r;
  if (x >= 0)
    r = x - d * md <= (d + 1) * md - x ? d * md : (d + 1) * md;
  else
    r = x - (d - 1) * md < d * md - x ? (d - 1) * md : d * md;
  return to_int64(r);
}

std::string LoopSequence::check(const Spec& s) {
  double from = s.from.as_double(), step = s.step.as_double();
  if (!std::isfinite(from) || !std::isfinite(step) || (s.to && !std::isfinite(s.to->as_double())))
    return "not finite";
  if (s.multiplicative) {
    // *1 and *0 stay put, and a negative factor alternates the sign. From 0 the loop continues
    // at 1 (OSU's sizes), which moves only with a factor above 1: 1 * 0.5 heads back to 0.
    if (step <= 0 || step == 1 || (from == 0 && step < 1)) return "no progress";
  } else if (step == 0) {
    return "no progress";
  }
  return {};
}

LoopSequence::LoopSequence(const Spec& s) : s_(s) {
  double from = s.from.as_double(), step = s.step.as_double();
  if (s.multiplicative)
    ascending_ = (from >= 0 && step > 1) || (from < 0 && !(step > 1));
  else
    ascending_ = step > 0;
  int_internal_ = s.from.is_int && s.step.is_int;
  xi_ = s.from.i;
  xd_ = from;
}

std::optional<LoopNumber> LoopSequence::visible() const {
  if (s_.multiple_of) {
    if (int_internal_) return LoopNumber::of_int(round_to_multiple(xi_, *s_.multiple_of));
    auto v = round_to_multiple(xd_, *s_.multiple_of);
    if (!v) return std::nullopt;
    return LoopNumber::of_int(*v);
  }
  if (int_internal_) return LoopNumber::of_int(xi_);
  if (!s_.from.is_int) return LoopNumber::of_double(xd_);
  // SKaMPI casts with (int)(x + 0.5): halves round up. floor() keeps that for negative values
  // too, where C's truncation towards zero would round -2.3 to -1.
  auto v = to_int64(std::floor(xd_ + 0.5));
  if (!v) return std::nullopt;
  return LoopNumber::of_int(*v);
}

bool LoopSequence::within_bound(const LoopNumber& v) const {
  if (!s_.to) return true;
  int c = compare_loop_numbers(v, *s_.to);
  return ascending_ ? c <= 0 : c >= 0;
}

void LoopSequence::advance() {
  if (s_.multiplicative && steps_ == 1 && s_.from.as_double() == 0) {
    // 0 * s stays 0: the sequence goes on from 1 (see the header).
    xi_ = 1;
    xd_ = 1;
    return;
  }
  if (int_internal_) {
    std::int64_t next = 0;
    bool overflow = s_.multiplicative ? __builtin_mul_overflow(xi_, s_.step.i, &next)
                                      : __builtin_add_overflow(xi_, s_.step.i, &next);
    if (overflow)
      internal_done_ = true;  // past the 64-bit range: past any bound too
    else
      xi_ = next;
    return;
  }
  double step = s_.step.as_double();
  double next = s_.multiplicative ? xd_ * step : xd_ + step;
  // A step too small to change the double (1 + 1e-300) would loop forever.
  if (!std::isfinite(next) || next == xd_)
    internal_done_ = true;
  else
    xd_ = next;
}

std::optional<LoopNumber> LoopSequence::next() {
  while (end_ == End::NotYet) {
    if (++steps_ > kMaxSteps) {
      end_ = End::TooManySteps;
      break;
    }
    auto v = visible();
    if (!v) {
      end_ = End::Range;
      break;
    }
    if (!within_bound(*v)) {
      end_ = End::Bound;
      break;
    }
    bool fresh = !last_ || compare_loop_numbers(*last_, *v) != 0;
    last_ = v;
    if (internal_done_) {
      end_ = End::Range;  // this value is the last one the internal value reaches
    } else {
      advance();
    }
    if (fresh) return v;
  }
  return std::nullopt;
}

}  // namespace metron
