// Student's two-sample t-test with a pooled variance (the significance test of Hunter's change
// points). No MPI.
#pragma once

#include <span>

namespace metron::stats {

struct TwoSampleT {
  double mean_x = 0.0;
  double mean_y = 0.0;
  double t = 0.0;   // (mean_x - mean_y) / (s_p sqrt(1/n_x + 1/n_y)); +-inf when s_p = 0
  double df = 0.0;  // n_x + n_y - 2
  double p = 0.0;   // two-sided; NaN when undefined
};

// R's t.test(x, y, var.equal = TRUE): s_p^2 = ((n_x - 1) s_x^2 + (n_y - 1) s_y^2) / df. Undefined
// (p NaN) when a sample is empty, df < 1, a value is not finite, or both samples are constant
// and equal (R stops: "data are essentially constant"). Both constant and different: t = +-inf,
// p = 0.
TwoSampleT student_t_test(std::span<const double> x, std::span<const double> y);

}  // namespace metron::stats
