// Brent's root finder (see root_find.h). The steps follow R_zeroin2 so that results agree with
// R's uniroot() to the last bit: bisection, secant or inverse quadratic interpolation, whichever
// stays inside the bracket and shrinks it fast enough.
#include "runtime/stats/root_find.h"

#include <cfloat>
#include <cmath>

namespace metron::stats {

RootResult find_root(const std::function<double(double)>& f, double lower, double upper,
                     double f_lower, double f_upper, double tol, int max_iterations) {
  double a = lower, b = upper, fa = f_lower, fb = f_upper;
  double c = a, fc = fa;
  if (fa == 0.0) return {a, 0};
  if (fb == 0.0) return {b, 0};
  int left = max_iterations + 1;
  while (left--) {
    const double prev_step = b - a;
    // b is the best guess so far, c the other end of the bracket.
    if (std::fabs(fc) < std::fabs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const double tol_act = 2 * DBL_EPSILON * std::fabs(b) + tol / 2;
    double new_step = (c - b) / 2;
    if (std::fabs(new_step) <= tol_act || fb == 0.0) return {b, max_iterations + 1 - left - 1};
    if (std::fabs(prev_step) >= tol_act && std::fabs(fa) > std::fabs(fb)) {
      double p, q;
      const double cb = c - b;
      if (a == c) {  // two points: secant
        const double t1 = fb / fa;
        p = cb * t1;
        q = 1.0 - t1;
      } else {  // three points: inverse quadratic interpolation
        q = fa / fc;
        const double t1 = fb / fc;
        const double t2 = fb / fa;
        p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1.0));
        q = (q - 1.0) * (t1 - 1.0) * (t2 - 1.0);
      }
      if (p > 0.0)
        q = -q;
      else
        p = -p;
      if (p < (0.75 * cb * q - std::fabs(tol_act * q) / 2) && p < std::fabs(prev_step * q / 2))
        new_step = p / q;
    }
    if (std::fabs(new_step) < tol_act) new_step = new_step > 0.0 ? tol_act : -tol_act;
    a = b;
    fa = fb;
    b += new_step;
    fb = f(b);
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
    }
  }
  return {b, -1};
}

}  // namespace metron::stats
