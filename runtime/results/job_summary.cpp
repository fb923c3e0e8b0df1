// summarize(): the statistics of one job's valid observations after the outlier filter.
#include "runtime/results/job_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "runtime/adapt/stopping.h"
#include "runtime/stats/descheduling.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/mann_kendall.h"
#include "runtime/stats/mean_ci.h"
#include "runtime/stats/median_ci.h"
#include "runtime/stats/mser.h"
#include "runtime/stats/quantile.h"
#include "runtime/stats/trimmed_filter.h"
#include "runtime/stats/trimmed_mean.h"
#include "runtime/stats/tukey.h"

namespace metron::rt {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Post-hoc initial transient: MSER-5 on the series in time order, applied to series of at least
// kTruncationMinN observations when the prefix it drops is slower than the rest by more than
// kTruncationMinShift. A steady series loses nothing to noise, and a fast start followed by
// slow calls is a level shift (left for the trend test), not a warm-up transient.
// On batch medians: a descheduled call late in the series is no transient (stats/mser.h).
void cut_transient(std::vector<double>& x, const Settings& s, JobSummary& out) {
  if (!s.truncation || x.size() < kTruncationMinN) return;
  const stats::MserResult m = stats::mser(x, 5, stats::BatchStatistic::Median);
  if (m.truncate == 0) return;
  const auto cut = x.begin() + static_cast<std::ptrdiff_t>(m.truncate);
  const double head = stats::median(std::vector<double>(x.begin(), cut));
  const double rest = stats::median(std::vector<double>(cut, x.end()));
  if (head > (1 + kTruncationMinShift) * rest) {
    out.truncated = static_cast<std::int64_t>(m.truncate);
    x.erase(x.begin(), cut);
  }
}

// The trend test over batch means and the size of the drift: the last third's median against
// the first third's.
void check_stationarity(const std::vector<double>& x, JobSummary& out) {
  const stats::TrendTest trend = stats::mann_kendall(stats::batch_means(x, kTrendBatches));
  out.trend_p = trend.assessable ? trend.p : kNaN;
  out.trend_change = kNaN;
  if (x.size() >= 3) {
    const std::size_t third = x.size() / 3;
    const double first = stats::median(std::vector<double>(x.begin(), x.begin() + third));
    const double last = stats::median(std::vector<double>(x.end() - third, x.end()));
    out.trend_change = first != 0 ? (last - first) / first : kNaN;
  }
  out.stationary =
      !(trend.assessable && trend.p < kTrendAlpha && std::fabs(out.trend_change) > kTrendMinChange);
}

// The launch's findings, the job's contention above its thresholds (adapt/contention.h) and
// descheduled observations (before any outlier filter hides them).
void note_noise(const std::vector<double>& x, const JobResult& r, JobSummary& out) {
  out.noise = r.launch_noise;
  for (const std::string& f : adapt::contention_findings(r.contention))
    out.noise += (out.noise.empty() ? "" : "; ") + f;
  const stats::Descheduling kept = stats::descheduled(x);
  if (kept.count > 0 && static_cast<double>(kept.count) >=
                            stats::kDeschedFlagFraction * static_cast<double>(x.size())) {
    if (!out.noise.empty()) out.noise += "; ";
    out.noise += fmt::format("{} of {} observations descheduled (> {:.3g} us, worst {:.4g} us)",
                             kept.count, x.size(), kept.threshold * 1e6, kept.worst * 1e6);
  }
}

void filter_outliers(std::vector<double>& x, const Settings& s, JobSummary& out) {
  if (s.outliers == OutlierKind::Tukey) {
    if (auto f = stats::tukey_filter(x, s.tukey_k)) {
      out.outliers = static_cast<std::int64_t>(x.size() - f->kept.size());
      x = f->kept;
    }
  } else if (s.outliers == OutlierKind::Trimmed) {
    if (auto f = stats::trimmed_filter(x)) {
      out.outliers = static_cast<std::int64_t>(f->removed);
      x = std::move(f->kept);
    }
  }
}

// Observations that share their value with another (discrete timers make many).
std::int64_t tied_count(std::vector<double> sorted) {
  std::sort(sorted.begin(), sorted.end());
  std::int64_t ties = 0;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    if (j - i > 1) ties += static_cast<std::int64_t>(j - i);
    i = j;
  }
  return ties;
}

