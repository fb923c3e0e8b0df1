// Ordinary least-squares line fit used to learn clock drift (Linear_Fit in Alg. 15).
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace metron::rt::clocksync {

// y = slope * x + intercept, with the usual OLS standard errors. The standard errors are NaN
// when n = 2 (no residual degree of freedom).
struct LinearFit {
  double slope = 0.0;
  double intercept = 0.0;
  double slope_se = 0.0;
  double intercept_se = 0.0;
  std::size_t n = 0;
};

// Fits on centred data (x - mean x), so that the large absolute timestamps of a clock do not
// cancel catastrophically in sum(x^2). Empty when x and y differ in length, when n < 2 or when
// all x are equal (the slope is undefined there, not 0).
std::optional<LinearFit> fit_line(std::span<const double> x, std::span<const double> y);

}  // namespace metron::rt::clocksync
