// Time against message size per operation and factor level (median with its 95% CI band,
// per-launch medians as points), and the rate of operations that have one. No MPI.
#pragma once

#include <vector>

#include "runtime/report/plot.h"
#include "runtime/report/report_input.h"

namespace metron::report {

// One plot per panel (curves.h) of the folder, with the other folder's curves beside them in a
// comparison or a replay.
std::vector<Plot> time_plots(const ReportInput& in);

// Ping-pongs (summary.csv round_trip = 1) with sizes > 0: bandwidth = bytes / (round-trip
// time / 2), in MB/s (10^6 bytes per second), from the same statistics.
std::vector<Plot> rate_plots(const ReportInput& in);

}  // namespace metron::report