// The median's CI, widened to the timer's quantum, and how honest it is.
void median_ci_of(const std::vector<double>& x, double timer_quantum_s, JobSummary& out) {
  auto qci = stats::median_ci(x, 0.95);
  out.median_ci_ok = qci.assessable();
  adapt::CiSnapshot ci{out.median, qci.lower, qci.upper, kNaN, qci.assessable(), false};
  adapt::widen_to_quantum(ci, timer_quantum_s);
  out.median_ci_lo = qci.assessable() ? ci.lower : kNaN;
  out.median_ci_hi = qci.assessable() ? ci.upper : kNaN;
  out.ci_rel_half_width =
      qci.assessable() && out.median != 0
          ? std::max(ci.upper - out.median, out.median - ci.lower) / std::fabs(out.median)
          : kNaN;
  out.ci_widened = ci.widened;
  out.ci_coverage = qci.assessable() ? qci.achieved_confidence : kNaN;
  out.ties = tied_count(x);
  // With ties (discrete data) the order-statistic interval covers at least its stated level.
  out.ci_conservative = qci.assessable() && (out.ties > 0 || out.ci_widened);
}

// The statistics of the used observations `x` (not empty).
void describe(const std::vector<double>& x, double timer_quantum_s, JobSummary& out) {
  out.mean = stats::mean(x);
  out.median = stats::median(x);
  out.min = stats::min(x);
  out.max = stats::max(x);
  out.sd = stats::sd(x);
  auto mci = stats::mean_ci(x, 0.95);
  out.mean_ci_lo = mci.lower;
  out.mean_ci_hi = mci.upper;
  median_ci_of(x, timer_quantum_s, out);
  out.p5 = stats::quantile(x, 0.05);
  out.p25 = stats::quantile(x, 0.25);
  out.p75 = stats::quantile(x, 0.75);
  out.p95 = stats::quantile(x, 0.95);
  out.p99 = stats::quantile(x, 0.99);
  auto tm = stats::interquartile_trimmed_mean(x);
  out.trimmed_mean = tm ? tm->mean : kNaN;
}

// Everything but the rates: the valid observations, their transient cut, stationarity and
// noise, then the outlier filter and the statistics of what it keeps.
JobSummary statistics_of(const JobResult& r, const Settings& s) {
  JobSummary out;
  out.n = static_cast<std::int64_t>(r.time_s.size());
  std::vector<double> x;
  x.reserve(r.time_s.size());
  for (std::size_t i = 0; i < r.time_s.size(); ++i)
    if (i >= r.valid.size() || r.valid[i]) x.push_back(r.time_s[i]);
  out.valid_n = static_cast<std::int64_t>(x.size());
  cut_transient(x, s, out);
  check_stationarity(x, out);
  note_noise(x, r, out);
  filter_outliers(x, s, out);
  out.used_n = static_cast<std::int64_t>(x.size());
  if (x.empty()) {
    out.mean = out.median = out.min = out.max = out.sd = kNaN;
    out.mean_ci_lo = out.mean_ci_hi = out.median_ci_lo = out.median_ci_hi = kNaN;
    out.p5 = out.p25 = out.p75 = out.p95 = out.p99 = out.ci_rel_half_width = kNaN;
    out.trimmed_mean = kNaN;
    out.ci_coverage = kNaN;
    return out;
  }
  describe(x, r.timer_quantum_s, out);
  return out;
}

}  // namespace

JobSummary summarize(const JobResult& r, const Settings& s) {
  JobSummary out = statistics_of(r, s);
  // Once, here: every writer (summary.csv, the progress line) reports the same rates.
  if (r.job && r.job->op.func)
    out.rates = op_rates(*r.job->op.func, r.job->op.args, r.comm_size, out.median, out.median_ci_lo,
                         out.median_ci_hi);
  if (r.overlap_pure_s >= 0)
    out.overlap_pct = overlap_percent(out.median, r.overlap_compute_s, r.overlap_pure_s);
  return out;
}

}  // namespace metron::rt
