// `metron report --history URL`: one self-contained HTML page with a plot per series of the
// history database: every run's launch medians and their spread, the change points marked with
// their ratios, and the latest run's verdict (docs/report.md, "History"). No MPI.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/history/trend.h"
#include "runtime/report/plot.h"

namespace metron::report {

// The plot of one series (PlotKind::History).
Plot history_plot(const history::SeriesReport& s);

struct HistoryReportOutcome {
  std::string path;
  std::size_t plots = 0, drawn = 0;
};

// Writes the page to `out` (atomically); 0, or 74 with `error` set. A missing gnuplot is a
// warning, as for the folder report.
int write_history_report(const std::vector<history::SeriesReport>& reports,
                         const std::string& database, const std::string& filter,
                         const history::TrendOptions& o, const std::string& out,
                         HistoryReportOutcome& outcome, std::string& error, std::string& warning);

}  // namespace metron::report
