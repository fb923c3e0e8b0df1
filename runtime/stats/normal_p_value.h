// The p-value of a standard-normal statistic for a one- or two-sided alternative, as R's rank
// tests compute it in their normal approximation (wilcox.test's exact = FALSE branch).
#pragma once

#include "runtime/stats/alternative.h"

namespace metron::stats {

// P(Z <= z) for Less, P(Z >= z) for Greater, twice the smaller tail for TwoSided; z = +-inf gives
// 0 or 1, NaN gives NaN.
double normal_p_value(double z, Alternative alternative);

// R's continuity correction of a centred rank statistic before it is standardized: half a step
// towards zero (two-sided), or against the alternative (+0.5 for Greater, -0.5 for Less).
double continuity_correction(double centered, Alternative alternative);

}  // namespace metron::stats
