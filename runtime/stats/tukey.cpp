// Tukey's outlier fences and filter (definitions in tukey.h).
#include "runtime/stats/tukey.h"

#include <cmath>

#include "runtime/stats/quantile.h"

namespace metron::stats {

std::optional<TukeyFences> tukey_fences(std::span<const double> x, double k) {
  if (x.empty() || !(k >= 0.0) || !std::isfinite(k)) return std::nullopt;
  // Two O(n) selections rather than one O(n log n) sort: this runs on 10^6 observations.
  const double q1 = quantile(x, 0.25, QuantileType::Type7);
  const double q3 = quantile(x, 0.75, QuantileType::Type7);
  if (std::isnan(q1) || std::isnan(q3)) return std::nullopt;
  TukeyFences f;
  f.q1 = q1;
  f.q3 = q3;
  const double iqr = f.q3 - f.q1;
  f.lower = f.q1 - k * iqr;
  f.upper = f.q3 + k * iqr;
  return f;
}

std::optional<TukeyMask> tukey_mask(std::span<const double> x, double k) {
  const auto fences = tukey_fences(x, k);
  if (!fences) return std::nullopt;
  TukeyMask m;
  m.fences = *fences;
  m.keep.resize(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    m.keep[i] = fences->keeps(x[i]);
    if (!m.keep[i]) ++m.removed;
  }
  return m;
}

std::optional<TukeyFiltered> tukey_filter(std::span<const double> x, double k) {
  const auto fences = tukey_fences(x, k);
  if (!fences) return std::nullopt;
  TukeyFiltered f;
  f.fences = *fences;
  f.kept.reserve(x.size());
  for (double v : x) {
    if (fences->keeps(v)) f.kept.push_back(v);
  }
  f.removed = x.size() - f.kept.size();
  return f;
}

}  // namespace metron::stats
