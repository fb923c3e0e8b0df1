// Observations that took far longer than the job's own typical call: the signature of a rank
// that lost its core (descheduled by the OS, or oversubscribed).
#pragma once

#include <cstddef>
#include <span>

namespace metron::stats {

// An observation counts as descheduled when it exceeds both
//   factor * Q1   (Q1 = the type 7 25th percentile of the job's observations), and
//   Q1 + min_extra_s  (a scheduler time slice is milliseconds; 0.5 ms by default),
// so that a call that merely varies (cache misses, a protocol switch) is never counted, while a
// 0.3 us call that took 8 ms is.
struct Descheduling {
  std::size_t count = 0;   // observations above the threshold
  double threshold = 0.0;  // seconds; NaN when not assessable (n < 4 or a NaN)
  double q1 = 0.0;
  double worst = 0.0;  // the largest observation
};

inline constexpr double kDeschedFactor = 10.0;
inline constexpr double kDeschedMinExtraS = 0.5e-3;
// A job is flagged as noisy when at least this fraction of its observations was descheduled.
inline constexpr double kDeschedFlagFraction = 0.01;

Descheduling descheduled(std::span<const double> x, double factor = kDeschedFactor,
                         double min_extra_s = kDeschedMinExtraS);

}  // namespace metron::stats
