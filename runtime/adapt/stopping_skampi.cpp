// SkampiStopping: SKaMPI 5's repetition control (rules and sources in stopping_skampi.h).
#include "runtime/adapt/stopping_skampi.h"

#include <algorithm>
#include <cmath>

namespace metron::adapt {
namespace {

constexpr std::size_t kFirstBatch = 4;  // SKaMPI's First_max_counter
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

SkampiStopping::SkampiStopping(SkampiParams params)
    : params_(params),
      // The cast truncates like SKaMPI's conversion of 1.5 max + 0.5 to int.
      hard_limit_(std::max(
          kFirstBatch,
          static_cast<std::size_t>(1.5 * static_cast<double>(params.max_repetitions) + 0.5))),
      batch_(params.synchronized_scheme ? kFirstBatch : params.min_repetitions) {}

std::size_t SkampiStopping::next_batch_size() const {
  if (stopped_) return 0;
  // Not SKaMPI: a batch is also cut at max_repetitions, which SKaMPI overshoots by up to a batch
  // (8, 16, 24, 32, 40 with max 33); a stated maximum is a maximum.
  const std::size_t limit =
      std::min(hard_limit_, std::max<std::size_t>(params_.max_repetitions, 1));
  const std::size_t room = limit - std::min(limit, values_.size());
  // At least one repetition: SKaMPI would loop forever with min_repetitions = 0.
  return std::min(room, std::max<std::size_t>(batch_, 1));
}

double SkampiStopping::mean() const {
  if (values_.empty()) return kNaN;
  return sum_ / static_cast<double>(values_.size());
}

double SkampiStopping::standard_error() const {
  if (values_.size() < 2) return kNaN;
  const double n = static_cast<double>(values_.size());
  return std::sqrt(std::fabs(sum_sq_ - sum_ * sum_ / n) / (n * (n - 1.0)));
}

std::optional<stats::TrimmedMean> SkampiStopping::result() const {
  return stats::interquartile_trimmed_mean(values_);
}

StopDecision SkampiStopping::add_batch(std::span<const double> valid, std::size_t attempted,
                                       std::size_t longest_late_run, double elapsed_s) {
  for (double v : valid) {
    values_.push_back(v);
    sum_ += v;
    sum_sq_ += v * v;
  }
  // Next batch size, from the size of the batch just run.
  batch_ = attempted;
  if (params_.window_sync) {
    if (first_batch_) {
      batch_ = params_.min_repetitions;
    } else if (longest_late_run > batch_ / 2) {
      batch_ = std::max(batch_ / 2, kFirstBatch);
    }
  } else {
    batch_ = std::max(kFirstBatch, params_.min_repetitions);
  }
  first_batch_ = false;

  StopDecision d;
  d.reps = values_.size();
  d.elapsed_s = elapsed_s;
  d.precision_kind = PrecisionKind::Rse;
  const double m = mean();
  const double se = standard_error();
  d.precision = (m == 0.0 || std::isnan(m)) ? kNaN : se / m;
  if (d.reps >= params_.min_repetitions && se <= params_.max_relative_standard_error * m) {
    d.reason = StopReason::RuleMet;
  } else if (d.reps >= params_.max_repetitions) {
    d.reason = StopReason::MaxReps;
  } else if (elapsed_s >= params_.max_seconds) {
    d.reason = StopReason::TimeBudget;
  }
  d.stop = d.reason != StopReason::NotStopped;
  stopped_ = d.stop;
  return d;
}

}  // namespace metron::adapt
