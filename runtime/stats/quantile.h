// Sample quantiles, Hyndman & Fan (1996) types 1-9 as R's quantile() numbers them; type 7 is
// the default everywhere in Metron.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace metron::stats {

// Hyndman, R. J. and Fan, Y. (1996) "Sample quantiles in statistical packages", The American
// Statistician 50(4):361-365. With x_(1) <= ... <= x_(n) the order statistics (1-based) and p in
// [0, 1], every type returns Q(p) = (1 - g) x_(j) + g x_(j+1), indices clamped to [1, n]:
//   Type1  inverse of the empirical CDF: j = floor(n p), g = 1 if n p > j else 0.
//   Type2  as Type1 but averaging at the jumps: g = 1 if n p > j else 1/2.
//   Type3  nearest even order statistic (SAS definition 2): j = floor(n p - 1/2),
//          g = 0 if n p - 1/2 = j and j is even, else 1.
//   Types 4-9 interpolate linearly at position h = a + p (n + 1 - a - b), j = floor(h), g = h - j:
//   Type4  a = 0,   b = 1    (linear interpolation of the empirical CDF)
//   Type5  a = 1/2, b = 1/2  (piecewise linear, knots at the midpoints)
//   Type6  a = 0,   b = 0    (p = E[F(x_(k))], Minitab and SPSS; h = p (n + 1))
//   Type7  a = 1,   b = 1    (mode of F(x_(k)); h = 1 + p (n - 1); R, NumPy and GSL default)
//   Type8  a = 1/3, b = 1/3  (median-unbiased, recommended by Hyndman & Fan)
//   Type9  a = 3/8, b = 3/8  (approximately unbiased for normal data)
// Like R, a position within 4 machine epsilons of an integer counts as that integer, so that
// e.g. n p = 0.1 * 30 selects x_(3) exactly.
enum class QuantileType : int {
  Type1 = 1,
  Type2 = 2,
  Type3 = 3,
  Type4 = 4,
  Type5 = 5,
  Type6 = 6,
  Type7 = 7,
  Type8 = 8,
  Type9 = 9,
};

// Where the p-quantile of n sorted values lies: Q = (1 - gamma) x[lower] + gamma x[upper],
// 0-based indices, lower <= upper < n. Empty for n = 0, p outside [0, 1] or p NaN.
struct QuantilePosition {
  std::size_t lower = 0;
  std::size_t upper = 0;
  double gamma = 0.0;
};
std::optional<QuantilePosition> quantile_position(std::size_t n, double p, QuantileType type);

// (1 - gamma) lo + gamma hi, returning lo or hi exactly at gamma 0 or 1 and when lo == hi (so
// that ties and infinities do not produce rounding noise or NaN).
double interpolate_quantile(double lo, double hi, double gamma);

// The p-quantile of x (any order; x is not modified, a private copy is partially ordered with
// nth_element, O(n)). NaN for n = 0, p outside [0, 1], or a NaN in x.
double quantile(std::span<const double> x, double p, QuantileType type = QuantileType::Type7);
// Same on data the caller has already sorted ascending, O(1).
double quantile_sorted(std::span<const double> sorted, double p,
                       QuantileType type = QuantileType::Type7);
// Several quantiles with one sort, O(n log n); result[i] belongs to ps[i].
std::vector<double> quantiles(std::span<const double> x, std::span<const double> ps,
                              QuantileType type = QuantileType::Type7);

}  // namespace metron::stats
