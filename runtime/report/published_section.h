// The report's "Published vs measured" section: the paper's values (published_vs_measured.csv)
// beside this machine's, naming both machines. No MPI.
#pragma once

#include <string>

#include "runtime/analysis/csv_table.h"

namespace metron::report {

// The section as HTML (a heading, a sentence naming this machine, one table row per entry).
std::string published_html(const analysis::CsvTable& t);

}  // namespace metron::report
