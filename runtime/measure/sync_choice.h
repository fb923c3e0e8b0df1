// Which process sync a job gets: the barrier kinds are JobRunner's own; window and roundtime,
// and `runtime = global` with any sync, need a synchronized clock and come from here.
#pragma once

#include <string>

#include "runtime/measure/job_runner.h"
#include "runtime/plan/settings.h"

namespace metron::rt {

// True when the job's sync or run-time type needs synchronized clocks.
bool uses_global_clock(const Settings& s);

// The factory to pass to JobRunner (nullptr: JobRunner's barrier kinds). Throws
// std::runtime_error with a message for the user for combinations that cannot work.
SyncFactory sync_factory_for(const Settings& s);

}  // namespace metron::rt
