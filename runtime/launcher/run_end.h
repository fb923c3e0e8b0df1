// How `metron run` ends: the run manifest's final status and end time written (in place when the
// disk is full), and what is said about it; an interrupted run and one whose manifest could not be
// written end early. Not an MPI process.
#pragma once

#include <cstddef>

#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_state.h"

namespace metron::launcher {

// The disk is full (or the folder went read-only): say so, and record it where possible. kExitIo.
int end_on_write_error(RunState& st);

// A stop signal `sig`: the run manifest says "interrupted". 128 + sig.
int end_on_stop_signal(RunState& st, RunOutcome& outcome, int sig);

// The run manifest's end time written with its status (merge_run's); the failed launches of
// `planned` said. kExitIo when the manifest cannot be written.
int end_run(RunState& st, const RunOutcome& outcome, std::size_t planned);

}  // namespace metron::launcher
