// The observations behind each launch's statistics, read back from raw.csv for the tests that
// need whole samples (normality per launch, heterogeneity across launches). No MPI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"

namespace metron::analysis {

// samples[j][l]: the observations of d.jobs[j].launches[l] in time order, as summary.csv's
// statistics saw them before the outlier filter: the valid rows (`valid` = 1) of raw.csv without
// the first `truncated` ones (MSER-5). The outlier filter is left out on purpose: normality and
// heterogeneity are questions about what was measured.
using LaunchSamples = std::vector<std::vector<std::vector<double>>>;

// Reads DIR/raw.csv. Without a raw.csv (a hand-made folder) every sample is empty and nothing is
// an error; a raw.csv without a launch, job or time_s column, a row cut short or a time that is
// not a finite number is, with the file and line in `error`.
std::optional<LaunchSamples> load_launch_samples(const std::string& dir, const ResultsData& d,
                                                 std::string& error);

}  // namespace metron::analysis
