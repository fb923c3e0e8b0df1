// The deadline of one launch, derived from its plan: the start-up limit, plus every job's time
// budget, plus what refinement may add, plus an allowance for each clock synchronization
// (docs/experiments.md, "Deadlines and retries"). A launch still running at its deadline hangs.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

#include "runtime/plan/plan.h"

namespace metron::launcher {

struct DeadlineAllowances {
  double startup_s = 60;  // MPI_Init, reading and planning the script: the start-up limit
  // A job stops at the first batch that ends past `max_time`, so it may overrun its budget by one
  // batch; a stop rule's batches are at most a tenth of the sample taken so far.
  double budget_factor = 1.25;
  double job_s = 1;  // per job: communicator, warm-up, verification, writing its rows
  // Per clock synchronization and level of the rank tree (ceil(log2 np)): on two ranks of an idle
  // machine a drift method takes about 0.1 s, on a loaded one a few seconds (docs/clocksync.md).
  double clock_sync_s = 30;
};

struct LaunchDeadline {
  double total_s = 0;
  double startup_s = 0;
  double jobs_s = 0;                    // the plan's jobs
  double refine_s = 0;                  // measurements autorefine may add
  double clock_sync_s = 0;              // clock synchronizations
  std::size_t jobs = 0;                 // jobs in the plan
  std::size_t refine_measurements = 0;  // at most added by autorefine loops
  std::size_t clock_syncs = 0;          // expected, resyncs included
};

// The time budget of one job with these settings: budget_factor x max_time + job_s per
// measurement, times the measurements it may take (`set noisy_job = remeasure(attempts)` measures
// a contended job again). A fixed count (`set reps`) is not stopped by max_time; it is budgeted
// the same, so `max_time` (or --launch-timeout) must cover it.
double job_budget_s(const Settings& s, const DeadlineAllowances& a);

LaunchDeadline launch_deadline(const Plan& plan, const DeadlineAllowances& a);

// {"total_s", "startup_s", "jobs_s", "refine_s", "clock_sync_s", "jobs", "refine_measurements",
//  "clock_syncs"} for the run manifest.
nlohmann::json deadline_json(const LaunchDeadline& d);

}  // namespace metron::launcher
