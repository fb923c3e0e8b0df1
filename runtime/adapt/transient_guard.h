// The transient guard: a precision rule met within its first few dozen observations is
// accepted only if the series shows no level shift against a check taken later, past a horizon.
// An MPI library can serve a size on a slow path for tens of synchronized calls (MPICH 4.0.2's
// 4 KiB collectives on the development VM: 45 observations truncated from a 2000-observation
// job), and a rule that needs 8 or 20 observations holds on a tight CI inside it. The guard is
// the first confirmation of such an early stop (adapt::Confirmation runs it, for `stop when`
// rules and SKaMPI's RSE rule alike): its spacer of untimed observations of the measured loop
// reaches the horizon, so that a transient shorter than the horizon has ended when the check
// block is measured. Pure logic, no MPI (docs/methodology.md, "The transient guard").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace metron::adapt {

struct TransientGuard {
  std::size_t early_reps = 64;  // a rule met on at most this many observations is guarded
  std::size_t horizon = 256;    // its check starts at this observation (sample + spacer) ...
  double max_seconds = 0.1;     // ... unless the spacer would take longer than this
};

// Untimed observations that bring a sample of n observations to the horizon, at most what fits
// in max_seconds at per_observation_s; 0 when n > early_reps (a late stop is not guarded).
std::int64_t guard_spacer(const TransientGuard& g, std::size_t n, double per_observation_s);

// The level-shift test between a sample and a later check block: their medians differ by more
// than max(2 x precision, min_tolerance), relative to the sample's (two medians, each within its
// half-width of the truth). True also when the check block has no value or the sample's median
// is not positive (nothing shows the level held).
bool level_shift(std::span<const double> sample, std::span<const double> check, double precision,
                 double min_tolerance = 0.05);

}  // namespace metron::adapt
