// StopReason: why a job's measurement ended, for the stopping rules (adapt/) and the results
// (the `stop_reason` column of summary.csv and the manifest).
#pragma once

#include <string_view>

namespace metron::adapt {

// The words of to_string() are the values of the `stop_reason` output column (docs/output.md).
enum class StopReason {
  NotStopped,  // keep measuring (a rule's decision only; never in the results)
  FixedReps,   // `set reps = n`: the fixed count was taken
  RuleMet,     // the rule holds (and n >= min_reps): the requested precision was reached
  MaxReps,     // n >= max_reps without the rule holding: precision not reached
  TimeBudget,  // elapsed >= max_seconds without the rule holding: precision not reached
  // The rule holds only through a clause on reps or elapsed (e.g. the `reps >= 1000` of
  // `reps >= 1000 or ci(median, 95%) within 5%`): a budget the user wrote into the rule, not the
  // precision. See precision_truth() (stopping.h).
  RepsClause,
  ElapsedClause,
  Error,  // the job failed
};

// "not_stopped", "fixed_reps", "rule_met", "max_reps", "time_budget", "reps_clause",
// "elapsed_clause", "error".
std::string_view to_string(StopReason reason);

}  // namespace metron::adapt
