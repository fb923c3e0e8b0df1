// Guideline checks (PGMPI's self-consistent performance guidelines): a matrix of guideline x
// message size, each cell coloured by its verdict, from guidelines.csv when the folder has one
// (columns used: guideline, bytes, verdict; docs/report.md). No MPI.
#pragma once

#include <vector>

#include "runtime/analysis/csv_table.h"
#include "runtime/report/plot.h"

namespace metron::report {

std::vector<Plot> guideline_plot(const analysis::CsvTable& t);

}  // namespace metron::report
