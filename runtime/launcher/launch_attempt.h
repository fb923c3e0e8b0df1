// One launch of `metron run`: its child `mpiexec ... metron exec` (through the launcher template)
// started into a clean folder under the launch's deadline and start-up limit, killed past them
// and retried, each attempt recorded in the launch's entry of the run manifest. Not an MPI
// process.
#pragma once

#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/progress.h"
#include "runtime/launcher/run_manifest.h"
#include "runtime/launcher/run_state.h"

namespace metron::launcher {

// Starts one launch into a clean folder and records its outcome in `entry`. A launch killed at
// its deadline or start-up limit (or one that timed out by itself) is retried up to st.retries
// times; each attempt is recorded in entry["attempts"], the killed ones' folders are kept in
// DIR/attempts/<id>-<attempt>/ and never merged.
void run_launch(RunState& st, const Launch& l, LaunchRecord& entry, ProgressPrinter& progress);

}  // namespace metron::launcher
