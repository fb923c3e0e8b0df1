// BatchSchedule: how many observations to take before each stopping-rule evaluation, as fixed
// batches or ReproMPI's doubling increments.
#pragma once

#include <cstddef>
#include <vector>

namespace metron::adapt {

// Checkpoints are cumulative observation counts at which the rule is evaluated; batch i takes
// the job from checkpoint(i - 1) to checkpoint(i). Every checkpoint is capped at max_total,
// and the schedule ends there.
// - Fixed: checkpoint(i) = first + i batch (Hoefler & Belli's "every k measurements", SC15
//   §4.2.2; SKaMPI without window sync).
// - Growing (ReproMPI's nrep predictor, anchors.md §2.5, seed-pgmpi-mpptest.md §A.3):
//   nrep(0) = min, nrep(i) = nrep(i - 1) + step 2^(i - 1), i.e. checkpoint(i) =
//   min + step (2^i - 1): 20, 30, 50, 90, 170, ... for min = 20, step = 10. The rule is
//   evaluated O(log n) times, so even an O(n) evaluation stays cheap.
class BatchSchedule {
 public:
  // batch (and first_batch) 0 count as 1; first_batch 0 means batch.
  static BatchSchedule fixed(std::size_t batch, std::size_t max_total, std::size_t first_batch = 0);
  // step 0 counts as 1; min 0 as 1.
  static BatchSchedule growing(std::size_t min, std::size_t step, std::size_t max_total);

  std::size_t checkpoint(std::size_t i) const;  // cumulative count after batch i (0-based)
  std::size_t batch_size(std::size_t i) const;  // checkpoint(i) - checkpoint(i - 1)
  // Observations to take next when `done` have been taken: up to the first checkpoint above
  // done (so repetitions discarded as invalid are made up). 0 when done >= max_total.
  std::size_t next_batch(std::size_t done) const;
  std::vector<std::size_t> checkpoints() const;  // all of them, ending with max_total
  std::size_t max_total() const { return max_total_; }

 private:
  enum class Kind { Fixed, Growing };
  BatchSchedule(Kind kind, std::size_t first, std::size_t step, std::size_t max_total)
      : kind_(kind), first_(first), step_(step), max_total_(max_total) {}
  Kind kind_;
  std::size_t first_;  // checkpoint(0) before capping
  std::size_t step_;   // batch (Fixed) or step (Growing)
  std::size_t max_total_;
};

}  // namespace metron::adapt
