// ReproMPI's nrep-prediction metrics: cov_mean(w), cov_median(w) over the last w prefixes of
// the sample, and its Tukey-filtered RSE.
#pragma once

#include <cstddef>
#include <span>

#include "runtime/stats/ordered_sample.h"

namespace metron::stats {

// Definitions (Hunold et al., "Automatic Verification of Self-Consistent MPI Performance
// Guidelines", §4.2, and ReproMPI's predictor, reprompi-deprecated src/pred_bench/nrep_estimation.c
// and prediction_methods, against which they were checked): with x_1..x_n the observations in
// arrival order and P_i = (x_1, ..., x_{n-i}) the sample without its last i observations,
//   M_i = mean(filter(P_i)) for i = 0..w-1, where filter() keeps the values inside the Tukey
//         fences [Q1 - 1.5 IQR, Q3 + 1.5 IQR] (type 7 quartiles of P_i, fences inclusive) when
//         P_i has more than 10 values, and keeps everything otherwise;
//   cov_mean(w)   = sd(M_0..M_{w-1}) / mean(M_0..M_{w-1})       (sd with the w - 1 denominator)
//   cov_median(w) = the same over the medians of P_0..P_{w-1}    (no outlier filter)
// i.e. the coefficient of variation of the running estimate over the last w observations: it is
// small once adding observations no longer moves the estimate. NaN when w < 2 (the sd of one
// value is undefined), w > n, or the mean of the w estimates is 0.
inline constexpr double kReproTukeyK = 1.5;
inline constexpr std::size_t kReproFilterMinCount = 10;  // filter only when more values than this

double cov_mean(std::span<const double> x, std::size_t w);
double cov_median(std::span<const double> x, std::size_t w);
// The same on a growing sample; O(w log n) per call once its bands have settled (see
// ordered_sample.h), which is what the stopping rule evaluates after every batch.
double cov_mean(OrderedSample& sample, std::size_t w);
double cov_median(OrderedSample& sample, std::size_t w);

// ReproMPI's "rse" predictor: sd / (sqrt(m) mean) over the m values inside the Tukey fences
// when n > 10, over all n values otherwise. Differs from rse() in descriptive.h (SKaMPI's,
// unfiltered) only by the filter. NaN when fewer than 2 values remain or their mean is 0.
double rse_tukey_filtered(std::span<const double> x);

}  // namespace metron::stats
