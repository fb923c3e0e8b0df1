// Metron's noise-aware refinement: which intervals of a measured curve bend significantly, by a
// relative tolerance and by the confidence intervals of the points (docs/refinement.md).
#pragma once

#include <optional>
#include <vector>

#include "runtime/adapt/refine.h"

namespace metron::adapt {

// The bend at an interior point b with neighbours a and c: how far b's value lies from the line
// through a and c (the value the neighbours' trend predicts at b).
struct MetronBend {
  double predicted;       // interpolate(b.x; a, c)
  double rel;             // |y_b - predicted| / |predicted|
  bool beyond_tolerance;  // |y_b - predicted| > rel_tolerance |predicted| + 1e-10 s
  // The band of lines through a's and c's CIs, evaluated at b, misses b's CI (true when a CI is
  // not assessable: the tolerance alone decides then).
  bool beyond_ci;
  bool significant() const { return beyond_tolerance && beyond_ci; }
};

// curve: sorted, one point per x; 0 < i < size - 1.
MetronBend metron_bend(const std::vector<RefinePoint>& curve, std::size_t i,
                       const RefineConfig& cfg);

// An interval [a, b] of adjacent curve points that the bends single out.
struct MetronCandidate {
  double a, b;
  double weight;              // the smaller relative bend of its ends (the one end if outermost)
  std::optional<double> mid;  // where to measure; nullopt: narrower than the resolution
};

// All candidate intervals of the curve, in x order (see refine_metron.cpp for the rule).
std::vector<MetronCandidate> metron_candidates(const std::vector<RefinePoint>& curve,
                                               const RefineConfig& cfg);

}  // namespace metron::adapt
