// Wilcoxon rank-sum (Mann-Whitney) test of two independent samples, matching R's wilcox.test().
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "runtime/stats/alternative.h"

namespace metron::stats {

// Statistic (as R reports it): W = sum of the ranks of x - mu in the pooled sample
// (x - mu, y), ties averaged, minus n_x (n_x + 1) / 2, i.e. the number of pairs with
// x_i - mu > y_j (ties count 1/2). Under H0 (same distribution) E[W] = n_x n_y / 2.
// p-value (Wilcoxon 1945; Mann & Whitney 1947; Hollander & Wolfe, "Nonparametric Statistical
// Methods", §4.1):
// - Exact: from the null distribution of W (all C(n_x + n_y, n_x) rank assignments equally
//   likely), used by default when n_x < 50, n_y < 50 and there are no ties. Two-sided:
//   2 P(W >= w) if w > n_x n_y / 2, else 2 P(W <= w), capped at 1.
// - Normal approximation otherwise: z = (W - n_x n_y / 2 - c) / sigma with
//   sigma^2 = n_x n_y / 12 ((n_x + n_y + 1) - sum(t^3 - t) / ((n_x + n_y)(n_x + n_y - 1)))
//   (t = tie group sizes) and continuity correction c = 0.5 sign(W - n_x n_y / 2) two-sided,
//   +0.5 for Greater, -0.5 for Less (0 without correction).
// With every value tied, sigma = 0: the two-sided p-value is NaN, as in R.
enum class WilcoxonExact { Auto, Exact, Normal };
enum class WilcoxonMethod { Exact, NormalApprox };

struct WilcoxonOptions {
  Alternative alternative = Alternative::TwoSided;
  double mu = 0.0;                    // location shift under H0
  bool continuity_correction = true;  // normal approximation only (R's correct = TRUE)
  // Auto follows R's default; Exact with ties falls back to the normal approximation, as R does
  // (with its warning "cannot compute exact p-value with ties").
  WilcoxonExact exact = WilcoxonExact::Auto;
};

struct WilcoxonResult {
  double statistic = 0.0;  // W
  double p_value = 0.0;
  WilcoxonMethod method = WilcoxonMethod::Exact;
  bool ties = false;
  double z = 0.0;  // the standardized statistic of the normal approximation; NaN when exact
};

// Empty when either sample is empty or holds a NaN (R drops NAs; Metron never gets them), or
// when mu is NaN or infinite (R stops: "'mu' must be a single number").
std::optional<WilcoxonResult> wilcoxon_rank_sum(std::span<const double> x,
                                                std::span<const double> y,
                                                const WilcoxonOptions& options = {});

// Null distribution of W for sample sizes m and n without ties: counts[k] = number of the
// C(m + n, m) rank assignments with W = k, k = 0..m n (as doubles: they exceed 2^53 near
// m = n = 30; the tails stay exact). Uses the recurrence
// c_{m,n}(k) = c_{m-1,n}(k - n) + c_{m,n-1}(k) (the largest observation is an x or a y).
std::vector<double> wilcoxon_null_counts(std::size_t m, std::size_t n);

}  // namespace metron::stats
