// Descheduled observations (definition in descheduling.h).
#include "runtime/stats/descheduling.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/stats/quantile.h"

namespace metron::stats {

Descheduling descheduled(std::span<const double> x, double factor, double min_extra_s) {
  Descheduling d;
  d.threshold = std::numeric_limits<double>::quiet_NaN();
  if (x.size() < 4 || std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); }))
    return d;
  d.q1 = quantile(x, 0.25);
  d.threshold = std::max(factor * d.q1, d.q1 + min_extra_s);
  d.worst = *std::max_element(x.begin(), x.end());
  d.count = static_cast<std::size_t>(
      std::count_if(x.begin(), x.end(), [&](double v) { return v > d.threshold; }));
  return d;
}

}  // namespace metron::stats
