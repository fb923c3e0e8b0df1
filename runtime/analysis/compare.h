// Comparing two sets of launches job by job (Hunold & Carpen-Amarie, [A] §6, [J] §5): the
// per-launch medians of A and of B, Wilcoxon rank-sum test (R's wilcox.test), or the
// signed-rank test on per-launch differences when A and B were measured in the same launches;
// the Hodges-Lehmann shift and ratio B/A with CIs; p-values adjusted across the jobs of the
// comparison (Holm by default); TOST equivalence within a margin; a verdict per job and, when it
// is inconclusive, the launches that would decide it. Between two results folders, between the
// levels of a launch factor inside one folder, between operations paired by the user
// (--pair A=B), and for replay verdicts. No MPI.
// The options are compare_options.h; compare_statistics.cpp tests and decides, compare.cpp
// matches the jobs, compare_output.cpp formats the tables and the CSV.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/compare_options.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/analysis/results_data.h"
#include "runtime/analysis/undecided.h"
#include "runtime/stats/alternative.h"
#include "runtime/stats/verdict.h"

namespace metron::analysis {

struct Comparison {
  JobKey key;                    // of A's series
  std::string op_b;              // B's operation when paired by --pair (else B's op is A's)
  std::string skip_factor;       // the factor whose levels are compared (not part of the label)
  std::string level_a, level_b;  // those levels, or empty between folders
  std::vector<double> a, b;      // per-launch medians, seconds (same launch order when paired)
  bool paired = false;           // measured in the same launches: signed-rank on b - a
  double median_a = 0, median_b = 0;  // medians of the per-launch medians
  double ratio = 0;                   // median_b / median_a
  bool tested = false;                // both sides have at least one launch
  double w = 0;                       // R's W statistic (V when paired)
  double p_value = 0;                 // raw; NaN when not defined (e.g. everything tied)
  double p_adjusted = 0;              // after the correction across the comparison's jobs
  bool exact = false;                 // exact null distribution (else normal approximation)
  bool significant = false;           // p_adjusted <= alpha
  // The smallest p-value the exact test can give for these sample sizes is <= alpha: with 3
  // launches per side no two-sided p-value gets below 0.1, so "not rejected" says nothing.
  bool can_reject = false;
  // Effect of B relative to A: Hodges-Lehmann shift (seconds) and ratio with their CIs at
  // 1 - alpha (ci_level: the level R reports, lower when too few launches); NaN when undefined.
  double shift_s = 0, shift_lo_s = 0, shift_hi_s = 0;
  double ratio_hl = 0, ratio_lo = 0, ratio_hi = 0;
  double ci_level = 0;
  double p_equivalence = 0;           // TOST within +-margin, raw
  double p_equivalence_adjusted = 0;  // after the same correction
  bool decidable = false;             // the exact test can reach the corrected level at all
  stats::Verdict verdict = stats::Verdict::Inconclusive;
  std::optional<std::size_t> launches_needed;  // per side, for an inconclusive verdict
  Undecided undecided = Undecided::Planned;    // why an inconclusive verdict has no count
  NoiseSummary noise;  // of the launches of both sides behind a and b (noise_flags.h)
};

// --- the statistics of a comparison (compare_statistics.cpp) ------------------------------------

// The smallest p-value of the exact rank-sum test with m and n observations: 1 / C(m + n, m)
// one-sided, twice that two-sided (all of one sample below all of the other). 1 if m or n is 0.
double min_attainable_p(std::size_t m, std::size_t n, stats::Alternative alternative);

// Test one pair of samples (fills every field but key and levels; p_adjusted = p_value and the
// verdict as for a single job until adjust_and_decide runs over the whole comparison).
Comparison compare_samples(std::vector<double> a, std::vector<double> b, const CompareOptions& o,
                           bool paired = false);

// Adjusts the p-values of the comparisons together (o.adjust) and gives each its verdict and,
// when inconclusive, the launches needed (stats/verdict.h).
void adjust_and_decide(std::vector<Comparison>& cs, const CompareOptions& o);

// The exit code of a replay whose jobs lead (docs/cli.md, "Exit codes"): kExitReplayDiffers when
// a job differs beyond the margin (verdict `differs`), else kExitReplayUndecided when a job is
// inconclusive, else 0 (every job equivalent, or a difference within the margin).
int jobs_exit_code(const std::vector<Comparison>& c);

// --- which jobs are compared (compare.cpp) ----------------------------------------------------

// Jobs of A matched with jobs of B by block, op, bytes, comm size, loop variables and launch
// factor values (and occurrence), or by o.pairs; `unmatched` counts the jobs found on one side
// only. Adjusted and decided.
std::vector<Comparison> compare_results(const ResultsData& a, const ResultsData& b,
                                        const CompareOptions& o, std::size_t* unmatched = nullptr);

// Inside one folder: each level of `factor` against its first level (in order of appearance),
// jobs matched by everything but that factor. Empty with `error` set if the folder has no such
// factor (the message lists the folder's factors) or fewer than two levels.
std::vector<Comparison> compare_levels(const ResultsData& d, const std::string& factor,
                                       const CompareOptions& o, std::string& error);

// Inside one folder: the operations of o.pairs measured in the same launches, paired launch by
// launch (signed-rank). Empty with `error` set when no job of a pair is found.
std::vector<Comparison> compare_paired_ops(const ResultsData& d, const CompareOptions& o,
                                           std::string& error);

// --- the tables and the CSV (compare_output.cpp; only formats) ---------------------------------

// "***" for p <= 0.001, "**" <= 0.01, "*" <= 0.05, "" otherwise (and for NaN).
std::string stars(double p);

// The header lines shared by the tables: test, alternative, alpha, correction, margin.
std::string comparison_header(const std::vector<Comparison>& c, const CompareOptions& o);
// The table people read (microseconds), and the CSV (seconds; docs/output.md).
std::string comparison_table(const std::vector<Comparison>& c, const CompareOptions& o,
                             const std::string& name_a, const std::string& name_b);
bool write_comparison_csv(const std::string& path, const std::vector<Comparison>& c,
                          const CompareOptions& o, std::string& error);

// Replay: the verdict per job against the recording, with a count per verdict.
std::string verdict_table(const std::vector<Comparison>& c, const CompareOptions& o);

}  // namespace metron::analysis
