// How many observations a job takes: a fixed count (`set reps`), the script's `stop when` rule
// (adapt::StopEvaluator) or SKaMPI's RSE rule (adapt::SkampiStopping), always within min/max
// repetitions and the time budget. Runs on the job root only; the executor broadcasts.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "runtime/adapt/batch_schedule.h"
#include "runtime/adapt/confirmation.h"
#include "runtime/adapt/stopping.h"
#include "runtime/adapt/stopping_skampi.h"
#include "runtime/plan/settings.h"
#include "runtime/results/job_result.h"

namespace metron::rt {

class StopControl {
 public:
  // quantum_s: the timer's quantum; rule CIs narrower than it are widened (adapt::StopEvaluator).
  explicit StopControl(const Settings& s, double quantum_s = 0);
  std::int64_t first_batch() const { return first_; }
  // After a batch: the size of the next one, or 0 to stop. `values`/`valid` hold every
  // observation so far; only the new ones (since the last call) are read.
  std::int64_t next_batch(const std::vector<double>& values, const std::vector<std::uint8_t>& valid,
                          double elapsed_s);
  // Untimed calls to run before the next batch: the spacer of a confirmation (confirmation.h),
  // 0 otherwise. Valid after next_batch().
  std::int64_t spacer() const { return spacer_; }
  // `batch` cut to the observations that fit what is left of the time budget (max_time; elapsed_s
  // counted as for next_batch) at per_obs_s each, at least 1: a batch of a hundred observations
  // of half a second would overrun a 10 s budget by a minute. A fixed count (`set reps`) and an
  // unknown per_obs_s (<= 0) leave it as it is.
  std::int64_t within_budget(std::int64_t batch, double elapsed_s, double per_obs_s) const;
  // Confirmations (a `stop when` rule's, and the transient guard's of SKaMPI's rule): rounds,
  // disagreements, spacer calls.
  const adapt::Confirmation& confirmation() const { return confirm_; }
  StopReason reason() const { return reason_; }
  double achieved_precision() const { return precision_; }
  double achieved_coverage() const { return coverage_; }  // -1: not a CI (RSE) or none
  double rule_time_s() const { return rule_time_s_; }

 private:
  std::int64_t next_rule_batch(double elapsed_s);
  std::int64_t next_skampi_batch(std::size_t attempted, double elapsed_s);
  double measuring_s() const;

  const Settings& s_;
  bool count_valid_only_ = false;  // roundtime: invalid observations are redone
  double started_ = 0;             // launch_clock_s() at construction
  std::int64_t first_ = 1;
  std::int64_t taken_ = 0;
  std::size_t seen_ = 0;
  StopReason reason_ = StopReason::FixedReps;
  double precision_ = -1;
  double coverage_ = -1;
  double rule_time_s_ = 0;
  std::optional<adapt::StopEvaluator> rule_;
  std::optional<adapt::BatchSchedule> batches_;  // with rule_
  std::optional<adapt::SkampiStopping> skampi_;
  std::vector<double> fresh_;
  adapt::Confirmation confirm_;
  std::int64_t spacer_ = 0;
};

}  // namespace metron::rt
