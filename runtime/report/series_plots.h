// The observation series of a job (time against observation index, one colour per launch), where
// warm-up effects, truncation and trends show. raw.csv is streamed once and only the shown jobs
// are kept; long series are summarized (kMaxPointsPerLaunch). No MPI.
#pragma once

#include <cstddef>
#include <vector>

#include "runtime/report/plot.h"
#include "runtime/report/report_input.h"

namespace metron::report {

inline constexpr std::size_t kMaxSeriesJobs = 12;        // jobs shown (widest spread first)
inline constexpr std::size_t kMaxSeriesLaunches = 10;    // launches per job (lowest ids)
inline constexpr std::size_t kMaxPointsPerLaunch = 500;  // beyond: medians of equal bins

// Plots of the main view's raw.csv; empty (and a note) when it has none.
std::vector<Plot> series_plots(const ReportInput& in, std::vector<std::string>& notes);

}  // namespace metron::report
