// Brent's root finder as R's uniroot() runs it (R_zeroin2 in R's src/library/stats/src/zeroin.c,
// after Brent, "Algorithms for Minimization without Derivatives", 1973, ch. 4), so that the
// asymptotic Hodges-Lehmann estimates and CIs, which R defines as roots found with tol = 1e-4,
// land on the same doubles as R's.
#pragma once

#include <functional>

namespace metron::stats {

struct RootResult {
  double root = 0.0;
  int iterations = 0;  // -1 when max_iterations was reached without convergence
};

// f(lower) = f_lower and f(upper) = f_upper must have opposite signs (or one be 0; callers check).
RootResult find_root(const std::function<double(double)>& f, double lower, double upper,
                     double f_lower, double f_upper, double tol, int max_iterations = 1000);

}  // namespace metron::stats
