// Quantities derived from an operation's time. Rates of an operation from its time: MB/s (MB = 10^6
// bytes, as OSU and IMB count) and messages/s, with the interval that the time's confidence
// interval maps to (a rate is a decreasing function of the time, so the time's upper bound gives
// the rate's lower bound).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "runtime/plan/measure_funcs.h"

namespace metron {

struct OpRates {
  // NaN where there is nothing to count (0 bytes, 0 messages) or a time is not positive.
  double mb_per_s, mb_per_s_lo, mb_per_s_hi;
  double msg_per_s, msg_per_s_lo, msg_per_s_hi;
};

// No rates: every field NaN.
inline constexpr double kRateNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr OpRates kNoRates = {kRateNaN, kRateNaN, kRateNaN, kRateNaN, kRateNaN, kRateNaN};

// `bytes` and `messages` move in one reported time; time_s with its interval [lo_s, hi_s].
OpRates op_rates(std::int64_t bytes, std::int64_t messages, double time_s, double lo_s,
                 double hi_s);
// The same for a measurement function called with args on comm_size ranks.
OpRates op_rates(const MeasureFunc& f, const std::vector<Value>& args, int comm_size, double time_s,
                 double lo_s, double hi_s);

// Overlap of a nonblocking operation with computation, as OSU's osu_i* benchmarks define it:
// 100 * (1 - (total_s - compute_s) / pure_s), clamped to [0, 100]; NaN if pure_s <= 0. total_s:
// post + compute + wait; pure_s: post + wait alone.
double overlap_percent(double total_s, double compute_s, double pure_s);

}  // namespace metron
