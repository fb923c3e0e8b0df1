// Fixed test vectors, the same as tools/refvalues/vectors.R (literals or closed formulas, no RNG),
// so that R computes the reference values on identical doubles.
#pragma once

#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstddef>
#include <vector>

namespace metron::stats::testing {

// base12: R's base12 (its prefixes give n = 1..12; the last two values repeat earlier ones).
inline const std::vector<double> kBase12 = {5.3, 1.7, 8.2, 3.3, 9.9, 2.4,
                                            7.1, 4.6, 6.8, 0.5, 5.3, 3.3};
// ties10: R's ties10.
inline const std::vector<double> kTies10 = {1, 2, 2, 3, 3, 3, 4, 7, 7, 10};

// large2000: large_i = 100 + 10 sin(0.37 i) + 0.5 (i mod 17) + 0.001 i, i = 1..2000.
inline std::vector<double> large2000() {
  std::vector<double> v;
  for (int i = 1; i <= 2000; ++i) {
    v.push_back(100.0 + 10.0 * std::sin(0.37 * i) + 0.5 * (i % 17) + 0.001 * i);
  }
  return v;
}

// skew200: skew_i = exp(1.5 sin(1.3 i)), i = 1..200 (right-skewed).
inline std::vector<double> skew200() {
  std::vector<double> v;
  for (int i = 1; i <= 200; ++i) v.push_back(std::exp(1.5 * std::sin(1.3 * i)));
  return v;
}

// normal50: qnorm(((7 i) mod 50 + 0.5) / 50), i = 0..49 (normal scores, scrambled order).
inline std::vector<double> normal50() {
  std::vector<double> v;
  const boost::math::normal_distribution<double> normal(0.0, 1.0);
  for (int i = 0; i < 50; ++i) v.push_back(quantile(normal, ((7 * i) % 50 + 0.5) / 50.0));
  return v;
}

inline std::vector<double> prefix(const std::vector<double>& v, std::size_t n) {
  return std::vector<double>(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
}

}  // namespace metron::stats::testing
