// `metron run --replicates auto`: launches are added in rounds until the verdicts the run is
// for are decided or the budget is spent (docs/experiments.md). With launch factors, the
// verdicts are those of each factor's levels compared job by job (as `metron analyze` prints
// them); without, the run is a recording for later comparison, and it stops when every job has
// as many launches as the planner says a comparison of two such runs needs to show equivalence
// within the margin (stats/launch_planner.h, true ratio 1, spread as observed). Not an MPI
// process.
#pragma once

#include <cstdint>

#include "runtime/launcher/launcher.h"
#include "runtime/stats/p_adjust.h"

namespace metron::launcher {

struct AutoReplicates {
  std::int64_t budget = 30;  // most launches per factor combination
  double margin = 0.05;
  double alpha = 0.05;
  stats::PAdjust adjust = stats::PAdjust::Holm;
  double power = 0.8;
  bool by_default = false;  // chosen because neither the script nor --replicates gave a count
  // --budget-time: no further round once the run would take longer (seconds; 0: no limit).
  double time_budget_s = 0;
};

// The time budget when neither the script nor --replicates gave a count and --budget-time is not
// given: a long suite gets its first round and then only what fits in 10 minutes.
inline constexpr double kDefaultTimeBudgetS = 600;

// Starts with the exact test's minimum (4 launches per combination at alpha = 0.05; more when
// the correction across many jobs lowers the level), then after each round runs up to the
// planned count, within the budgets (a round that would take the run past the time budget, at the
// time per launch so far, is cut to what fits). Records the rounds in the run manifest
// ("replicates_auto"). Exit codes as run_experiment. `metron run` without --replicates takes this
// way for a script that has no `replicate` statement (docs/experiments.md, "Launches by default").
int run_auto_replicates(const RunOptions& o, const AutoReplicates& a, RunOutcome& outcome);

}  // namespace metron::launcher
