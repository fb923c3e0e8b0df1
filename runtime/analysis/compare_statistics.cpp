// The statistics of a comparison (see compare.h): the test of one pair of samples, the effect of
// B relative to A with its CI, TOST equivalence, the correction across the jobs of a comparison,
// each job's verdict and, when it is inconclusive, the launches that would decide it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/analysis/compare.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/equivalence.h"
#include "runtime/stats/hodges_lehmann.h"
#include "runtime/stats/launch_planner.h"
#include "runtime/stats/signed_rank.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::analysis {

double min_attainable_p(std::size_t m, std::size_t n, stats::Alternative alternative) {
  if (m == 0 || n == 0) return 1.0;
  // C(m + n, m) as a double, by the product formula (exact far beyond any launch count).
  std::size_t k = std::min(m, n);
  double c = 1.0;
  for (std::size_t i = 1; i <= k; ++i)
    c = c * static_cast<double>(m + n - k + i) / static_cast<double>(i);
  double p = 1.0 / c;
  return alternative == stats::Alternative::TwoSided ? std::min(1.0, 2 * p) : p;
}

namespace {

// What one pair of samples gives besides the test: the shift and the ratio of B relative to A
// (with their CIs) and TOST's p-value; empty where undefined.
struct PairEstimates {
  std::optional<stats::ShiftEstimate> shift, ratio;
  std::optional<stats::TostResult> tost;
};

// The rank test's statistic, p-value and method (a rank-sum or a signed-rank result).
template <typename TestResult>
void record_test(Comparison& c, const std::optional<TestResult>& r) {
  if (!r) return;
  c.tested = true;
  c.w = r->statistic;
  c.p_value = r->p_value;
  c.exact = r->method == stats::WilcoxonMethod::Exact;
}

// Paired: the signed-rank test on a - b, the pseudomedian of b - a and of log(b / a) (only when
// every value is positive), TOST on the ratios.
PairEstimates test_paired(Comparison& c, const CompareOptions& o) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  stats::WilcoxonOptions wo;
  wo.alternative = o.alternative;
  stats::ShiftOptions so;
  so.conf_level = 1 - o.alpha;
  std::vector<double> a_minus_b, b_minus_a, log_ratio;
  bool positive = true;
  for (std::size_t i = 0; i < c.a.size(); ++i) {
    a_minus_b.push_back(c.a[i] - c.b[i]);
    b_minus_a.push_back(c.b[i] - c.a[i]);
    positive = positive && c.a[i] > 0 && c.b[i] > 0;
    log_ratio.push_back(positive ? std::log(c.b[i]) - std::log(c.a[i]) : kNaN);
  }
  record_test(c, stats::wilcoxon_signed_rank(a_minus_b, wo));
  PairEstimates e;
  e.shift = stats::signed_rank_pseudomedian(b_minus_a, so);
  if (positive) {
    e.ratio = stats::signed_rank_pseudomedian(log_ratio, so);
    if (e.ratio) {
      e.ratio->estimate = std::exp(e.ratio->estimate);
      e.ratio->lower = std::exp(e.ratio->lower);
      e.ratio->upper = std::exp(e.ratio->upper);
    }
  }
  e.tost = stats::tost_ratio_signed_rank(c.b, c.a, o.margin);
  const double sides = o.alternative == stats::Alternative::TwoSided ? 2.0 : 1.0;
  c.can_reject = !c.a.empty() && sides * std::pow(0.5, static_cast<double>(c.a.size())) <= o.alpha;
  return e;
}

// Independent samples: the rank-sum test, the Hodges-Lehmann shift and ratio of b against a,
// TOST on the ratio.
PairEstimates test_unpaired(Comparison& c, const CompareOptions& o) {
  stats::WilcoxonOptions wo;
  wo.alternative = o.alternative;
  stats::ShiftOptions so;
  so.conf_level = 1 - o.alpha;
  record_test(c, stats::wilcoxon_rank_sum(c.a, c.b, wo));
  PairEstimates e;
  e.shift = stats::hodges_lehmann_shift(c.b, c.a, so);
  e.ratio = stats::hodges_lehmann_ratio(c.b, c.a, so);
  e.tost = stats::tost_ratio_rank_sum(c.b, c.a, o.margin);
  c.can_reject = min_attainable_p(c.a.size(), c.b.size(), o.alternative) <= o.alpha;
  return e;
}

