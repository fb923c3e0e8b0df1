// RunningMoments: count, mean and variance of a growing sample in O(1) per value (Welford).
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>

namespace metron::stats {

// Welford (1962), Technometrics 4:419-420: M_k = M_{k-1} + (x - M_{k-1}) / k and
// S_k = S_{k-1} + (x - M_{k-1}) (x - M_k). A whole batch is added with the pairwise update of
// Chan, Golub & LeVeque (1979): two passes over the batch (its own mean and squared deviations),
// then one combination step, so the per-value cost is an add and a multiply instead of a
// division. Both are numerically stable, unlike the raw sums S, Q that SKaMPI uses (Hoefler &
// Belli warn about the naive online update, SC15 §3.1.2); they agree with the two-pass variance
// to about 1e-15 relative. Undefined statistics are NaN, as in descriptive.h.
class RunningMoments {
 public:
  void add(double x) {
    ++n_;
    const double delta = x - mean_;
    mean_ += delta / static_cast<double>(n_);
    m2_ += delta * (x - mean_);
  }
  void add(std::span<const double> xs) {
    if (xs.empty()) return;
    const double nb = static_cast<double>(xs.size());
    double sum = 0.0;
    for (double x : xs) sum += x;
    const double mean_b = sum / nb;
    double m2_b = 0.0;
    double dev = 0.0;
    for (double x : xs) {
      const double d = x - mean_b;
      m2_b += d * d;
      dev += d;
    }
    m2_b -= dev * dev / nb;  // removes the rounding error of mean_b (two-pass correction)
    const double na = static_cast<double>(n_);
    n_ += xs.size();
    const double n = static_cast<double>(n_);
    const double delta = mean_b - mean_;
    mean_ += delta * nb / n;
    m2_ += m2_b + delta * delta * na * nb / n;
  }
  std::size_t count() const { return n_; }
  double mean() const { return n_ == 0 ? kNaN : mean_; }
  double variance() const { return n_ < 2 ? kNaN : m2_ / static_cast<double>(n_ - 1); }
  double sd() const { return std::sqrt(variance()); }
  // sd / sqrt(n) / mean; NaN for n < 2 or mean 0
  double rse() const {
    if (n_ < 2 || mean_ == 0.0) return kNaN;
    return sd() / std::sqrt(static_cast<double>(n_)) / mean_;
  }

 private:
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  std::size_t n_ = 0;
  double mean_ = 0.0;
  double m2_ = 0.0;
};

}  // namespace metron::stats
