// Launch-count planning (see launch_planner.h).
#include "runtime/stats/launch_planner.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "runtime/stats/distributions.h"

namespace metron::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double phi(double z) {
  return boost::math::cdf(NormalDist(0.0, 1.0), z);
}
double z_upper(double p) {  // z_{1 - p}
  return boost::math::quantile(boost::math::complement(NormalDist(0.0, 1.0), p));
}

double standard_error(double s, std::size_t n, bool paired) {
  return s * std::sqrt((paired ? 1.0 : 2.0) / static_cast<double>(n)) *
         std::sqrt(std::numbers::pi / 3.0);
}

// The first n >= start whose power reaches the target.
template <class Power>
std::optional<std::size_t> search(std::size_t start, const PlanOptions& o, Power power) {
  for (std::size_t n = start; n <= o.max_launches; ++n)
    if (power(n) >= o.power) return n;
  return std::nullopt;
}

double sum_of_squares(const std::vector<double>& v) {
  double mean = 0.0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double ss = 0.0;
  for (double x : v) ss += (x - mean) * (x - mean);
  return ss;
}

}  // namespace

std::size_t min_launches_for_level(double level, bool two_sided, bool paired) {
  for (std::size_t n = 1;; ++n) {
    double p;
    if (paired) {
      p = std::pow(0.5, static_cast<double>(n));
    } else {
      double c = 1.0;  // C(2n, n)
      for (std::size_t i = 1; i <= n; ++i)
        c = c * static_cast<double>(n + i) / static_cast<double>(i);
      p = 1.0 / c;
    }
    if ((two_sided ? 2 * p : p) <= level) return n;
    if (n > 10000) return n;  // level below what any plan could reach
  }
}

std::optional<std::size_t> launches_to_detect(double s, double delta, const PlanOptions& o) {
  if (!std::isfinite(s) || s < 0 || delta == 0 || !(delta > -1)) return std::nullopt;
  const std::size_t floor = min_launches_for_level(o.alpha, true, o.paired);
  if (s == 0) return floor;
  const double effect = std::fabs(std::log1p(delta));
  const double z = z_upper(o.alpha / 2);
  return search(floor, o, [&](std::size_t n) {
    const double se = standard_error(s, n, o.paired);
    return phi(effect / se - z) + phi(-effect / se - z);
  });
}

std::optional<std::size_t> launches_for_equivalence(double s, double margin, double theta,
                                                    const PlanOptions& o) {
  if (!std::isfinite(s) || s < 0 || !(margin > 0 && margin < 1) || !std::isfinite(theta))
    return std::nullopt;
  const double lo = std::log1p(-margin), hi = std::log1p(margin);
  if (!(theta > lo && theta < hi)) return std::nullopt;
  const std::size_t floor = min_launches_for_level(o.alpha, false, o.paired);
  if (s == 0) return floor;
  const double z = z_upper(o.alpha);
  return search(floor, o, [&](std::size_t n) {
    const double se = standard_error(s, n, o.paired);
    return std::max(0.0, phi((hi - theta) / se - z) + phi((theta - lo) / se - z) - 1.0);
  });
}

double pooled_sd_log(std::span<const double> a, std::span<const double> b) {
  std::vector<double> la, lb;
  for (double v : a) {
    if (!(v > 0)) return kNaN;
    la.push_back(std::log(v));
  }
  for (double v : b) {
    if (!(v > 0)) return kNaN;
    lb.push_back(std::log(v));
  }
  double ss = 0.0;
  std::size_t df = 0;
  for (const auto* v : {&la, &lb})
    if (v->size() >= 2) {
      ss += sum_of_squares(*v);
      df += v->size() - 1;
    }
  if (df == 0) return kNaN;
  return std::sqrt(ss / static_cast<double>(df));
}

double sd_log_ratio(std::span<const double> b, std::span<const double> a) {
  if (a.size() != b.size() || a.size() < 2) return kNaN;
  std::vector<double> d;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] > 0) || !(b[i] > 0)) return kNaN;
    d.push_back(std::log(b[i]) - std::log(a[i]));
  }
  return std::sqrt(sum_of_squares(d) / static_cast<double>(d.size() - 1));
}

std::int64_t launches_within_time(double budget_s, std::int64_t now, std::int64_t want,
                                  double elapsed_s) {
  if (!(budget_s > 0) || now <= 0 || !(elapsed_s > 0)) return want;
  const double fits = std::floor(budget_s / (elapsed_s / static_cast<double>(now)));
  return fits >= static_cast<double>(want) ? want : static_cast<std::int64_t>(fits);
}

}  // namespace metron::stats
