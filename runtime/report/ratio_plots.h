// Comparisons and replays: the ratio B/A (or new/recorded) with its CI against message size,
// the equivalence margin as a band around 1, and the verdict of each point. Reads the comparison
// CSV (comparisons.csv, replay.csv, compare --csv) by column name, so files written before effect
// CIs, margins and verdicts existed still plot (docs/report.md lists the columns). No MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/analysis/csv_table.h"
#include "runtime/report/plot.h"

namespace metron::report {

// One plot per block, operation and pair of levels; `what` names the comparison ("replay /
// recorded").
std::vector<Plot> ratio_plots(const analysis::CsvTable& t, const std::string& what);

// The verdict of row `row`: the `verdict` column, else derived from `significant` and `p_value`
// ("differs", "no difference found", "untested").
std::string row_verdict(const analysis::CsvTable& t, std::size_t row);

}  // namespace metron::report
