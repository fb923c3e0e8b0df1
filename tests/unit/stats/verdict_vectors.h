// Per-launch medians (seconds) of two runs 3% apart, 6 launches each, no ties: the same doubles
// as ma and mb in tools/refvalues/verdicts.R (written as R computes them, value * 1e-6).
#pragma once

#include <vector>

namespace metron::stats::testing {

inline const std::vector<double> kLaunchA = {101.3 * 1e-6, 100.2 * 1e-6, 99.7 * 1e-6,
                                             100.9 * 1e-6, 100.4 * 1e-6, 99.9 * 1e-6};
inline const std::vector<double> kLaunchB = {103.1 * 1e-6, 103.6 * 1e-6, 102.8 * 1e-6,
                                             103.3 * 1e-6, 104.0 * 1e-6, 102.9 * 1e-6};

}  // namespace metron::stats::testing
