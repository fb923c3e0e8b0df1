// How many launches a comparison needs: to detect a given relative difference, or to show
// equivalence within a margin, with a given power. Normal approximation on log scale (the
// per-launch medians are positive and their spread is relative), with the rank tests'
// efficiency taken into account. Used for "inconclusive: N launches needed" and for
// `metron run --replicates auto`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace metron::stats {

struct PlanOptions {
  double alpha = 0.05;  // the level each test is done at (after the multiplicity correction)
  double power = 0.8;   // chance of deciding, if the assumed truth holds
  bool paired = false;  // B and A measured in the same launches (signed-rank on log ratios)
  std::size_t max_launches = 100000;  // the search stops here (empty result)
};

// Method. s = standard deviation of the log per-launch medians (unpaired: pooled over both
// sides; paired: of the per-launch log ratios). With n launches per side the log ratio is
// estimated with standard error se = s sqrt(k / n) sqrt(pi / 3), k = 2 unpaired and 1 paired;
// pi / 3 is the inverse of the Wilcoxon tests' asymptotic relative efficiency to the t test
// under normality (3 / pi; Hollander & Wolfe §4.1), so the rank tests are planned as needing
// about 5% more launches than a t test would. The answer is the smallest n whose power is at
// least `power`, and at least the smallest n at which the exact rank test can reach alpha at
// all (min_launches_for_level):
// - detect a true ratio 1 + delta (two-sided test at alpha): power =
//     Phi(|log(1 + delta)| / se - z_{1 - alpha/2}) + Phi(-|log(1 + delta)| / se - z_{1 - alpha/2});
// - equivalence within +-margin (TOST at alpha) when the true log ratio is theta, bounds
//   L = log(1 - margin), U = log(1 + margin): power =
//     max(0, Phi((U - theta) / se - z_{1 - alpha}) + Phi((theta - L) / se - z_{1 - alpha}) - 1)
//   (Chow, Shao & Wang, "Sample Size Calculations in Clinical Research", §3.2, normal form).
// Empty when s is not finite or negative, delta is 0, theta lies outside (L, U), or no n up to
// max_launches suffices. With s = 0 the answer is the exact-test minimum.
std::optional<std::size_t> launches_to_detect(double s, double delta, const PlanOptions& o);
std::optional<std::size_t> launches_for_equivalence(double s, double margin, double theta,
                                                    const PlanOptions& o);

// The smallest n (per side) at which the exact rank test's smallest p-value reaches `level`:
// rank-sum with n and n launches: 1 / C(2n, n) one-sided, twice that two-sided; signed-rank
// with n pairs: 1 / 2^n one-sided, twice that two-sided. (4 per side at 0.05 two-sided, 3
// one-sided; 6 pairs two-sided, 5 one-sided.)
std::size_t min_launches_for_level(double level, bool two_sided, bool paired);

// The launches per combination that fit in a time budget of `budget_s` seconds when `now`
// launches took `elapsed_s`: at most `want`, and floor(budget_s / (elapsed_s / now)), the count
// whose projected time stays within the budget. `want` when the budget is 0 (none) or nothing
// has been timed yet.
std::int64_t launches_within_time(double budget_s, std::int64_t now, std::int64_t want,
                                  double elapsed_s);

// Pooled standard deviation of log a and log b (weights n - 1), or of the log ratios of paired
// values; NaN when a value is not positive or there are not enough values (n_a + n_b < 3; fewer
// than 2 pairs).
double pooled_sd_log(std::span<const double> a, std::span<const double> b);
double sd_log_ratio(std::span<const double> b, std::span<const double> a);

}  // namespace metron::stats
