// TOST on log values (see equivalence.h).
#include "runtime/stats/equivalence.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "runtime/stats/signed_rank.h"

namespace metron::stats {
namespace {

std::optional<std::vector<double>> logs(std::span<const double> v) {
  if (v.empty()) return std::nullopt;
  std::vector<double> out;
  for (double a : v) {
    if (!(a > 0)) return std::nullopt;
    out.push_back(std::log(a));
  }
  return out;
}

bool margin_ok(double m) {
  return m > 0 && m < 1;
}

// TOST's p is the larger of its two one-sided p-values; exact only if both tests were.
template <class Test>
TostResult combine(const Test& lo, const Test& hi) {
  TostResult r;
  r.p_lower = lo.p_value;
  r.p_upper = hi.p_value;
  r.p_value = std::max(r.p_lower, r.p_upper);
  if (std::isnan(r.p_lower) || std::isnan(r.p_upper)) r.p_value = std::nan("");
  r.method = lo.method == WilcoxonMethod::Exact && hi.method == WilcoxonMethod::Exact
                 ? WilcoxonMethod::Exact
                 : WilcoxonMethod::NormalApprox;
  return r;
}
}  // namespace

std::optional<TostResult> tost_ratio_rank_sum(std::span<const double> x, std::span<const double> y,
                                              double margin, bool continuity_correction) {
  auto lx = logs(x), ly = logs(y);
  if (!lx || !ly || !margin_ok(margin)) return std::nullopt;
  WilcoxonOptions o;
  o.continuity_correction = continuity_correction;
  o.mu = std::log(1 - margin);
  o.alternative = Alternative::Greater;
  auto lo = wilcoxon_rank_sum(*lx, *ly, o);
  o.mu = std::log(1 + margin);
  o.alternative = Alternative::Less;
  auto hi = wilcoxon_rank_sum(*lx, *ly, o);
  if (!lo || !hi) return std::nullopt;
  return combine(*lo, *hi);
}

std::optional<TostResult> tost_ratio_signed_rank(std::span<const double> x,
                                                 std::span<const double> y, double margin,
                                                 bool continuity_correction) {
  auto lx = logs(x), ly = logs(y);
  if (!lx || !ly || lx->size() != ly->size() || !margin_ok(margin)) return std::nullopt;
  std::vector<double> d;
  for (std::size_t i = 0; i < lx->size(); ++i) d.push_back((*lx)[i] - (*ly)[i]);
  WilcoxonOptions o;
  o.continuity_correction = continuity_correction;
  o.mu = std::log(1 - margin);
  o.alternative = Alternative::Greater;
  auto lo = wilcoxon_signed_rank(d, o);
  o.mu = std::log(1 + margin);
  o.alternative = Alternative::Less;
  auto hi = wilcoxon_signed_rank(d, o);
  if (!lo || !hi) return std::nullopt;
  return combine(*lo, *hi);
}

}  // namespace metron::stats
