// Welch's two-sample t-test (unequal variances; Student's pooled test as an option), matching
// R's t.test(x, y).
#pragma once

#include <optional>
#include <span>

#include "runtime/stats/alternative.h"

namespace metron::stats {

// Welch (1947), "The generalization of Student's problem when several different population
// variances are involved", Biometrika 34:28-35. With means m_x, m_y, variances v_x, v_y (n - 1
// denominators) and se = sqrt(v_x/n_x + v_y/n_y):
//   t = (m_x - m_y - mu) / se,
//   df = se^4 / ((v_x/n_x)^2 / (n_x - 1) + (v_y/n_y)^2 / (n_y - 1))   (Welch-Satterthwaite).
// With equal_variance, the pooled variance v = ((n_x - 1) v_x + (n_y - 1) v_y) / (n_x + n_y - 2),
// se = sqrt(v (1/n_x + 1/n_y)) and df = n_x + n_y - 2 (Student). p-values from Boost's t
// distribution; the CI of m_x - m_y is t ± t(df) se, one-sided for Less/Greater (other bound
// infinite), as R reports conf.int. Assumes normal data (check with shapiro_wilk()).
struct WelchOptions {
  Alternative alternative = Alternative::TwoSided;
  double mu = 0.0;              // difference of means under H0
  double level = 0.95;          // of the confidence interval
  bool equal_variance = false;  // true: Student's pooled t-test (R's var.equal = TRUE)
};

struct WelchResult {
  double statistic = 0.0;  // t
  double df = 0.0;
  double p_value = 0.0;
  double mean_x = 0.0;
  double mean_y = 0.0;
  double std_error = 0.0;  // se of m_x - m_y
  double ci_lower = 0.0;   // CI of m_x - m_y at options.level; -inf for Less
  double ci_upper = 0.0;   // +inf for Greater
};

// Empty when a sample has fewer than 2 values or a NaN, the level is outside (0, 1), or the data
// are "essentially constant" (se < 10 eps max(|m_x|, |m_y|)), where R stops with an error too.
std::optional<WelchResult> welch_t_test(std::span<const double> x, std::span<const double> y,
                                        const WelchOptions& options = {});

}  // namespace metron::stats
