// SkampiStopping: SKaMPI 5's repetition control exactly as its measurement loop does it
// (SKaMPI 5 src/measurement.c): RSE stopping rule on running sums, hard limit, batch sizes, and the
// interquartile trimmed mean as the reported value.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "runtime/adapt/stopping.h"
#include "runtime/stats/trimmed_mean.h"

namespace metron::adapt {

// SKaMPI's settings (set_min_repetitions, set_max_repetitions,
// set_max_relative_standard_error) with SKaMPI's defaults, plus how the scheme synchronizes.
struct SkampiParams {
  std::size_t min_repetitions = 8;
  std::size_t max_repetitions = 33;
  double max_relative_standard_error = 0.10;
  // The measurement function initializes SKaMPI's synchronization (collectives do): the first
  // batch is a calibration batch of 4 repetitions. Otherwise it has min_repetitions.
  bool synchronized_scheme = false;
  // Window ("real time") synchronization: later batches adapt to late starts (see
  // next_batch_size()). Otherwise every later batch has max(4, min_repetitions).
  bool window_sync = false;
  // Not in SKaMPI: a time budget, so that a job whose repetitions are all invalid cannot run
  // forever. Infinite by default (SKaMPI behaviour).
  double max_seconds = std::numeric_limits<double>::infinity();
};

// Per batch (root rank), as SKaMPI's measurement_loop():
// - Each valid repetition's value x_i (the maximum over ranks) enters running sums S = sum x_i,
//   Q = sum x_i^2; repetitions flagged invalid on any rank (window sync) are dropped and do not
//   count. With n valid repetitions: mean = S / n, SE = sqrt(|Q - S^2/n| / (n (n - 1))).
// - stop when n >= max_repetitions, or n >= min_repetitions and SE <= max_rse * mean.
// - hard limit = max(4, floor(1.5 max_repetitions + 0.5)): a batch is cut so that the valid
//   repetitions never exceed it (SKaMPI sizes its arrays with it). Unlike SKaMPI, Metron also
//   cuts a batch at max_repetitions, so that the maximum is never exceeded.
// - Batch sizes: first 4 (synchronized scheme) or min_repetitions; then with window sync the
//   first batch is followed by min_repetitions, and a batch halves (not below 4) when more than
//   half of the previous one started late in a row; without window sync max(4,
//   min_repetitions).
// - Reported value: the interquartile trimmed mean of all valid repetitions
//   (stats::interquartile_trimmed_mean), with its standard error.
// The stop reason is RuleMet when the RSE test holds, MaxReps when only the count does.
class SkampiStopping {
 public:
  explicit SkampiStopping(SkampiParams params);

  // max(4, floor(1.5 max_repetitions + 0.5))
  std::size_t hard_limit() const { return hard_limit_; }
  // Repetitions to run next: the current batch size cut at the hard limit; 0 once stopped.
  std::size_t next_batch_size() const;

  // Record a batch. valid: the values of the repetitions that were valid on every rank;
  // attempted: how many repetitions the batch ran (valid + invalid); longest_late_run: the
  // longest run of consecutive late starts on any rank (window sync only). elapsed_s: job time.
  StopDecision add_batch(std::span<const double> valid, std::size_t attempted,
                         std::size_t longest_late_run = 0, double elapsed_s = 0.0);

  bool stopped() const { return stopped_; }
  // Measures on after a stop (Metron's transient guard disagreed: transient_guard.h); the next
  // batch has the usual size.
  void resume() { stopped_ = false; }
  std::size_t reps() const { return values_.size(); }
  std::span<const double> values() const { return values_; }
  double mean() const;            // S / n; NaN for n = 0
  double standard_error() const;  // SKaMPI's SE; NaN for n < 2
  // The reported value; empty before the first valid repetition.
  std::optional<stats::TrimmedMean> result() const;

 private:
  SkampiParams params_;
  std::size_t hard_limit_;
  std::size_t batch_;
  bool first_batch_ = true;
  bool stopped_ = false;
  double sum_ = 0.0;     // S
  double sum_sq_ = 0.0;  // Q
  std::vector<double> values_;
};

}  // namespace metron::adapt
