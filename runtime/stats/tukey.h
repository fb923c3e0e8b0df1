// Tukey's outlier fences [Q1 - k IQR, Q3 + k IQR] and the filter that keeps the values inside.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace metron::stats {

// Tukey's rule as Hoefler & Belli (SC15, §3.1.3) and Hunold & Carpen-Amarie (ReproMPI, Alg. 6;
// Hogg & Tanis) use it: a value is an outlier iff x < Q1 - k IQR or x > Q3 + k IQR, IQR = Q3 - Q1.
// Q1 and Q3 are R type 7 quartiles (quantile.h), the definition R, GSL and ReproMPI use; k = 1.5
// by default and may be raised to remove less. Values on a fence are kept.
inline constexpr double kTukeyDefaultK = 1.5;

struct TukeyFences {
  double q1 = 0.0;
  double q3 = 0.0;
  double lower = 0.0;  // q1 - k (q3 - q1)
  double upper = 0.0;  // q3 + k (q3 - q1)
  bool keeps(double v) const { return v >= lower && v <= upper; }
};

// Empty for n = 0, a NaN in x, or k negative or not finite.
std::optional<TukeyFences> tukey_fences(std::span<const double> x, double k = kTukeyDefaultK);

struct TukeyMask {
  TukeyFences fences;
  std::vector<bool> keep;   // keep[i] belongs to x[i]
  std::size_t removed = 0;  // number of false entries in keep: report it (Hoefler & Belli)
};
std::optional<TukeyMask> tukey_mask(std::span<const double> x, double k = kTukeyDefaultK);

struct TukeyFiltered {
  TukeyFences fences;
  std::vector<double> kept;  // the values inside the fences, in their original order
  std::size_t removed = 0;
};
std::optional<TukeyFiltered> tukey_filter(std::span<const double> x, double k = kTukeyDefaultK);

}  // namespace metron::stats
