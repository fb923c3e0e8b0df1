// The analysis printed at the end of `metron run`: the merged results analysed as the options ask,
// the claims' verdicts recorded in the run manifest (docs/claims.md). Not an MPI process.
#pragma once

#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_state.h"

namespace metron::launcher {

// The analysis of the merged results, printed as the options ask; the claims' verdicts go into
// the run manifest. kExitIo when the analysis or the manifest's write fails.
int analyze_run(const RunOptions& o, RunState& st);

}  // namespace metron::launcher
