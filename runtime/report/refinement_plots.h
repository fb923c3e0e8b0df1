// Refinement: the measured points of each autorefine loop by round (round 0 is the regular grid,
// round k the points the refiner added in its k-th round), from summary.csv's refine_round of
// the first launch. No MPI.
#pragma once

#include <vector>

#include "runtime/report/plot.h"
#include "runtime/report/report_input.h"

namespace metron::report {

std::vector<Plot> refinement_plots(const ReportInput& in);

}  // namespace metron::report
