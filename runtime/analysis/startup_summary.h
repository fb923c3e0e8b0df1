// The start-up times of a run's launches (OSU's osu_init and osu_hello, across launches): one
// row per launch from its manifest's "startup" (the time of MPI_Init and of the first barrier,
// min / mean / max over the ranks), and per combination of launch-factor levels the median of
// each column over the launches with its CI and the mean with its t CI, so that "the time of
// MPI_Init" is a number with an uncertainty. Pure: no MPI. metron run writes startup.csv and
// startup_summary.csv with them (docs/output.md).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace metron::analysis {

// The per-launch columns, in startup.csv's order: mpi_init_min_s, mpi_init_mean_s, ...
inline constexpr int kStartupColumns = 6;
const char* startup_column(int i);

struct StartupLaunch {
  std::int64_t launch = 0;
  std::int64_t replicate = 0;
  std::vector<std::pair<std::string, std::string>> factors;  // name -> level value
  std::int64_t np = 0;
  std::string call;  // MPI_Init or MPI_Init_thread
  double values[kStartupColumns] = {};
};

// The launch's times from its manifest.json; nullopt when it has no "startup" (a simulation).
std::optional<StartupLaunch> startup_from_manifest(const nlohmann::json& manifest);

struct StartupStat {
  std::vector<std::pair<std::string, std::string>> factors;
  std::string quantity;  // a startup.csv column
  std::size_t launches = 0;
  double median = 0;
  double median_ci_lo = 0, median_ci_hi = 0;  // NaN: not assessable (5 launches or fewer)
  double mean = 0;
  double mean_ci_lo = 0, mean_ci_hi = 0;  // NaN: not assessable (one launch)
};

// Per factor combination (in order of first appearance), one row per column, at `level`.
std::vector<StartupStat> summarize_startup(const std::vector<StartupLaunch>& launches,
                                           double level = 0.95);

// The lines `metron run` prints, one per factor combination: the slowest rank's MPI_Init and
// first barrier (osu_init's max), medians over the launches with their CIs where assessable.
std::vector<std::string> startup_lines(const std::vector<StartupStat>& stats);

// DIR/startup.csv and DIR/startup_summary.csv; false with `error` set when one cannot be written.
bool write_startup_files(const std::vector<StartupLaunch>& launches,
                         const std::vector<std::string>& factor_names, const std::string& dir,
                         std::string& error);

}  // namespace metron::analysis
