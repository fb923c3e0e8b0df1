// Clock check: each method's largest offset to rank 0 against the time since its
// synchronization, from a CSV written by `metron clock-check --csv` found in the folder. No MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/analysis/csv_table.h"
#include "runtime/report/plot.h"

namespace metron::report {

std::vector<Plot> clock_plot(const std::string& file, const analysis::CsvTable& t);

}  // namespace metron::report
