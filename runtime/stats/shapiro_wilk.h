// Shapiro-Wilk W test of normality with Royston's approximations (the algorithm behind R's
// shapiro.test()), for 3 <= n <= 5000.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace metron::stats {

// Shapiro & Wilk (1965), Biometrika 52:591-611: W = (sum a_i x_(i))^2 / sum (x_i - x̄)^2.
// Coefficients a_i and the p-value follow Royston (1992), "Approximating the Shapiro-Wilk
// W-test for non-normality", Statistics and Computing 2:117-119, and Royston (1995), "Remark
// AS R94: A remark on Algorithm AS 181", Applied Statistics 44:547-551:
// - m_i = Φ⁻¹((i - 3/8) / (n + 1/4)), u = 1/sqrt(n);
//   a_n = m_n / |m| + 0.221157 u - 0.147981 u^2 - 2.071190 u^3 + 4.434685 u^4 - 2.706056 u^5,
//   and for n > 5 also a_{n-1} = m_{n-1} / |m| + 0.042981 u - 0.293762 u^2 - 1.752461 u^3
//   + 5.682633 u^4 - 3.582633 u^5; the inner coefficients are m_i / sqrt(φ) with φ chosen so
//   that sum a_i^2 = 1; a_{n+1-i} = -a_i. For n = 3, a = (-sqrt(1/2), 0, sqrt(1/2)).
// - p-value: n = 3 exactly, p = (6/π) (asin(sqrt(W)) - asin(sqrt(3/4))).
//   4 <= n <= 11: y = -log(γ - log(1 - W)), γ = 0.459 n - 2.273, and y is normal with
//   mean 0.5440 - 0.39978 n + 0.025054 n^2 - 0.0006714 n^3 and
//   sd exp(1.3822 - 0.77857 n + 0.062767 n^2 - 0.0020322 n^3) (p tiny when log(1 - W) >= γ).
//   n >= 12: y = log(1 - W) is normal with mean -1.5861 - 0.31082 v - 0.083751 v^2
//   + 0.0038915 v^3 and sd exp(-0.4803 - 0.082676 v + 0.0030302 v^2), v = log(n).
//   p = P(Y > y), the upper tail.
// Large samples reject normality for tiny deviations; confirm with a Q-Q plot (Hoefler & Belli,
// SC15, §3.1.2).
inline constexpr std::size_t kShapiroMinN = 3;
inline constexpr std::size_t kShapiroMaxN = 5000;

struct ShapiroWilkResult {
  double w = 0.0;
  double p_value = 0.0;
};

// Empty for n outside [3, 5000], a NaN, or all values (nearly) identical (range < 1e-10, where
// R stops with "all 'x' values are identical"). With an infinite value, W and p are NaN (R:
// W = NaN, p-value = NA).
std::optional<ShapiroWilkResult> shapiro_wilk(std::span<const double> x);

}  // namespace metron::stats
