// What changed between two runs of a series: MPI library and version, launcher, environment
// variables, hosts and CPU (analysis/environment_diff.h), Metron's version, the script and the
// plan. The lines a change point is reported with. No MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/history/series_query.h"

namespace metron::history {

// One line per difference, "launcher: 'A' (run 3) vs 'B' (run 4)"; empty when nothing recorded
// differs.
std::vector<std::string> run_changes(const RunIdentity& before, const RunIdentity& after,
                                     const std::string& label_before,
                                     const std::string& label_after);

}  // namespace metron::history
