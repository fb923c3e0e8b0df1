// `metron run SCRIPT --simulate PLATFORM` (docs/simulation.md): the run's launches under smpirun
// with the SMPI build, then the campaign's preview from the simulated run folder.
#pragma once

#include <string>

#include "runtime/launcher/launcher.h"

namespace metron {

struct SimulateOptions {
  std::string platform;     // --simulate: a platform file, or a shipped one by its name
  std::string hostfile;     // --hostfile: which host each rank runs on ("" : round-robin)
  std::string smpi_metron;  // --smpi-metron: the SMPI build ("": smpi/metron beside this binary)
};

// Checks the platform (74 when unreadable), smpirun and the SMPI build (64 when absent), then
// sets `r`'s launcher template and `simulated`. Returns an exit code (0: go on).
int prepare_simulated_run(const SimulateOptions& s, launcher::RunOptions& r);

// Reads the simulated run in `dir`, prints its preview (only the problems when `quiet`) and
// writes DIR/preview.json. Returns 0, or 74 when a manifest cannot be read or written.
int write_simulated_preview(const std::string& dir, bool quiet);

}  // namespace metron
