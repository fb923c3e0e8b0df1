// What a report is made from: the results folder (exec, run or replay), or two folders and their
// comparison, read with the analysis readers (results_data, csv_table), plus the per-job values
// every plot uses. No MPI.
#pragma once

#include <cstddef>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/results_data.h"

namespace metron::report {

enum class ReportKind { Exec, Run, Replay, Comparison, ClockCheck };
const char* report_kind_name(ReportKind k);  // "exec folder", "run folder", ...

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The values one job contributes to the plots.
struct JobStats {
  // Several launches: the Hodges-Lehmann location of the per-launch medians (the analysis's
  // reported value); one launch: its median.
  double value_s = kNaN;
  double ci_lo_s = kNaN;   // CI of value_s: signed-rank across the launches (NaN below 5
  double ci_hi_s = kNaN;   //   launches); one launch: the CI of its median (summary.csv)
  double ci_level = 0.95;  // 5 launches: [min, max], which covers the location with 93.75%
  bool ci_from_observations = false;  // the one-launch case
  std::vector<double> launch_medians;
  double rel_spread = kNaN;  // max / min - 1 of the per-launch medians (NaN with one launch)
  bool round_trip = false;   // summary.csv round_trip = 1: a ping-pong
  // Bytes one reported time moves (summary.csv mb_per_s x median_s), for the rate plot: 0 when
  // the operation has no rate (a collective, 0 bytes). Folders from before mb_per_s existed:
  // twice the size for a ping-pong (there and back), as Metron's rates count it.
  double rate_bytes = 0;
  int refine_round = -1;  // autorefine round of the first launch's row (0: grid), -1: none
};

// One results folder and what the plots need from it.
struct ResultsView {
  analysis::ResultsData data;
  analysis::CsvTable summary;      // summary.csv as read; LaunchValue::row indexes its rows
  std::vector<JobStats> stats;     // one per data.jobs entry
  nlohmann::json launch_manifest;  // exec: the manifest; run: the first complete launch's
  std::string label;               // how the report names it ("A: DIR", "recorded", ...)
};

struct ReportRequest {
  std::string dir;              // results folder, or folder A of a comparison
  std::string dir_b;            // folder B of a comparison between folders
  std::string comparison_csv;   // a comparison CSV to plot (written by compare); optional
  std::string comparison_what;  // how that comparison was made, for the header
};

struct ReportInput {
  ReportKind kind = ReportKind::Exec;
  ReportRequest request;
  std::optional<ResultsView> main;   // the folder (A in a comparison, the new run in a replay)
  std::optional<ResultsView> other;  // B in a comparison, the recorded run of a replay
  std::optional<analysis::CsvTable> comparisons;  // comparisons.csv, replay.csv or the given CSV
  std::string comparisons_file;
  std::vector<std::pair<std::string, analysis::CsvTable>> clock_checks;  // file name, table
  std::optional<analysis::CsvTable> guidelines;                          // guidelines.csv
  std::optional<analysis::CsvTable> claims;                              // claims.csv
  std::optional<analysis::CsvTable> fits, fit_points;  // fits.csv, fit_points.csv (analyze --fit)
  std::optional<analysis::CsvTable> replay_findings;   // replay_findings.csv of a replay
  std::string recorded_machine, replay_machine;        // a replay's two machines, named
  std::optional<analysis::CsvTable> published;         // published_vs_measured.csv
  std::vector<std::string> environment_differences;
  std::string environment_between;  // what the differences compare ("recorded vs now", ...)
  std::vector<std::string> notes;   // things people should know (a folder that could not be read)
};

// Nullopt and `error` set when DIR is not a results folder (no summary.csv and no clock-check
// CSV) or a file cannot be read.
std::optional<ReportInput> load_report_input(const ReportRequest& r, std::string& error);

// The system object of a view's launch manifest (null when not recorded).
const nlohmann::json& system_of(const ResultsView& v);

}  // namespace metron::report
