// What one job produced: observations and how the measurement ended. Plain data for the summary
// and the writers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/adapt/contention.h"
#include "runtime/adapt/stop_reason.h"
#include "runtime/adapt/warmup.h"
#include "runtime/plan/plan.h"
#include "runtime/results/sync_stats.h"

namespace metron::rt {

// One enum for the rules and the results: adapt::StopReason (FixedReps .. Error).
using adapt::StopReason;

struct JobResult {
  const Job* job = nullptr;
  std::int64_t launch = 0;
  std::int64_t order = 0;  // position in the executed order (shuffled or not)
  int comm_size = 0;
  std::vector<int> world_ranks;     // of the job communicator, in its rank order
  std::vector<double> time_s;       // per observation: the run-time (see docs/output.md)
  std::vector<std::uint8_t> valid;  // per observation: 0 when sync invalidated it
  std::vector<double> rank_time_s;  // optional, [observation][rank] local durations
  // With a synchronized clock (window, roundtime, runtime = global): per observation, the
  // earliest start and latest end over ranks on that clock; empty otherwise.
  std::vector<double> global_start_s, global_end_s;
  StopReason stop_reason = StopReason::FixedReps;
  double achieved_precision = -1;  // relative CI half-width or RSE at the stop; -1: none
  double achieved_coverage = -1;   // coverage of the CI behind achieved_precision; -1: none
  double elapsed_s = 0;            // wall time of the job on its root, warm-up included
  std::int64_t warmup = 0;         // warm-up calls run (observations, for loop schemes)
  adapt::WarmupEnd warmup_end = adapt::WarmupEnd::Fixed;
  double warmup_s = 0;  // wall time of the warm-up on the job root (part of elapsed_s)
  // A `stop when` rule's confirmations (adapt::Confirmation): rounds run, how many disagreed,
  // and the untimed spacer calls they ran.
  std::int64_t confirm_rounds = 0;
  std::int64_t confirm_disagreements = 0;
  std::int64_t confirm_spacer_calls = 0;
  double timer_quantum_s = 0;  // the job timer's quantum (CIs narrower are widened)
  std::string launch_noise;    // the launch's noise findings ("" when none)
  std::int64_t batches = 0;
  double rule_time_s = 0;  // time spent evaluating the stopping rule
  std::string error;       // non-empty when the job failed
  std::string verify;      // "ok", "off", or the failure message
  int refine_round = -1;   // -1: not in an autorefine loop; 0: regular point; k: round k
  SyncStats sync;          // late and overran summed over the job's ranks
  // Nonblocking collectives with overlap: the calibrated pure time (post + wait), the compute
  // between post and wait, the MPI_Test calls in it; -1 for other operations. The method is
  // the calibration's own description of itself.
  double overlap_pure_s = -1;
  double overlap_compute_s = -1;
  int overlap_tests = -1;
  std::string overlap_method;
  // Contention for the CPU during the measured loop: every measure's largest over the job's
  // ranks (adapt/contention.h); the noise flags and `set noisy_job` act on it.
  adapt::JobContention contention;
  // This record is measurement `attempt` (1-based) of `attempts` the job took: more than one when
  // `set noisy_job = remeasure` measured it again under contention (docs/methodology.md).
  std::int64_t attempt = 1;
  std::int64_t attempts = 1;
};

// Every field is in the table of a job's record (result_fields.def): a field added here and not
// there is neither shipped between ranks nor written (docs/architecture.md, "Adding a result
// field").

}  // namespace metron::rt
