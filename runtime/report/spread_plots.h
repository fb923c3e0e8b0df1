// Per job across launches: box plots of the per-launch medians with every launch as a point,
// so that the launch-to-launch spread is visible (Hoefler & Belli §5.2: state what the box and
// the whiskers are). With one launch, the box is the launch's observation quartiles. No MPI.
#pragma once

#include <vector>

#include "runtime/report/plot.h"
#include "runtime/report/report_input.h"

namespace metron::report {

inline constexpr std::size_t kMaxBoxesPerPlot = 30;

// One plot per block and view, jobs in plan order, split every kMaxBoxesPerPlot jobs.
std::vector<Plot> spread_plots(const ReportInput& in);

}  // namespace metron::report
