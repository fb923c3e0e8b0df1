// Confirmation: a second look before a precision rule may stop a job. A CI from one contiguous
// run of calls assumes the calls are alike; an MPI library can serve a size on a slow path for a
// few hundred calls and then switch (MPICH 4.0.2's Bcast 4 KiB on this VM: ~6 us for 20-60 calls
// after a 300-call warm-up, then 0.7 us; docs/methodology.md, "Confirmation"), and a CI rule
// stops with a tight interval around the slow path. So when the rule first holds, the job runs a
// spacer of untimed calls and one more batch, and stops only if that batch's median agrees with
// the median the rule held on. Pure logic, on the job root; the executor runs the calls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "runtime/adapt/transient_guard.h"

namespace metron::adapt {

struct ConfirmationParams {
  std::size_t max_rounds = 3;   // disagreements after which the rule is trusted anyway
  std::int64_t min_batch = 10;  // the confirmation batch: the rule's first batch, at least this
  // Untimed calls between the sample and the confirmation: max(n, what fits in spacer_seconds),
  // at most spacer_calls.
  std::int64_t spacer_calls = 100;
  double spacer_seconds = 0.01;
  double min_tolerance = 0.05;  // medians agree within max(2 x precision, this), relative
  // A sample of at most guard.early_reps: the spacer reaches the guard's horizon (first round).
  TransientGuard guard;
};

class Confirmation {
 public:
  explicit Confirmation(ConfirmationParams p = {}) : p_(p) {}

  struct Request {
    std::int64_t spacer = 0;  // untimed calls first
    std::int64_t batch = 0;   // then this many observations
  };
  // The rule held on `values` (the whole sample, arrival order) with achieved relative precision
  // `precision`; `first_batch` is the rule's first batch, `room` the observations left before
  // max_reps and `seconds_left` the time budget left. Returns what to run, or nullopt when the
  // job should simply stop (no round left, no room).
  std::optional<Request> start(std::span<const double> values, double precision,
                               std::int64_t first_batch, std::int64_t room, double seconds_left);
  // The confirmation batch's values: true when their median agrees with the sample's.
  bool finish(std::span<const double> batch);

  bool pending() const { return pending_; }
  std::size_t rounds() const { return rounds_; }  // confirmations run
  std::size_t disagreements() const { return disagreements_; }
  std::int64_t spacer_calls() const { return spacer_total_; }  // untimed calls, all rounds
  double last_ratio() const { return last_ratio_; }  // confirmation median / sample median

 private:
  ConfirmationParams p_;
  bool pending_ = false;
  double median_ = 0;
  double tolerance_ = 0;
  std::size_t rounds_ = 0;
  std::size_t disagreements_ = 0;
  std::int64_t spacer_total_ = 0;
  double last_ratio_ = 1;
};

// The median of a span (NaN for an empty one); copies.
double median_of(std::span<const double> values);

}  // namespace metron::adapt
