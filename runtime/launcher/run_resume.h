// `metron run --resume`: the run manifest read back and checked, the recorded design, seed, order,
// launcher and limits taken up (options given now win), the script's copies and the complete
// launches checked before anything runs. Not an MPI process.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_state.h"

namespace metron::launcher {

// --resume: the recorded design, seed, order and launcher, each checked; the script copy is
// checked against the recorded text, and restored from the manifest if it went missing. Returns
// an exit code (0: go on).
int resume_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
               std::vector<std::int64_t>& order);

}  // namespace metron::launcher
