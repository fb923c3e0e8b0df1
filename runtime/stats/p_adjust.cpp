// Holm and Benjamini-Hochberg adjustment (see p_adjust.h).
#include "runtime/stats/p_adjust.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace metron::stats {

std::vector<double> p_adjust(std::span<const double> p, PAdjust method) {
  std::vector<double> out(p.begin(), p.end());
  if (method == PAdjust::None) return out;
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (!std::isnan(p[i])) idx.push_back(i);
  const double m = static_cast<double>(idx.size());
  // Stable sort: equal p-values keep their order, as R's order() does.
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  if (method == PAdjust::Holm) {
    double running = 0.0;
    for (std::size_t k = 0; k < idx.size(); ++k) {
      running = std::max(running, std::min(1.0, (m - static_cast<double>(k)) * p[idx[k]]));
      out[idx[k]] = running;
    }
  } else {
    double running = 1.0;
    for (std::size_t k = idx.size(); k-- > 0;) {
      running = std::min(running, m / static_cast<double>(k + 1) * p[idx[k]]);
      out[idx[k]] = std::min(1.0, running);
    }
  }
  return out;
}

std::optional<PAdjust> parse_p_adjust(const std::string& s) {
  if (s == "holm") return PAdjust::Holm;
  if (s == "bh" || s == "BH" || s == "fdr") return PAdjust::BenjaminiHochberg;
  if (s == "none") return PAdjust::None;
  return std::nullopt;
}

const char* p_adjust_name(PAdjust m) {
  switch (m) {
    case PAdjust::Holm:
      return "holm";
    case PAdjust::BenjaminiHochberg:
      return "bh";
    case PAdjust::None:
      break;
  }
  return "none";
}

}  // namespace metron::stats
