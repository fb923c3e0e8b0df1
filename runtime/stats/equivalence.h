// Equivalence within a relative margin by two one-sided tests (TOST; Schuirmann 1987, "A
// comparison of the two one-sided tests procedure and the power approach for assessing the
// equivalence of average bioavailability"), with Wilcoxon tests on log values so that the margin
// is a ratio: "B is within +-m of A" means 1 - m < B/A < 1 + m.
#pragma once

#include <optional>
#include <span>

#include "runtime/stats/wilcoxon.h"

namespace metron::stats {

struct TostResult {
  double p_value = 0.0;  // max(p_lower, p_upper): equivalence is shown at alpha when <= alpha
  double p_lower = 0.0;  // H0: ratio <= 1 - margin, rejected for larger ratios ("greater")
  double p_upper = 0.0;  // H0: ratio >= 1 + margin, rejected for smaller ratios ("less")
  WilcoxonMethod method = WilcoxonMethod::Exact;
};

// Independent samples (x = B, y = A, both positive): the rank-sum tests
//   wilcox.test(log(x), log(y), mu = log(1 - margin), alternative = "greater") and
//   wilcox.test(log(x), log(y), mu = log(1 + margin), alternative = "less").
// Empty when a sample is empty or not positive, or margin is not in (0, 1).
std::optional<TostResult> tost_ratio_rank_sum(std::span<const double> x, std::span<const double> y,
                                              double margin, bool continuity_correction = true);

// Paired samples (x_l = B and y_l = A measured in launch l): the signed-rank tests on the log
// ratios log(x_l / y_l) with mu = log(1 - margin) ("greater") and log(1 + margin) ("less"), i.e.
// wilcox.test(log(x), log(y), paired = TRUE, mu = ...). Empty also when the lengths differ.
std::optional<TostResult> tost_ratio_signed_rank(std::span<const double> x,
                                                 std::span<const double> y, double margin,
                                                 bool continuity_correction = true);

}  // namespace metron::stats
