// The merge at the end of `metron run`: the complete launches, each checked as strictly as the
// merged files will be read, merged into the run folder (raw.csv, summary.csv, raw_ranks.csv,
// raw_attempts.csv, startup.csv), and the outcome counted. Not an MPI process.
#pragma once

#include <cstddef>
#include <vector>

#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/run_state.h"

namespace metron::launcher {

// The complete launches to merge, in launch-id order, each launch's files checked as strictly as
// the merged ones will be read, and its identity. A launch that fails the check ends the run:
// kExitIo, with the manifest saved.
int complete_launches(RunState& st, const std::vector<Launch>& launches,
                      std::vector<MergeSource>& sources);

// Merges `sources` (of `planned` launches) into the run folder and counts the outcome; sets the
// run manifest's "retried_launches", "merged" and "status". Returns the exit code: 0, kExitRuntime
// when a launch failed, kExitIo when the merge failed (the error recorded).
int merge_run(RunState& st, const std::vector<MergeSource>& sources, std::size_t planned,
              RunOutcome& outcome);

}  // namespace metron::launcher
