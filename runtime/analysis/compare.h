// Comparing two sets of launches job by job (Hunold & Carpen-Amarie, [A] §6, [J] §5): the
// per-launch medians of A and of B, Wilcoxon rank-sum test (R's wilcox.test), ratio of the
// medians of medians B/A, p-value and stars. Between two results folders, between the levels of
// a launch factor inside one folder, and for replay verdicts. No MPI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"
#include "runtime/stats/alternative.h"

namespace metron::analysis {

struct CompareOptions {
  stats::Alternative alternative = stats::Alternative::TwoSided;
  double alpha = 0.05;
};

struct Comparison {
  JobKey key;                    // of A's series
  std::string skip_factor;       // the factor whose levels are compared (not part of the label)
  std::string level_a, level_b;  // those levels, or empty between folders
  std::vector<double> a, b;      // per-launch medians, seconds
  double median_a = 0, median_b = 0;  // medians of the per-launch medians
  double ratio = 0;                   // median_b / median_a
  bool tested = false;                // both sides have at least one launch
  double w = 0;                       // R's W statistic
  double p_value = 0;                 // NaN when not defined (e.g. everything tied)
  bool exact = false;                 // exact null distribution (else normal approximation)
  bool significant = false;           // p <= alpha
  // The smallest p-value the exact test can give for these sample sizes is <= alpha: with 3
  // launches per side no two-sided p-value gets below 0.1, so "not rejected" says nothing.
  bool can_reject = false;
};

// The smallest p-value of the exact rank-sum test with m and n observations: 1 / C(m + n, m)
// one-sided, twice that two-sided (all of one sample below all of the other). 1 if m or n is 0.
double min_attainable_p(std::size_t m, std::size_t n, stats::Alternative alternative);

// "***" for p <= 0.001, "**" <= 0.01, "*" <= 0.05, "" otherwise (and for NaN).
std::string stars(double p);
std::optional<stats::Alternative> parse_alternative(const std::string& s);
const char* alternative_name(stats::Alternative a);

// Test one pair of samples (fills every field but key and levels).
Comparison compare_samples(std::vector<double> a, std::vector<double> b, const CompareOptions& o);

// Jobs of A matched with jobs of B by block, op, bytes, comm size, loop variables and launch
// factor values (and occurrence); `unmatched` counts the jobs found on one side only.
std::vector<Comparison> compare_results(const ResultsData& a, const ResultsData& b,
                                        const CompareOptions& o, std::size_t* unmatched = nullptr);

// Inside one folder: each level of `factor` against its first level (in order of appearance),
// jobs matched by everything but that factor. Empty with `error` set if the folder has no such
// factor or fewer than two levels.
std::vector<Comparison> compare_levels(const ResultsData& d, const std::string& factor,
                                       const CompareOptions& o, std::string& error);

// The table people read (microseconds), and the CSV (seconds; docs/experiments.md).
std::string comparison_table(const std::vector<Comparison>& c, const CompareOptions& o,
                             const std::string& name_a, const std::string& name_b);
bool write_comparison_csv(const std::string& path, const std::vector<Comparison>& c,
                          const CompareOptions& o, std::string& error);

// Replay: "reproduced" when the two-sided test does not reject at alpha, "differs" when it does,
// "untested" when a side has no launch, the p-value is undefined, or too few launches to ever
// reject at alpha (can_reject).
std::string verdict(const Comparison& c);
std::string verdict_table(const std::vector<Comparison>& c, const CompareOptions& o);

}  // namespace metron::analysis
