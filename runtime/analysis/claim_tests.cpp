// The statistics of one claim check (see claim_tests.h).
#include "runtime/analysis/claim_tests.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/adapt/seeded_order.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/hodges_lehmann.h"
#include "runtime/stats/quantile.h"
#include "runtime/stats/signed_rank.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> logs(const std::vector<double>& x) {
  std::vector<double> out;
  for (double v : x) out.push_back(std::log(v));
  return out;
}

bool all_positive(const std::vector<double>& x) {
  return std::all_of(x.begin(), x.end(), [](double v) { return v > 0 && std::isfinite(v); });
}

// One-sided p-value of the log values against mu: one sample of differences (paired, or
// against a reference) or two samples. NaN when the test is not defined.
double one_sided(const std::vector<double>& x, const std::vector<double>* y, stats::Alternative alt,
                 double mu) {
  stats::WilcoxonOptions wo;
  wo.alternative = alt;
  wo.mu = mu;
  if (!y) {
    auto r = stats::wilcoxon_signed_rank(x, wo);
    return r ? r->p_value : kNaN;
  }
  auto r = stats::wilcoxon_rank_sum(x, *y, wo);
  return r ? r->p_value : kNaN;
}

// p_holds and p_fails from the one-sided tests of the ratio against its bounds (log scale).
void claim_p_values(ClaimCheck& ch, const Claim& c, const std::vector<double>& x,
                    const std::vector<double>* y) {
  using A = stats::Alternative;
  const double lo = std::log(ch.bound_lo), hi = std::log(ch.bound_hi);
  switch (c.relation) {
    case ClaimRelation::Less:
      ch.p_holds = one_sided(x, y, A::Less, hi);
      ch.p_fails = one_sided(x, y, A::Greater, hi);
      break;
    case ClaimRelation::Greater:
      ch.p_holds = one_sided(x, y, A::Greater, lo);
      ch.p_fails = one_sided(x, y, A::Less, lo);
      break;
    case ClaimRelation::Equivalent: {
      // Two one-sided tests for "inside"; "outside" on either side, Bonferroni over the two.
      ch.p_holds = std::max(one_sided(x, y, A::Greater, lo), one_sided(x, y, A::Less, hi));
      const double below = one_sided(x, y, A::Less, lo), above = one_sided(x, y, A::Greater, hi);
      ch.p_fails = std::min(1.0, 2 * std::min(below, above));
      if (std::isnan(below) || std::isnan(above)) ch.p_fails = kNaN;
      break;
    }
  }
}

}  // namespace

void claim_bounds(const Claim& c, double& lo, double& hi) {
  switch (c.relation) {
    case ClaimRelation::Less:
      lo = 0;
      hi = 1 - c.by;
      return;
    case ClaimRelation::Greater:
      lo = 1 + c.by;
      hi = std::numeric_limits<double>::infinity();
      return;
    case ClaimRelation::Equivalent:
      lo = 1 + c.lower;
      hi = 1 + c.upper;
      return;
  }
}

double sd_of_logs(const std::vector<double>& x) {
  if (x.size() < 2 || !all_positive(x)) return kNaN;
  double mean = 0;
  for (double v : x) mean += std::log(v);
  mean /= static_cast<double>(x.size());
  double ss = 0;
  for (double v : x) ss += (std::log(v) - mean) * (std::log(v) - mean);
  return std::sqrt(ss / static_cast<double>(x.size() - 1));
}

void test_location(ClaimCheck& ch, const Claim& c, double alpha) {
  claim_bounds(c, ch.bound_lo, ch.bound_hi);
  ch.p_holds = ch.p_fails = ch.effect = ch.effect_lo = ch.effect_hi = ch.ci_level = kNaN;
  ch.sd_log = kNaN;
  const bool reference = ch.b.empty();
  ch.value_a = stats::median(ch.a);
  ch.value_b = reference ? c.rhs.reference : stats::median(ch.b);
  if (ch.a.empty() || !all_positive(ch.a) || !all_positive(ch.b)) return;
  stats::ShiftOptions so;
  so.conf_level = 1 - alpha;
  std::optional<stats::ShiftEstimate> est;
  if (reference || ch.paired) {
    // Differences of logs: launch by launch, or each launch against the reference.
    std::vector<double> d;
    for (std::size_t i = 0; i < ch.a.size(); ++i)
      d.push_back(std::log(ch.a[i]) - std::log(reference ? c.rhs.reference : ch.b[i]));
    ch.method = "signed-rank";
    claim_p_values(ch, c, d, nullptr);
    est = stats::signed_rank_pseudomedian(d, so);
    if (d.size() >= 2) {
      double mean = 0, ss = 0;
      for (double v : d) mean += v / static_cast<double>(d.size());
      for (double v : d) ss += (v - mean) * (v - mean);
      ch.sd_log = std::sqrt(ss / static_cast<double>(d.size() - 1));
    }
  } else {
    const std::vector<double> la = logs(ch.a), lb = logs(ch.b);
    ch.method = "rank-sum";
    claim_p_values(ch, c, la, &lb);
    est = stats::hodges_lehmann_shift(la, lb, so);
    const double sa = sd_of_logs(ch.a), sb = sd_of_logs(ch.b);
    const double na = static_cast<double>(ch.a.size()), nb = static_cast<double>(ch.b.size());
    if (!std::isnan(sa) && !std::isnan(sb))
      ch.sd_log = std::sqrt(((na - 1) * sa * sa + (nb - 1) * sb * sb) / (na + nb - 2));
  }
  if (est) {
    ch.effect = std::exp(est->estimate);
    ch.effect_lo = std::exp(est->lower);
    ch.effect_hi = std::exp(est->upper);
    ch.ci_level = est->conf_level;
  }
}

