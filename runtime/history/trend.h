// `metron history trend` and `metron report --history`: every series that the filter selects,
// its runs, change points (with what changed in each change's run) and its latest run's verdict,
// and the text and exit code of the command. No MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/history/database.h"
#include "runtime/history/series_filter.h"
#include "runtime/history/series_query.h"
#include "runtime/history/series_trend.h"

namespace metron::history {

struct SeriesReport {
  SeriesInfo info;
  std::vector<RunValues> runs;
  SeriesTrend trend;
  std::vector<std::vector<std::string>> changed;  // per change: what changed in its run
  // The gate applies to series with a value in the latest run of their script on their machine
  // (np included); a job dropped from the script long ago does not hold up every later night.
  bool gated = true;
};

// Throws MessageError on a database error.
std::vector<SeriesReport> trend_reports(Database& db, const std::vector<FilterTerm>& filter,
                                        const std::string& since, const TrendOptions& o);

// The command's text: per series its runs, changes and latest run; then a summary line.
std::string trend_text(const std::vector<SeriesReport>& reports, const TrendOptions& o);

// 1: some gated series' latest run is a regression; else 2: some is undecided (or none was
// selected); else 0.
int trend_exit_code(const std::vector<SeriesReport>& reports);

// "41.2x [40.1, 42.6]" (three significant digits, whole numbers from 1000 on; "-" parts when
// undefined), and one such number.
std::string ratio_text(const std::optional<stats::ShiftEstimate>& r);
std::string ratio_number(double v);

}  // namespace metron::history
