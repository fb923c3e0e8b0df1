// RefineStrategy: the interface each refinement algorithm implements, and the small pieces they
// share (interpolation, placing a midpoint on the loop's grid). Internal to runtime/adapt.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "runtime/adapt/refine.h"

namespace metron::adapt {

// One round of an algorithm. curve: refine_curve() of all points (sorted, one per x, finite y);
// points: all measurements, for budgets that count measurements. Returns the x values to measure
// (empty: done, with *stop set to a kRefine* reason).
class RefineStrategy {
 public:
  virtual ~RefineStrategy() = default;
  virtual std::vector<double> next(const std::vector<RefinePoint>& curve,
                                   const std::vector<RefinePoint>& points, double elapsed_s,
                                   std::string* stop) = 0;
};

std::unique_ptr<RefineStrategy> make_metron_strategy(const RefineConfig& cfg);
std::unique_ptr<RefineStrategy> make_skampi_strategy(const RefineConfig& cfg,
                                                     std::size_t regular_points);
std::unique_ptr<RefineStrategy> make_mpptest_strategy(const RefineConfig& cfg);

// Linear interpolation through (x1, y1), (x2, y2) at x; the mean of y1 and y2 when x1 == x2
// (SKaMPI's linear_interpolate does the same for its guard points, src/autorefine.c).
double interpolate(double x, double x1, double y1, double x2, double y2);

// i rounded to the nearest multiple of m (m >= 1), ties toward zero: SKaMPI's
// round_int_to_multipleof (src misc.c), which autorefine applies to its midpoints.
double round_to_multiple(double i, std::int64_t m);

// Puts an ideal midpoint of (a, b) on the loop's grid: for integer loops the nearest integer
// (then the nearest multiple of multiple_of), trying the neighbouring grid value on the other
// side when rounding lands on a or b. nullopt when no grid value lies strictly inside (a, b),
// i.e. the interval is exhausted. Metron's rule; SKaMPI and mpptest round as they do.
std::optional<double> place_on_grid(double a, double b, double ideal, const RefineConfig& cfg);

// Whether x is in the set (exact comparison: loop values are exact doubles).
inline bool contains(const std::set<double>& s, double x) {
  return s.find(x) != s.end();
}

}  // namespace metron::adapt
