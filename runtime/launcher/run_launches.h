// The launches of `metron run` in their order, with the progress line, an ETA and a note for each
// failed launch. Not an MPI process.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_state.h"

namespace metron::launcher {

// Runs the launches in order (on --resume, those not complete), with progress and an ETA, until
// the end, a stop signal, or a run manifest that cannot be written.
void run_launches(const RunOptions& o, RunState& st, const std::vector<Launch>& launches,
                  const std::vector<std::int64_t>& order);

}  // namespace metron::launcher
