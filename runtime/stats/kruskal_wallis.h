// Kruskal-Wallis rank test that k independent samples come from the same distribution,
// matching R's kruskal.test().
#pragma once

#include <optional>
#include <span>

namespace metron::stats {

// Kruskal & Wallis (1952), JASA 47:583-621; Hoefler & Belli (SC15, §3.2.2) use it to compare
// medians. With N observations in total, R_i the rank sum and n_i the size of group i (ranks in
// the pooled sample, ties averaged):
//   H = (12 / (N (N + 1)) sum R_i^2 / n_i - 3 (N + 1)) / (1 - sum(t^3 - t) / (N^3 - N)),
// the denominator being the tie correction (t = tie group sizes; 1 without ties). p = P(χ²_{k-1}
// > H) (Boost). The χ² approximation is rough for groups smaller than 5 (the paper points to
// exact tables there). All N values equal: H = 0/0 = NaN, as in R.
struct KruskalWallisResult {
  double statistic = 0.0;  // H
  double df = 0.0;         // k - 1
  double p_value = 0.0;
};

// Empty for fewer than 2 groups, an empty group, or a NaN.
std::optional<KruskalWallisResult> kruskal_wallis(std::span<const std::span<const double>> groups);

}  // namespace metron::stats