namespace {

// The bootstrap distribution of the spread ratio: the launches of each side drawn with
// replacement (paired launches together), the ratio of the resampled spreads each time.
std::vector<double> spread_ratios(const ClaimCheck& ch, const Claim& c, const ClaimOptions& o,
                                  std::uint64_t seed) {
  const bool reference = ch.b.empty();
  std::uint64_t state = seed;
  std::vector<double> ratios;
  std::vector<double> ra(ch.a.size()), rb(ch.b.size());
  for (int r = 0; r < o.resamples; ++r) {
    for (std::size_t i = 0; i < ra.size(); ++i) {
      std::size_t k = adapt::splitmix64(state) % ra.size();
      ra[i] = ch.a[k];
      if (ch.paired) rb[i] = ch.b[k];  // the same launches: resampled together
    }
    if (!reference && !ch.paired)
      for (auto& v : rb) v = ch.b[adapt::splitmix64(state) % ch.b.size()];
    const double sb = reference ? c.rhs.reference : sd_of_logs(rb);
    ratios.push_back(sb > 0 ? sd_of_logs(ra) / sb : std::numeric_limits<double>::infinity());
  }
  return ratios;
}

}  // namespace

void test_launch_spread(ClaimCheck& ch, const Claim& c, const ClaimOptions& o, std::uint64_t seed) {
  claim_bounds(c, ch.bound_lo, ch.bound_hi);
  ch.method = "bootstrap";
  ch.p_holds = ch.p_fails = ch.effect = ch.effect_lo = ch.effect_hi = ch.ci_level = kNaN;
  ch.sd_log = kNaN;
  const bool reference = ch.b.empty();
  ch.value_a = sd_of_logs(ch.a);
  ch.value_b = reference ? c.rhs.reference : sd_of_logs(ch.b);
  // A spread needs three launches a side to be resampled into anything but zero or itself.
  if (ch.a.size() < 3 || (!reference && ch.b.size() < 3)) return;
  if (std::isnan(ch.value_a) || std::isnan(ch.value_b) || !(ch.value_b > 0)) return;
  ch.effect = ch.value_a / ch.value_b;
  std::vector<double> ratios = spread_ratios(ch, c, o, seed);
  const double n = static_cast<double>(ratios.size());
  auto share = [&](auto pred) {
    double k = 0;
    for (double v : ratios) k += pred(v) ? 1 : 0;
    return (1 + k) / (n + 1);
  };
  const double lo = ch.bound_lo, hi = ch.bound_hi;
  switch (c.relation) {
    case ClaimRelation::Less:
      ch.p_holds = share([&](double v) { return v >= hi; });
      ch.p_fails = share([&](double v) { return v <= hi; });
      break;
    case ClaimRelation::Greater:
      ch.p_holds = share([&](double v) { return v <= lo; });
      ch.p_fails = share([&](double v) { return v >= lo; });
      break;
    case ClaimRelation::Equivalent:
      ch.p_holds = std::max(share([&](double v) { return v <= lo; }),
                            share([&](double v) { return v >= hi; }));
      ch.p_fails = std::min(1.0, 2 * std::min(share([&](double v) { return v >= lo; }),
                                              share([&](double v) { return v <= hi; })));
      break;
  }
  std::sort(ratios.begin(), ratios.end());
  ch.effect_lo = stats::quantile_sorted(ratios, o.alpha / 2);
  ch.effect_hi = stats::quantile_sorted(ratios, 1 - o.alpha / 2);
  ch.ci_level = 1 - o.alpha;
  std::vector<double> lr;
  for (double v : ratios)
    if (v > 0 && std::isfinite(v)) lr.push_back(std::log(v));
  if (lr.size() >= 2) {
    double mean = 0, ss = 0;
    for (double v : lr) mean += v / static_cast<double>(lr.size());
    for (double v : lr) ss += (v - mean) * (v - mean);
    ch.sd_log = std::sqrt(ss / static_cast<double>(lr.size() - 1));
  }
}

}  // namespace metron::analysis
