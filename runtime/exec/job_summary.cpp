// summarize(): the statistics of one job's valid observations after the outlier filter.
#include "runtime/exec/job_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/stats/descriptive.h"
#include "runtime/stats/mean_ci.h"
#include "runtime/stats/median_ci.h"
#include "runtime/stats/quantile.h"
#include "runtime/stats/trimmed_mean.h"
#include "runtime/stats/tukey.h"

namespace metron::rt {

const char* stop_reason_name(StopReason r) {
  // ORDER STOP_REASONS
  static const char* const names[] = {"fixed_reps",  "rule_met", "max_reps",
                                      "time_budget", "error",    "skipped"};
  return names[static_cast<int>(r)];
}

JobSummary summarize(const JobResult& r, const Settings& s) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  JobSummary out;
  out.n = static_cast<std::int64_t>(r.time_s.size());
  std::vector<double> x;
  x.reserve(r.time_s.size());
  for (std::size_t i = 0; i < r.time_s.size(); ++i)
    if (i >= r.valid.size() || r.valid[i]) x.push_back(r.time_s[i]);
  out.valid_n = static_cast<std::int64_t>(x.size());
  if (s.outliers == OutlierKind::Tukey) {
    if (auto f = stats::tukey_filter(x, s.tukey_k)) {
      out.outliers = static_cast<std::int64_t>(x.size() - f->kept.size());
      x = f->kept;
    }
  } else if (s.outliers == OutlierKind::Trimmed && x.size() >= 4) {
    // SKaMPI: drop floor(n/4) from each end.
    std::sort(x.begin(), x.end());
    std::size_t k = x.size() / 4;
    out.outliers = static_cast<std::int64_t>(2 * k);
    x = std::vector<double>(x.begin() + static_cast<std::ptrdiff_t>(k),
                            x.end() - static_cast<std::ptrdiff_t>(k));
  }
  out.used_n = static_cast<std::int64_t>(x.size());
  if (x.empty()) {
    out.mean = out.median = out.min = out.max = out.sd = kNaN;
    out.mean_ci_lo = out.mean_ci_hi = out.median_ci_lo = out.median_ci_hi = kNaN;
    out.p5 = out.p25 = out.p75 = out.p95 = out.p99 = out.ci_rel_half_width = kNaN;
    out.trimmed_mean = kNaN;
    return out;
  }
  out.mean = stats::mean(x);
  out.median = stats::median(x);
  out.min = stats::min(x);
  out.max = stats::max(x);
  out.sd = stats::sd(x);
  auto mci = stats::mean_ci(x, 0.95);
  out.mean_ci_lo = mci.lower;
  out.mean_ci_hi = mci.upper;
  auto qci = stats::median_ci(x, 0.95);
  out.median_ci_ok = qci.assessable();
  out.median_ci_lo = qci.assessable() ? qci.lower : kNaN;
  out.median_ci_hi = qci.assessable() ? qci.upper : kNaN;
  out.ci_rel_half_width =
      qci.assessable() && out.median != 0
          ? std::max(qci.upper - out.median, out.median - qci.lower) / std::fabs(out.median)
          : kNaN;
  out.p5 = stats::quantile(x, 0.05);
  out.p25 = stats::quantile(x, 0.25);
  out.p75 = stats::quantile(x, 0.75);
  out.p95 = stats::quantile(x, 0.95);
  out.p99 = stats::quantile(x, 0.99);
  auto tm = stats::interquartile_trimmed_mean(x);
  out.trimmed_mean = tm ? tm->mean : kNaN;
  return out;
}

}  // namespace metron::rt
