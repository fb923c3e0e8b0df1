// StopRule: the data form of a job's `stop when <expr>`, a tree of And / Or / Not over
// comparisons of running terms and "ci(statistic, level) within x" precision tests.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace metron::adapt {

// A running quantity of the job's sample (StopEvaluator computes it after each batch):
//   Reps       number of observations so far (n)
//   Elapsed    seconds since the job started (supplied by the runtime with each batch)
//   Rse        sd / sqrt(n) / mean over all observations, n - 1 in the sd (SKaMPI's relative
//              standard error; SKaMPI 5 src/measurement.c). Undefined for n < 2 or mean 0.
//   CovMean    ReproMPI's cov_mean(window): CoV of the (Tukey-filtered) means of the last
//              `window` prefixes of the sample (stats/cov_window.h).
//   CovMedian  the same with medians, no filter.
enum class TermKind { Reps, Elapsed, Rse, CovMean, CovMedian };

struct Term {
  TermKind kind = TermKind::Reps;
  std::size_t window = 0;  // CovMean / CovMedian only: w >= 2
};

enum class CompareOp { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual };

// term op value, e.g. reps >= 20, rse < 0.05, cov_mean(20) < 0.01, elapsed >= 10 (seconds).
struct Compare {
  Term term;
  CompareOp op = CompareOp::GreaterEqual;
  double value = 0.0;
};

enum class CiStatistic { Median, Mean, Quantile };

// ci(statistic, level) within max_rel_half_width: true when the level-CI of the statistic has
// relative half-width <= max_rel_half_width, where
//   relative half-width = max(upper - estimate, estimate - lower) / |estimate|,
// i.e. both sides of a possibly asymmetric interval lie within that fraction of the estimate
// (the reading of "the 95% CI is within 5% of the median" in Hoefler & Belli, SC15 §4.2.2).
// Median and Quantile use the order-statistic CI (stats/median_ci.h) around the type 7 sample
// quantile; Mean uses the Student-t CI (stats/mean_ci.h) around the sample mean.
struct Within {
  CiStatistic statistic = CiStatistic::Median;
  double q = 0.5;                    // Quantile only, in (0, 1)
  double level = 0.95;               // in (0, 1)
  double max_rel_half_width = 0.05;  // > 0
};

struct StopRule;

// Composite nodes own their operands. And / Or take one or more; Not exactly one.
struct And {
  std::vector<StopRule> operands;
};
struct Or {
  std::vector<StopRule> operands;
};
struct Not {
  std::vector<StopRule> operands;  // exactly one
};

struct StopRule {
  std::variant<Compare, Within, And, Or, Not> node;
};

// Builders for code and tests (the front end builds the same structs from the AST).
inline StopRule compare(Term term, CompareOp op, double value) {
  return StopRule{Compare{term, op, value}};
}
inline StopRule reps_at_least(std::size_t n) {
  return compare(Term{TermKind::Reps, 0}, CompareOp::GreaterEqual, static_cast<double>(n));
}
inline StopRule ci_within(CiStatistic statistic, double level, double max_rel_half_width,
                          double q = 0.5) {
  return StopRule{
      Within{statistic, statistic == CiStatistic::Median ? 0.5 : q, level, max_rel_half_width}};
}
inline StopRule all_of(std::vector<StopRule> operands) {
  return StopRule{And{std::move(operands)}};
}
inline StopRule any_of(std::vector<StopRule> operands) {
  return StopRule{Or{std::move(operands)}};
}
inline StopRule negate(StopRule operand) {
  std::vector<StopRule> one;
  one.push_back(std::move(operand));
  return StopRule{Not{std::move(one)}};
}

// What is wrong with a rule, for the front end's diagnostics (None when it is well formed).
enum class StopRuleError {
  None,
  EmptyOperands,  // And / Or without operands
  NotArity,       // Not without exactly one operand
  BadWindow,      // cov_mean / cov_median window < 2
  BadLevel,       // level outside (0, 1)
  BadQuantile,    // q outside (0, 1)
  BadHalfWidth,   // max_rel_half_width not > 0
  BadValue,       // comparison value NaN
};
StopRuleError validate(const StopRule& rule);

// The smallest number of observations at which the rule can hold: from its reps clauses (>= k,
// > k, == k), the observations a CI needs to be assessable at its level (6 for a median at
// 95%), 2 for rse and a mean CI; max over an And, min over an Or, 1 under Not. The runtime
// takes its first batch this large: checking `reps >= 20 and ci(...)` after 4, 8, 12 and 16
// observations costs a gather and a broadcast each and can never stop the job.
std::size_t rule_min_reps(const StopRule& rule);

// A `reps >= k` budget of the rule: the rule itself, or an operand of its top-level Or, however
// the Ors nest (the smallest k); 0 when there is none. The runtime cuts its batches there, so that
// `reps >= 1000 or ...` stops at 1000 observations, not at the end of a larger batch.
std::size_t rule_reps_cap(const StopRule& rule);

// The rule in the script's syntax, e.g. "reps >= 20 and ci(median, 95%) within 1%", for the
// manifest and for "measured until ..." statements (Hoefler & Belli, "Scientific Benchmarking of
// Parallel Computing Systems", §5: state how many measurements were taken and why).
std::string to_string(const StopRule& rule);

}  // namespace metron::adapt
