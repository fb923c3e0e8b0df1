// Per-job statistics for summary.csv: outlier filter, location, dispersion, CIs, quantiles.
// Computed here so that writers only format (STYLE.md §2.7 rule 7).
#pragma once

#include <cstdint>

#include "runtime/plan/op_rates.h"
#include "runtime/plan/settings.h"
#include "runtime/results/job_result.h"

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
  // Stationarity of the recorded series (after the warm-up), outside any timed region:
  std::int64_t truncated = 0;  // leading observations dropped by MSER-5 (stats/mser.h)
  double trend_p = 0;          // Mann-Kendall p over batch means of the kept series; NaN: n/a
  double trend_change = 0;     // (median of the last third - first third) / first third
  bool stationary = true;      // false when trend_p < kTrendAlpha and |trend_change| > 5%
  // The median CI's honesty: ties among the used observations, its stated coverage (exact
  // binomial coverage of its ranks), widening to the timer quantum, and whether the stated
  // coverage is a lower bound (ties or widening make the true coverage higher).
  std::int64_t ties = 0;
  double ci_coverage = 0;
  bool ci_widened = false;
  bool ci_conservative = false;
  std::string noise;  // noisy-machine findings: the launch's, the job's contention, descheduled
                      // observations
  // MB/s and messages/s from the median and its CI (NaN where the operation has none).
  OpRates rates = kNoRates;
  // I<collective>_overlap: OSU's overlap of the median with the compute (overlap_percent);
  // NaN for other operations.
  double overlap_pct = kRateNaN;
};

// A job whose trend test rejects at this level is flagged as not stationary.
inline constexpr double kTrendAlpha = 0.01;
// ... and the drift is larger than this fraction (a significant 0.4% drift of a 30-observation
// job on a busy machine is no reason to distrust its median).
inline constexpr double kTrendMinChange = 0.05;
// The trend test runs on at most this many batch means (stats::batch_means).
inline constexpr std::size_t kTrendBatches = 50;
// MSER-5's truncation is applied when the dropped prefix's median exceeds the kept series'
// median by more than this fraction (a steady series gets no truncation for noise), ...
inline constexpr double kTruncationMinShift = 0.05;
// ... and only on series of at least this many observations (10 batches of 5): on 20
// observations MSER chooses among 3 cuts and once kept the slow half of a disturbed job.
inline constexpr std::size_t kTruncationMinN = 50;

JobSummary summarize(const JobResult& r, const Settings& s);

// A measurement of a job that `set noisy_job = remeasure` replaced by a less contended one: its
// record and statistics, for raw_attempts.csv and the manifest.
struct SupersededAttempt {
  const JobResult* result = nullptr;
  JobSummary summary;
};

}  // namespace metron::rt
