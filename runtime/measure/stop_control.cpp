// StopControl (see stop_control.h).
#include "runtime/measure/stop_control.h"

#include "runtime/launch_clock.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace metron::rt {

namespace {
// Fixed counts are measured in chunks so that the gathers stay bounded.
constexpr std::int64_t kFixedChunk = 10000;

}  // namespace

StopControl::StopControl(const Settings& s, double quantum_s)
    : s_(s), count_valid_only_(s.sync.kind == ProcSyncKind::RoundTime), started_(launch_clock_s()) {
  if (s.reps) {
    first_ = std::min(*s.reps, kFixedChunk);
    reason_ = StopReason::FixedReps;
  } else if (s.stop) {
    adapt::StopBudget b;
    b.min_reps = static_cast<std::size_t>(s.min_reps);
    b.max_reps = static_cast<std::size_t>(s.max_reps);
    b.max_seconds = s.max_time_s;
    rule_.emplace(b, *s.stop);
    rule_->set_quantum(quantum_s);
    adapt::BatchParams bp;
    bp.step = s.batch_step;
    // `set batch = fixed(4)` cannot be told from the default, which grows.
    bp.fixed = s.batch_schedule == "fixed" && s.batch_step > 0 && s.batch_step != 4;
    bp.min_reps = s.min_reps;
    bp.max_reps = s.max_reps;
    bp.rule_min_reps = adapt::rule_min_reps(*s.stop);
    bp.reps_cap = adapt::rule_reps_cap(*s.stop);
    batches_.emplace(bp);
    first_ = batches_->first();
  } else {
    adapt::SkampiParams p;
    p.min_repetitions = static_cast<std::size_t>(s.min_reps);
    p.max_repetitions = static_cast<std::size_t>(s.max_reps);
    p.max_relative_standard_error = s.max_rse;
    p.max_seconds = s.max_time_s;
    skampi_.emplace(p);
    first_ = static_cast<std::int64_t>(skampi_->next_batch_size());
  }
}

// The rule's verdict, with a confirmation before a stop on precision (confirmation.h): when the
// precision part holds and is not confirmed yet, a spacer and one more batch; the job stops when
// that batch's median agrees with the sample's and the rule holds on the grown sample. After a
// disagreement it measures on and confirms again the next time the rule holds, up to
// max_rounds; budget stops (max_reps, time, the rule's own reps/elapsed clauses) are immediate.
std::int64_t StopControl::next_rule_batch(double elapsed_s) {
  const adapt::StopDecision d = rule_->add_batch(fresh_, elapsed_s);
  precision_ = std::isnan(d.precision) ? -1 : d.precision;
  coverage_ = std::isnan(d.precision) || std::isnan(d.coverage) ? -1 : d.coverage;
  const bool agreed = confirm_.pending() && confirm_.finish(fresh_);
  const auto n = static_cast<std::int64_t>(rule_->reps());
  if (!d.stop) return batches_->next(rule_->reps());
  if (d.reason != StopReason::RuleMet || agreed) {
    reason_ = d.reason;
    return 0;
  }
  // The confirmation batch stays within the budgets: max_reps and a `reps >= k` clause of the
  // rule (quickstart.bench's `reps >= 100` stopped at 112 before).
  std::int64_t limit = s_.max_reps;
  if (const std::size_t cap = adapt::rule_reps_cap(*s_.stop); cap > 0)
    limit = std::min(limit, static_cast<std::int64_t>(cap));
  if (auto r = confirm_.start(rule_->values(), d.precision, first_, limit - n,
                              s_.max_time_s - measuring_s())) {
    spacer_ = r->spacer;
    return r->batch;
  }
  reason_ = d.reason;  // no round or room left: the rule is trusted as it is
  return 0;
}

double StopControl::measuring_s() const {
  return launch_clock_s() - started_;
}

// SKaMPI's rule as SKaMPI runs it, with Metron's transient guard (transient_guard.h): when the
// RSE test holds on at most the guard's early_reps observations, a spacer to the horizon and a
// check batch; the job stops only if the check shows no level shift. After a disagreement every
// later stop on the rule is confirmed the same way (up to the confirmation's rounds). Budget
// stops (max_reps, time) are immediate.
std::int64_t StopControl::next_skampi_batch(std::size_t attempted, double elapsed_s) {
  const bool agreed = confirm_.pending() && confirm_.finish(fresh_);
  const adapt::StopDecision d = skampi_->add_batch(fresh_, attempted, 0, elapsed_s);
  precision_ = std::isnan(d.precision) ? -1 : d.precision;
  if (!d.stop) return static_cast<std::int64_t>(skampi_->next_batch_size());
  const std::size_t n = skampi_->reps();
  const bool guarded = n <= adapt::TransientGuard{}.early_reps || confirm_.disagreements() > 0;
  if (d.reason == StopReason::RuleMet && !agreed && guarded) {
    const std::int64_t room = s_.max_reps - static_cast<std::int64_t>(n);
    if (auto r = confirm_.start(skampi_->values(), d.precision, first_, room,
                                s_.max_time_s - measuring_s())) {
      skampi_->resume();
      spacer_ = r->spacer;
      return r->batch;
    }
  }
  reason_ = d.reason;
  return 0;
}

std::int64_t StopControl::within_budget(std::int64_t batch, double elapsed_s,
                                        double per_obs_s) const {
  if (s_.reps || batch <= 1 || !(per_obs_s > 0)) return batch;
  const double fits = std::floor((s_.max_time_s - elapsed_s) / per_obs_s);
  if (fits >= static_cast<double>(batch)) return batch;
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::max(fits, 0.0)));
}

std::int64_t StopControl::next_batch(const std::vector<double>& values,
                                     const std::vector<std::uint8_t>& valid, double elapsed_s) {
  // The rule's own cost is this machine's, also in a simulation.
  auto t0 = std::chrono::steady_clock::now();
  std::size_t attempted = values.size() - seen_;
  fresh_.clear();
  for (; seen_ < values.size(); ++seen_)
    if (seen_ >= valid.size() || valid[seen_]) fresh_.push_back(values[seen_]);
  // Roundtime redoes invalid observations (ReproMPI): a fixed count counts valid ones only.
  taken_ += count_valid_only_ ? static_cast<std::int64_t>(fresh_.size())
                              : static_cast<std::int64_t>(attempted);
  std::int64_t next = 0;
  spacer_ = 0;
  if (s_.reps) {
    next = std::min(*s_.reps - taken_, kFixedChunk);
    if (next <= 0 && elapsed_s >= 0) reason_ = StopReason::FixedReps;
  } else if (rule_) {
    next = next_rule_batch(elapsed_s);
  } else {
    next = next_skampi_batch(attempted, elapsed_s);
  }
  // Roundtime's budget per job, counted from the first observation (the clock sync before it
  // is not the job's measuring time).
  if (next > 0 && count_valid_only_ && launch_clock_s() - started_ >= s_.sync.roundtime_budget_s) {
    next = 0;
    reason_ = StopReason::TimeBudget;
  }
  rule_time_s_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return std::max<std::int64_t>(0, next);
}

}  // namespace metron::rt
