// Fault injection for clock synchronization: METRON_CLOCK_SKEW parsing and the skewed clock.
#pragma once

#include <string_view>
#include <vector>

namespace metron::rt::clocksync {

// The environment variable read by LocalClock::from_env.
inline constexpr const char* kClockSkewEnv = "METRON_CLOCK_SKEW";

// A linear distortion of one rank's clock, t0 being the clock's origin (LocalClock creation):
//   t' = t + offset + drift * 1e-6 * (t - t0),
// i.e. the rank's clock is ahead by offset_s at t0 and runs fast by drift_ppm parts per million.
struct ClockSkew {
  double offset_s = 0.0;
  double drift_ppm = 0.0;

  // The skewed reading for a clock that has advanced elapsed_s seconds since its origin.
  double apply(double elapsed_s) const {
    return elapsed_s + offset_s + drift_ppm * 1e-6 * elapsed_s;
  }
  bool is_identity() const { return offset_s == 0.0 && drift_ppm == 0.0; }
};

struct RankSkew {
  int rank = 0;
  ClockSkew skew;
};

// Parses "rank:offset_s:drift_ppm[,rank:offset_s:drift_ppm...]" (blanks around fields allowed,
// empty text means no skew). Throws std::invalid_argument naming the bad entry when a field is
// missing or not a number, a rank is negative, or a rank appears twice.
std::vector<RankSkew> parse_clock_skew(std::string_view text);

// The skew of `rank` in parsed entries; identity when the rank is not listed.
ClockSkew skew_for_rank(const std::vector<RankSkew>& entries, int rank);

}  // namespace metron::rt::clocksync
