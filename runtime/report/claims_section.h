// The report's findings: the script's claims with their verdicts (claims.csv), and in a replay
// the recorded and replayed findings side by side (replay_findings.csv). No MPI.
#pragma once

#include <string>

#include "runtime/report/report_input.h"

namespace metron::report {

// The "Claims" section (empty when the folder has no claims.csv), and the "Findings, recorded
// and replayed" section (empty outside a replay with findings).
std::string claims_section(const ReportInput& in);
std::string findings_replay_section(const ReportInput& in);

}  // namespace metron::report
