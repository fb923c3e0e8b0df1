// The statistics of one claim check (docs/claims.md, "How a claim is decided"): the effect A/B
// with its CI and the raw one-sided p-values of the claim (p_holds) and of its negation
// (p_fails), from the per-launch values in the check. Location claims and within_spread use
// Wilcoxon tests on log values (signed-rank when paired by launch or against a reference,
// rank-sum otherwise) and the Hodges-Lehmann estimate; launch_spread uses a percentile
// bootstrap over launches. No I/O.
#pragma once

#include <cstdint>

#include "runtime/analysis/claims.h"

namespace metron::analysis {

// The ratio bounds of the claim: `A < B by X` claims A/B < 1 - X, `A > B by X` claims
// A/B > 1 + X, `A == B within [l, u]` claims 1 + l < A/B < 1 + u.
void claim_bounds(const Claim& c, double& lo, double& hi);

// Fills effect, CI, p-values, method and sd_log of `check` (a, b, paired set; b empty against a
// reference). A check that cannot be tested (too few positive values) gets NaN p-values.
void test_location(ClaimCheck& check, const Claim& c, double alpha);
void test_launch_spread(ClaimCheck& check, const Claim& c, const ClaimOptions& o,
                        std::uint64_t seed);

// Standard deviation of the logs (n - 1); NaN with fewer than 2 values or a value <= 0.
double sd_of_logs(const std::vector<double>& x);

}  // namespace metron::analysis
