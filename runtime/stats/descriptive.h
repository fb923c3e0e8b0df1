// Descriptive statistics over a sample: mean, median, sd, extremes, RSE, CoV, harmonic and
// geometric means.
#pragma once

#include <span>

namespace metron::stats {

// Conventions shared by every function in stats/:
// - Inputs are spans over finite doubles. A NaN in the input makes the result NaN.
// - Where a statistic is undefined (n = 0, sd of one value, RSE with mean 0, ...), the result is
//   NaN, never 0. Callers report NaN as "undefined".
// - Nothing here sorts the caller's data: order statistics work on a private copy with
//   std::nth_element, so every function is O(n) (median) or O(n) in one pass (moments).

double sum(std::span<const double> x);   // 0 for n = 0 (the empty sum is defined)
double mean(std::span<const double> x);  // NaN for n = 0
// Sample variance with the n - 1 denominator (Bessel); NaN for n < 2. Two-pass algorithm
// (mean first, then squared deviations), which is exact to rounding for any offset.
double variance(std::span<const double> x);
double sd(std::span<const double> x);   // sqrt(variance); NaN for n < 2
double min(std::span<const double> x);  // NaN for n = 0
double max(std::span<const double> x);  // NaN for n = 0
// Median = R's quantile type 7 at p = 0.5: the middle order statistic for odd n, the mean of the
// two middle ones for even n. NaN for n = 0.
double median(std::span<const double> x);
// Standard error of the mean, sd / sqrt(n); NaN for n < 2.
double standard_error(std::span<const double> x);
// Relative standard error, (sd / sqrt(n)) / mean, as SKaMPI and ReproMPI's "rse" define it
// (SKaMPI 5 src/measurement.c; reprompi-deprecated prediction_methods/rse.c). NaN for n < 2 or mean
// = 0. Negative when the mean is negative.
double rse(std::span<const double> x);
// Coefficient of variation sd / mean (Hoefler & Belli, SC15, §3.1.2). NaN for n < 2 or mean = 0.
double cov(std::span<const double> x);
// Harmonic mean n / sum(1/x_i), the summary for rates (Hoefler & Belli rule 3). Defined for
// x_i > 0 only: NaN for n = 0 or any x_i <= 0.
double harmonic_mean(std::span<const double> x);
// Geometric mean exp(mean(log x_i)), for ratios as a last resort (Hoefler & Belli rule 4).
// Defined for x_i > 0 only: NaN for n = 0 or any x_i <= 0.
double geometric_mean(std::span<const double> x);

}  // namespace metron::stats
