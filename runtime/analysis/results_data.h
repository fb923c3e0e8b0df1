// A results folder read back for analysis: per job, the per-launch values (median and mean of the
// filtered sample) from summary.csv. Works on a `metron run` folder (merged summary.csv with
// launch, replicate and factor_<name> columns) and on a single `metron exec` folder. No MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace metron::analysis {

// What identifies "the same job" across launches and across results folders: job ids shift when
// the plan changes (another process count), these do not.
struct JobKey {
  std::string block;
  std::string op;
  std::int64_t bytes = 0;
  std::int64_t comm_size = 0;
  std::vector<std::pair<std::string, std::string>> vars;     // loop variables (var_<name>), set
  std::vector<std::pair<std::string, std::string>> factors;  // launch factors (factor_<name>)
  // Jobs of one launch that agree on everything above (e.g. two communicators of the same size)
  // are told apart by their rank in job-id order.
  int occurrence = 0;

  // A canonical text; `skip_factor` leaves one launch factor out (comparing its levels).
  std::string text(const std::string& skip_factor = "") const;
  // For people: "op 16 B, 2 ranks, i=3, bcast_alg=binomial".
  std::string label(const std::string& skip_factor = "") const;
  std::string factor(const std::string& name) const;  // "" when absent
};

struct LaunchValue {
  std::int64_t launch = 0;
  std::int64_t replicate = 0;
  double median_s = 0;  // of the launch's filtered sample (summary.csv median_s)
  double mean_s = 0;
  std::int64_t used_n = 0;
  std::size_t row = 0;   // its row in summary.csv (0-based, header excluded), for other columns
  std::int64_t job = 0;  // the job's id in this launch (raw.csv's `job`)
  std::int64_t truncated = 0;   // leading valid observations MSER-5 dropped (summary.csv)
  double p25_s = 0, p75_s = 0;  // quartiles of the launch's sample (NaN when not recorded)
  double sd_s = 0;              // standard deviation of the launch's sample (NaN likewise)
  std::string noise;            // summary.csv's noise flags for this job in this launch
};

struct JobSeries {
  JobKey key;
  std::int64_t job = 0;  // job id in the first launch that has it (for reference only)
  std::vector<LaunchValue> launches;
  // One side of an `expect` guideline (summary.csv's guideline columns); empty otherwise.
  std::string guideline;
  std::string guideline_side;  // "lhs" or "rhs"
  double guideline_factor = 1;
  std::int64_t guideline_check = -1;  // the left side's job id in the first launch
  std::string time_is;  // summary.csv's time_is (call, round_trip, one_way, ...); "" if absent
};

struct ResultsData {
  std::string dir;
  bool is_run = false;  // a `metron run` folder (else one launch of `metron exec`)
  nlohmann::json manifest;
  std::vector<std::string> var_names;     // loop variables, in column order
  std::vector<std::string> factor_names;  // launch factors, in column order
  std::vector<JobSeries> jobs;            // in order of first appearance
  std::int64_t launches = 0;              // distinct launches in summary.csv
  std::int64_t skipped_rows = 0;          // failed jobs or rows without a median
};

// Reads DIR/manifest.json (optional for hand-made folders) and DIR/summary.csv. Empty and
// `error` set when summary.csv is missing or lacks a required column.
std::optional<ResultsData> load_results(const std::string& dir, std::string& error);

// Builds the series from an in-memory summary table (what load_results does after reading).
struct CsvTable;
std::optional<ResultsData> results_from_summary(const CsvTable& summary, std::string& error);

}  // namespace metron::analysis
