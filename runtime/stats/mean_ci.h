// Student-t confidence interval of the mean.
#pragma once

#include <cstddef>
#include <span>

namespace metron::stats {

// x̄ ± t(n - 1, 1 - α/2) s / sqrt(n), level = 1 - α (Hoefler & Belli, SC15, §3.1.2). Valid for
// independent, normally distributed observations: check with shapiro_wilk() before trusting it
// (their rule 6). The t quantile comes from Boost.Math.
struct MeanCi {
  double mean = 0.0;
  double lower = 0.0;
  double upper = 0.0;
  double half_width = 0.0;  // t s / sqrt(n); 0 when all values are equal (deterministic data)
  double sd = 0.0;
  std::size_t n = 0;
  double level = 0.0;
  // False for n < 2, level outside (0, 1) or a NaN in x: then mean is NaN or x̄ (n = 1) and
  // the bounds are NaN.
  bool assessable = false;
};

MeanCi mean_ci(std::span<const double> x, double level = 0.95);
// The same from summary values (used by the stopping rule's running sums).
MeanCi mean_ci_from_moments(std::size_t n, double mean, double sd, double level = 0.95);
// Upper critical value t(df, 1 - α/2) of the two-sided interval at `level`; NaN if df <= 0 or
// level outside (0, 1).
double t_critical(double df, double level);
// z = Φ⁻¹(1 - α/2), the normal counterpart (1.645, 1.960, 2.576 at 90, 95, 99 %).
double z_critical(double level);

}  // namespace metron::stats