void record_estimates(Comparison& c, const PairEstimates& e) {
  if (e.shift) {
    c.shift_s = e.shift->estimate;
    c.shift_lo_s = e.shift->lower;
    c.shift_hi_s = e.shift->upper;
    c.ci_level = e.shift->conf_level;
  }
  if (e.ratio) {
    c.ratio_hl = e.ratio->estimate;
    c.ratio_lo = e.ratio->lower;
    c.ratio_hi = e.ratio->upper;
  }
  if (e.tost) c.p_equivalence = e.tost->p_value;
}

// The verdict of one comparison whose p-values are already adjusted; `level` is the smallest
// level the correction compares a p-value with (alpha / m for Holm and BH).
void apply_verdict(Comparison& c, const CompareOptions& o, double level) {
  c.significant = !std::isnan(c.p_adjusted) && c.p_adjusted <= o.alpha;
  const bool two_sided = o.alternative == stats::Alternative::TwoSided;
  c.decidable = c.tested && stats::decidable(c.a.size(), c.b.size(), level, c.paired, two_sided);
  stats::VerdictInputs in;
  in.p_difference = c.p_adjusted;
  in.p_equivalence = c.p_equivalence_adjusted;
  in.alpha = o.alpha;
  in.decidable = c.decidable;
  c.verdict = stats::decide(in);
  c.launches_needed.reset();
  c.undecided = Undecided::Planned;
  if (o.strict && c.noise.any()) {
    c.verdict = stats::Verdict::Inconclusive;
    c.undecided = Undecided::NoisyStrict;
    return;
  }
  if (c.verdict != stats::Verdict::Inconclusive) return;
  if (!c.tested) {
    c.undecided = Undecided::NotTested;
    return;
  }
  const double s = c.paired ? stats::sd_log_ratio(c.b, c.a) : stats::pooled_sd_log(c.a, c.b);
  const double theta = std::log(c.ratio_hl);
  c.launches_needed = stats::launches_needed(s, theta, o.margin, level, o.power, c.paired,
                                             std::min(c.a.size(), c.b.size()));
  // No count: the planner had nothing to plan from, or no count up to its limit decides it.
  if (!c.launches_needed)
    c.undecided = !std::isfinite(theta) ? Undecided::NoEffect
                  : !std::isfinite(s)   ? Undecided::NoSpread
                                        : Undecided::OnBound;
}

}  // namespace

Comparison compare_samples(std::vector<double> a, std::vector<double> b, const CompareOptions& o,
                           bool paired) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  Comparison c;
  c.a = std::move(a);
  c.b = std::move(b);
  c.paired = paired && c.a.size() == c.b.size();
  c.median_a = stats::median(c.a);
  c.median_b = stats::median(c.b);
  c.ratio = c.median_a > 0 ? c.median_b / c.median_a : kNaN;
  c.p_value = c.p_equivalence = kNaN;
  c.shift_s = c.shift_lo_s = c.shift_hi_s = kNaN;
  c.ratio_hl = c.ratio_lo = c.ratio_hi = c.ci_level = kNaN;
  record_estimates(c, c.paired ? test_paired(c, o) : test_unpaired(c, o));
  c.p_adjusted = c.p_value;
  c.p_equivalence_adjusted = c.p_equivalence;
  apply_verdict(c, o, o.alpha);
  return c;
}

void adjust_and_decide(std::vector<Comparison>& cs, const CompareOptions& o) {
  std::vector<double> p, pe;
  for (const auto& c : cs) {
    p.push_back(c.p_value);
    pe.push_back(c.p_equivalence);
  }
  const auto pa = stats::p_adjust(p, o.adjust);
  const auto pea = stats::p_adjust(pe, o.adjust);
  std::size_t m = 0;
  for (double v : p) m += std::isnan(v) ? 0 : 1;
  // Both corrections compare the smallest p-value with alpha / m: a job is decidable when its
  // exact test can get there.
  const double level = o.adjust == stats::PAdjust::None
                           ? o.alpha
                           : o.alpha / static_cast<double>(std::max<std::size_t>(m, 1));
  for (std::size_t i = 0; i < cs.size(); ++i) {
    cs[i].p_adjusted = pa[i];
    cs[i].p_equivalence_adjusted = pea[i];
    apply_verdict(cs[i], o, level);
  }
}

int jobs_exit_code(const std::vector<Comparison>& cs) {
  bool undecided = false;
  for (const auto& c : cs) {
    if (c.verdict == stats::Verdict::Differs) return kExitReplayDiffers;
    undecided = undecided || c.verdict == stats::Verdict::Inconclusive;
  }
  return undecided ? kExitReplayUndecided : kExitOk;
}

}  // namespace metron::analysis
