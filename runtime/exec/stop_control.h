// How many observations a job takes: fixed counts, SKaMPI's RSE rule, or the script's
// `stop when` rule, within min/max repetitions and the time budget. Runs on the job root only.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "interpreter/settings.h"
#include "runtime/exec/job_result.h"

namespace metron::rt {

class StopControl {
 public:
  StopControl(const Settings& s, bool is_root);
  ~StopControl();
  std::int64_t first_batch() const;
  // After a batch: the size of the next one, or 0 to stop. `values` holds every observation so
  // far (the per-observation run-time).
  std::int64_t next_batch(const std::vector<double>& values, double elapsed_s);
  StopReason reason() const { return reason_; }
  double achieved_precision() const { return precision_; }
  double rule_time_s() const { return rule_time_s_; }

 private:
  const Settings& s_;
  StopReason reason_ = StopReason::FixedReps;
  double precision_ = -1;
  double rule_time_s_ = 0;
  // SKaMPI's running sums over all observations (anchors.md §1.8).
  double sum_ = 0, sum_sq_ = 0;
  std::size_t seen_ = 0;
};

}  // namespace metron::rt
