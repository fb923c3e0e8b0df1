// Per-job statistics for summary.csv: outlier filter, location, dispersion, CIs, quantiles.
// Computed here so that writers only format (STYLE.md §2.7 rule 7).
#pragma once

#include <cstdint>

#include "interpreter/settings.h"
#include "runtime/exec/job_result.h"

namespace metron::rt {

struct JobSummary {
  std::int64_t n = 0;         // observations measured
  std::int64_t valid_n = 0;   // of which valid (window sync)
  std::int64_t outliers = 0;  // removed by the outlier filter
  std::int64_t used_n = 0;    // in the statistics below
  double mean = 0, median = 0, min = 0, max = 0, sd = 0;
  double mean_ci_lo = 0, mean_ci_hi = 0;
  double median_ci_lo = 0, median_ci_hi = 0;
  bool median_ci_ok = false;  // false: "not assessable" (too few observations)
  double p5 = 0, p25 = 0, p75 = 0, p95 = 0, p99 = 0;
  double ci_rel_half_width = 0;  // of the median CI
  double trimmed_mean = 0;       // SKaMPI's interquartile mean (its reported value)
};

JobSummary summarize(const JobResult& r, const Settings& s);

}  // namespace metron::rt
