// StopEvaluator: owns a job's running sample and decides after each batch whether to stop,
// applying the script's StopRule inside hard budgets (min/max repetitions, time).
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/adapt/stop_reason.h"
#include "runtime/adapt/stop_rule.h"
#include "runtime/stats/ordered_sample.h"
#include "runtime/stats/running_moments.h"

namespace metron::adapt {

// Hard budgets around the rule. The rule is not consulted before min_reps observations
// (unless the time budget runs out first); the job always stops at max_reps or max_seconds.
// A budget with min_reps > max_reps behaves as min_reps = max_reps.
struct StopBudget {
  std::size_t min_reps = 1;
  std::size_t max_reps = std::numeric_limits<std::size_t>::max();
  double max_seconds = std::numeric_limits<double>::infinity();
};

// Which precision a decision reports: the relative CI half-width of the rule's first
// Within leaf (depth-first), or the RSE when the rule has no Within leaf (or there is no rule).
enum class PrecisionKind { CiRelativeHalfWidth, Rse };

struct StopDecision {
  bool stop = false;
  StopReason reason = StopReason::NotStopped;
  std::size_t reps = 0;
  double elapsed_s = 0.0;
  double precision = 0.0;  // NaN while not assessable
  PrecisionKind precision_kind = PrecisionKind::Rse;
  // CiRelativeHalfWidth: the coverage of the interval `precision` describes. The leaf's level
  // when its CI is assessable; with too few observations for that level (a median needs 6 at
  // 95%), the half-width of [min, max] and that interval's own, lower coverage
  // (1 - q^n - (1 - q)^n), so that a precision is always reported. NaN for Rse.
  double coverage = std::numeric_limits<double>::quiet_NaN();
};

// Three-valued (Kleene) truth of a rule: a term that is undefined right now (rse at n = 1,
// cov_mean(20) at n < 20, a CI that is not assessable) makes its leaf Unknown. And is False if
// any operand is False, True if all are True; Or dually; Not swaps True and False. A job stops
// on the rule only when it is True, so "not yet assessable" never stops a job, even under Not.
enum class Truth { False, True, Unknown };

// The CI of a Within leaf's statistic on the current sample.
struct CiSnapshot {
  double estimate = 0.0;
  double lower = 0.0;
  double upper = 0.0;
  double relative_half_width = 0.0;  // max(upper - est, est - lower) / |est|; NaN if undefined
  bool assessable = false;
  bool widened = false;  // the interval was narrower than the timer quantum and was widened
};

// A CI narrower than the timer's quantum claims more than the clock can tell: it is widened to
// [estimate - quantum / 2, estimate + quantum / 2] (joined with the interval). quantum <= 0: none.
void widen_to_quantum(CiSnapshot& ci, double quantum);

// relative half-width as defined in stop_rule.h (Within); NaN when estimate is 0 or a bound NaN
double relative_half_width(double estimate, double lower, double upper);

// Cost: appending keeps running moments (Welford) and the banded order statistics of
// stats::OrderedSample up to date; an evaluation reads a few order statistics and caches the
// normal and t quantiles per level, so it costs O(1) to O(log n) once the bands have settled,
// not a sort. cov_mean / cov_median cost O(window log n). bench/stop_rule_overhead.cpp measures
// a 10^6-observation job.
class StopEvaluator {
 public:
  // Reserves room for min(max_reps, kAutoReserve) observations up front (see reserve()).
  explicit StopEvaluator(StopBudget budget, std::optional<StopRule> rule = std::nullopt);

  // Allocate and touch the storage for n observations now, before the timed loop starts, as the
  // runtime does for its timestamp arrays: the first touch of fresh pages otherwise lands in
  // add_batch() (page faults cost 0.1-50 us each, depending on the machine).
  void reserve(std::size_t n);
  // 32 KiB of doubles. It was 8 MiB: writing 16 MiB (values and scratch) cost 3-8 ms per job on
  // the 2-core VM, more than the ~40 observations a CI rule usually needs: a rule
  // that stops early must also cost little. Beyond it the vectors grow geometrically between
  // batches, never in a timed loop.
  static constexpr std::size_t kAutoReserve = std::size_t{1} << 12;

  // Append the batch's per-observation values (seconds, or whatever unit the job reports; NaN
  // values are skipped and not counted), then decide. elapsed_s: the job's time so far.
  StopDecision add_batch(std::span<const double> values, double elapsed_s);
  // Decide again on the current sample, e.g. when the time budget is checked without new data.
  StopDecision evaluate(double elapsed_s);
  // The timer's quantum in the unit of the values (seconds): CIs narrower than it are widened
  // (widen_to_quantum) before the rule compares them. 0 (the default): no widening.
  void set_quantum(double quantum) { quantum_ = quantum; }

  std::size_t reps() const { return sample_.size(); }
  std::span<const double> values() const { return sample_.values(); }
  const StopBudget& budget() const { return budget_; }
  const std::optional<StopRule>& rule() const { return rule_; }
  const stats::OrderedSample& sample() const { return sample_; }  // e.g. its rebuild_count()

  // The pieces of a decision, for reporting and tests. NaN / not assessable when undefined.
  double term_value(const Term& term);
  CiSnapshot ci(const Within& within);
  Truth truth(const StopRule& rule);
  // The truth of the precision part of the rule: as truth(), but an operand of an Or (an And
  // under Not) that contains no precision leaf (ci within, rse, cov_mean, cov_median) counts
  // as not holding. `reps >= 1000 or (reps >= 20 and ci(median, 95%) within 5%)` is True here
  // only when the CI clause holds; a rule without any precision leaf is never True here.
  Truth precision_truth(const StopRule& rule);
  static bool has_precision_leaf(const StopRule& rule);

 private:
  double z_for(double level);
  double t_for(std::size_t df, double level);
  CiSnapshot quantile_snapshot(double q, double level);
  const Within* first_within(const StopRule& rule) const;
  Truth precision_truth(const StopRule& rule, bool positive);
  bool elapsed_clause_holds(const StopRule& rule);
  static bool needs_order_statistics(const StopRule& rule);

  StopBudget budget_;
  std::optional<StopRule> rule_;
  stats::OrderedSample sample_;
  stats::RunningMoments moments_;
  double elapsed_s_ = 0.0;
  double quantum_ = 0.0;
  // Per-level caches of Φ⁻¹(1 - α/2) and of the last t(df, 1 - α/2): Boost's inverse functions
  // cost far more than the rest of an evaluation.
  std::vector<std::pair<double, double>> z_cache_;
  struct TCache {
    std::size_t df = 0;
    double level = 0.0;
    double t = 0.0;
  };
  std::vector<TCache> t_cache_;
  // During evaluate(): the CI already computed for the reported precision, reused when the
  // rule's truth reaches the same leaf.
  const Within* precision_leaf_ = nullptr;
  CiSnapshot precision_ci_;
};

}  // namespace metron::adapt
