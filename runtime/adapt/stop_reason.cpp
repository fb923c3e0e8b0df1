// The output words of StopReason (see stop_reason.h).
#include "runtime/adapt/stop_reason.h"

namespace metron::adapt {

std::string_view to_string(StopReason reason) {
  switch (reason) {
    case StopReason::NotStopped:
      return "not_stopped";
    case StopReason::FixedReps:
      return "fixed_reps";
    case StopReason::RuleMet:
      return "rule_met";
    case StopReason::MaxReps:
      return "max_reps";
    case StopReason::TimeBudget:
      return "time_budget";
    case StopReason::RepsClause:
      return "reps_clause";
    case StopReason::ElapsedClause:
      return "elapsed_clause";
    case StopReason::Error:
      return "error";
  }
  return "?";
}

}  // namespace metron::adapt
