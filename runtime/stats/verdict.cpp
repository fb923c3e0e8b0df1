// Verdicts from the difference and the equivalence test (see verdict.h).
#include "runtime/stats/verdict.h"

#include <algorithm>
#include <cmath>

#include "runtime/stats/launch_planner.h"

namespace metron::stats {

Verdict decide(const VerdictInputs& in) {
  if (!in.decidable) return Verdict::Inconclusive;
  const bool differs = !std::isnan(in.p_difference) && in.p_difference <= in.alpha;
  const bool within = !std::isnan(in.p_equivalence) && in.p_equivalence <= in.alpha;
  if (differs) return within ? Verdict::DiffersWithinMargin : Verdict::Differs;
  return within ? Verdict::Equivalent : Verdict::Inconclusive;
}

bool decidable(std::size_t n_a, std::size_t n_b, double level, bool paired, bool two_sided) {
  if (n_a == 0 || n_b == 0) return false;
  const double sides = two_sided ? 2.0 : 1.0;
  if (paired) return sides * std::pow(0.5, static_cast<double>(std::min(n_a, n_b))) <= level;
  const std::size_t k = std::min(n_a, n_b);
  double c = 1.0;  // C(n_a + n_b, k)
  for (std::size_t i = 1; i <= k; ++i)
    c = c * static_cast<double>(n_a + n_b - k + i) / static_cast<double>(i);
  return sides / c <= level;
}

std::optional<std::size_t> launches_needed(double s, double theta, double margin, double level,
                                           double power, bool paired, std::size_t launches_now) {
  if (!std::isfinite(s) || !std::isfinite(theta)) return std::nullopt;
  PlanOptions o;
  o.alpha = level;
  o.power = power;
  o.paired = paired;
  const bool inside = theta > std::log1p(-margin) && theta < std::log1p(margin);
  std::optional<std::size_t> n = inside ? launches_for_equivalence(s, margin, theta, o)
                                        : launches_to_detect(s, std::expm1(theta), o);
  if (!n) return std::nullopt;
  return std::max({*n, min_launches_for_level(level, true, paired), launches_now + 1});
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Equivalent:
      return "equivalent";
    case Verdict::Differs:
      return "differs";
    case Verdict::DiffersWithinMargin:
      return "differs within margin";
    case Verdict::Inconclusive:
      break;
  }
  return "inconclusive";
}

}  // namespace metron::stats
