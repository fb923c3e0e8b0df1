// BatchSchedule: how many observations a job under a stop rule takes before each check of the
// rule. The one schedule the executor uses (through rt::StopControl).
#pragma once

#include <cstddef>
#include <cstdint>

namespace metron::adapt {

// The first batch is as large as the rule needs to be able to hold (rule_min_reps, at least
// min_reps and step), later ones grow with the sample: a quarter of it, at least `step`, at most
// kMaxRuleBatch. So a job of n observations checks its rule O(log n) times (as ReproMPI's
// doubling checkpoints do, "Reproducible MPI Benchmarking Is Still Not As Easy As You Think") and
// overshoots by at most ~25%. Each check costs a gather, a broadcast and an error agreement: on 2
// ranks about as much as 5-10 observations of a small collective, so batches of 4 spent more time
// on checks than on measuring. An explicit `set batch = fixed(n)` (n != 4, the default) takes
// batches of exactly n instead. Every batch ends at max_reps and at a `reps >= k` clause of the
// rule (reps_cap), so that the job stops exactly there.
inline constexpr std::int64_t kMaxRuleBatch = 4096;

struct BatchParams {
  std::int64_t step = 4;          // `set batch`'s n or step: the least batch after the first
  bool fixed = false;             // every batch after the first is `step`
  std::int64_t min_reps = 1;      // the first batch takes at least these
  std::int64_t max_reps = 1;      // no batch goes past this total
  std::size_t rule_min_reps = 1;  // observations the rule needs before it can hold
  std::size_t reps_cap = 0;       // k of the rule's `reps >= k` clause; 0: none
};

class BatchSchedule {
 public:
  explicit BatchSchedule(const BatchParams& p) : p_(p) {}
  std::int64_t first() const;
  // The size of the batch after n observations (n < max_reps): at least 1.
  std::int64_t next(std::size_t n) const;

 private:
  BatchParams p_;
};

}  // namespace metron::adapt
