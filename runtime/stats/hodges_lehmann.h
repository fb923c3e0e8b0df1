// Hodges-Lehmann estimate of the location shift between two samples with its confidence
// interval, as R's wilcox.test(x, y, conf.int = TRUE, conf.level = ...) computes them, and the
// same on log values reported as a ratio. Hodges & Lehmann (1963), "Estimates of location based
// on rank tests"; Bauer (1972), "Constructing confidence sets using rank statistics".
#pragma once

#include <optional>
#include <span>

#include "runtime/stats/alternative.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::stats {

struct ShiftOptions {
  Alternative alternative = Alternative::TwoSided;  // Less: (-inf, u]; Greater: [l, +inf)
  double conf_level = 0.95;
  bool continuity_correction = true;  // normal approximation only (R's correct = TRUE)
  WilcoxonExact exact = WilcoxonExact::Auto;
};

struct ShiftEstimate {
  double estimate = 0.0;  // NaN when R has none (every value tied)
  double lower = 0.0;     // -inf for Less; NaN when R cannot compute the interval
  double upper = 0.0;     // +inf for Greater
  // The level the interval has: R lowers it when the requested one is not achievable with so
  // few observations (exact: 1 - achieved alpha; asymptotic: see signed_rank.h).
  double conf_level = 0.0;
  WilcoxonMethod method = WilcoxonMethod::Exact;
};

// Shift of x relative to y (x - y). Same choice of method as wilcoxon_rank_sum():
// - Exact (no ties, both n < 50): the estimate is the median of the n_x n_y differences
//   x_i - y_j; the interval runs from the q-th smallest to the q-th largest difference, q from
//   the null distribution of W (R's qwilcox(alpha / 2, n_x, n_y), at least 1).
// - Normal approximation otherwise: the bounds are the shifts d at which the standardized
//   statistic of x - d against y (ties and continuity correction as in the test) equals the
//   normal quantiles, the estimate the shift at which it is 0 (without correction), each found
//   by R's uniroot(tol = 1e-4) between min(x) - max(y) and max(x) - min(y); see root_find.h.
// Empty when a sample is empty, holds a NaN, or conf_level is not in (0, 1).
std::optional<ShiftEstimate> hodges_lehmann_shift(std::span<const double> x,
                                                  std::span<const double> y,
                                                  const ShiftOptions& options = {});

// The ratio x / y: hodges_lehmann_shift on log x and log y, every field exponentiated (the
// bounds stay in the ratio's units: a CI [0.97, 1.02] reads "between 3% faster and 2% slower").
// Empty also when a value is not positive.
std::optional<ShiftEstimate> hodges_lehmann_ratio(std::span<const double> x,
                                                  std::span<const double> y,
                                                  const ShiftOptions& options = {});

// R's qwilcox(p, m, n) (the smallest q with P(W <= q) >= p, with R's 10 DBL_EPSILON fuzz) and
// pwilcox(q, m, n) = P(W <= q) for the rank-sum statistic without ties.
int wilcoxon_quantile(double p, std::size_t m, std::size_t n);
double wilcoxon_cdf(double q, std::size_t m, std::size_t n);

}  // namespace metron::stats
