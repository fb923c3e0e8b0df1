// Hunter's change points: E-Divisive means (edivisive.h) with a Student t-test as the
// significance test, run on overlapping windows and then merged, as in "Hunter: Using Change
// Point Detection to Hunt for Performance Regressions" (Fleming et al., ICPE 2023), the method of
// Apache Otava. Deterministic: no permutations. No MPI.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace metron::stats {

struct HunterOptions {
  // Windows of this many groups (runs), advanced by half of it; at least 2. The paper's
  // windows keep a long history from hiding a change between two others and bound the cost.
  std::size_t window = 50;
  double max_p = 0.001;        // a change is kept when its t-test p-value is below this
  double min_magnitude = 0.0;  // ... or, when all are, when its relative change exceeds this
  double alpha = 1.0;          // distance exponent of Q
};

struct HunterChange {
  std::size_t index = 0;  // the first value after the change
  double q = 0.0;         // Q of the split that found it (in its window)
  // Student's t-test (two_sample_t.h) of the values between the previous change (or the start)
  // and this one against those between this one and the next (or the end).
  double p_value = 0.0;
  double mean_before = 0.0, mean_after = 0.0;
  // max(|after / before - 1|, |before / after - 1|): the merge's "relative change".
  double magnitude() const;
};

// `cuts`: the sorted positions a change may be at (each run's first value; every position when
// empty): a window and the sides of a split are whole groups. The procedure:
// 1. split: in each window, bisect as E-Divisive does (the split of largest Q over the window's
//    segments, each side at least one value), keeping a split while its t-test p-value is at most
//    the weak threshold (10 max_p below 0.05, 2 max_p below 0.5, else max_p); the next window
//    starts at the last change found or half a window on, whichever is later;
// 2. merge: with the union of the windows' changes, recompute each p-value between its
//    neighbours; while one has p >= max_p (the largest first) or, when none has, while the one of
//    smallest magnitude is at most min_magnitude, remove it and recompute its neighbours.
// Changes in order of position.
std::vector<HunterChange> hunter_change_points(std::span<const double> z,
                                               std::span<const std::size_t> cuts,
                                               const HunterOptions& o);

}  // namespace metron::stats
