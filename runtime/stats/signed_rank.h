// Wilcoxon signed-rank test of one sample of differences (paired designs: the per-launch
// differences b_l - a_l), with the Hodges-Lehmann pseudomedian and its CI, as R's
// wilcox.test(x, y, paired = TRUE, conf.int = TRUE) (equivalently wilcox.test(x - y, ...))
// computes them. Wilcoxon (1945); Hollander & Wolfe, "Nonparametric Statistical Methods", §3.1.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "runtime/stats/hodges_lehmann.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::stats {

// Statistic V = sum of the ranks of |d_i - mu| over the positive d_i - mu; zero differences are
// dropped first (n counts the rest). p-value:
// - Exact (n < 50, no ties among |d - mu|, no zeros): from the null distribution of V (the 2^n
//   sign assignments equally likely); two-sided 2 P(V >= v) if v > n (n + 1) / 4, else
//   2 P(V <= v), capped at 1.
// - Normal approximation otherwise: z = (V - n (n + 1) / 4 - c) / sigma,
//   sigma^2 = n (n + 1)(2n + 1) / 24 - sum(t^3 - t) / 48, c the continuity correction as in the
//   rank-sum test. All differences zero: p is NaN (R: sigma = 0).
struct SignedRankResult {
  double statistic = 0.0;  // V
  double p_value = 0.0;
  WilcoxonMethod method = WilcoxonMethod::Exact;
  bool ties = false;
  bool zeroes = false;
  std::size_t n = 0;  // differences that were not zero
};

// Empty when d is empty or holds a NaN.
std::optional<SignedRankResult> wilcoxon_signed_rank(std::span<const double> d,
                                                     const WilcoxonOptions& options = {});

// The pseudomedian of d (the location of the differences) and its CI:
// - Exact: the median of the n (n + 1) / 2 Walsh averages (d_i + d_j) / 2, i <= j, of the
//   non-zero differences; bounds the q-th smallest and q-th largest, q = R's
//   qsignrank(alpha / 2, n) (at least 1); conf_level lowered to 1 - signif(achieved alpha, 2)
//   when R says the requested level is not achievable.
// - Normal approximation: as hodges_lehmann_shift, the roots of the standardized V of d - mu
//   (R's uniroot, tol = 1e-4) between min(d) and max(d); when no root exists at the requested
//   level R doubles alpha until one does and reports the lower conf_level.
// `mu` of WilcoxonOptions is not used here (the interval does not depend on it).
std::optional<ShiftEstimate> signed_rank_pseudomedian(std::span<const double> d,
                                                      const ShiftOptions& options = {});

// The exact Hodges-Lehmann interval of a location (Hollander & Wolfe, "Nonparametric Statistical
// Methods", §3.3): with the N = n (n + 1) / 2 Walsh averages sorted, [W_(q), W_(N + 1 - q)].
// walsh_interval_rank() is q: R's qsignrank((1 - conf_level) / 2, n), at least 1, for n < 50,
// the normal approximation of the signed-rank statistic above; 0 for n = 0 or a level outside
// (0, 1). walsh_interval_coverage() is its coverage for continuous data, 1 - 2 P(V <= q - 1)
// (5 values: q = 1, [min, max], 0.9375), conf_level itself from 50 values on; NaN where q is 0.
// Unlike signed_rank_pseudomedian() it keeps these ranks when values tie (launch medians on a
// 10 ns clock do), where R's normal approximation cannot reach 90% with fewer than 10 values.
std::size_t walsh_interval_rank(std::size_t n, double conf_level);
double walsh_interval_coverage(std::size_t n, double conf_level);

// Null distribution of V for n differences: counts[k] = number of the 2^n sign assignments
// with V = k, k = 0..n (n + 1) / 2.
std::vector<double> signed_rank_null_counts(std::size_t n);

}  // namespace metron::stats
