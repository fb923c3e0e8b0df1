// Model fits (metron analyze --fit): a family's per-launch medians against message size with the
// fitted Hockney line of each segment drawn over its size range, from fits.csv and
// fit_points.csv (docs/output.md). No MPI.
#pragma once

#include <vector>

#include "runtime/analysis/csv_table.h"
#include "runtime/report/plot.h"

namespace metron::report {

// One plot per family in fits.csv; families without points are left out.
std::vector<Plot> fit_plots(const analysis::CsvTable& fits, const analysis::CsvTable& points);

}  // namespace metron::report
