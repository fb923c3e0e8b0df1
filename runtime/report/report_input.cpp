// Reading what a report shows (see report_input.h).
#include "runtime/report/report_input.h"

#include "runtime/analysis/findings.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/environment_diff.h"
#include "runtime/analysis/launch_samples.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/results/result_columns.h"

namespace metron::report {

namespace fs = std::filesystem;
using analysis::CsvTable;
using nlohmann::json;

namespace {

// The columns `metron clock-check --csv` writes that its plot needs.
bool is_clock_check_table(const CsvTable& t) {
  return t.column("method") && t.column("elapsed_s") && t.column("max_abs_offset_s");
}

// The clock-check CSV files in a folder; a damaged one is an error (nullopt, `error` set).
std::optional<std::vector<std::pair<std::string, CsvTable>>> find_clock_checks(const fs::path& dir,
                                                                               std::string& error) {
  std::vector<std::pair<std::string, CsvTable>> out;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".csv") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    analysis::CsvReader r;
    if (!r.open(f.string())) continue;  // not a CSV file Metron wrote: not a clock check
    CsvTable probe;
    probe.header = r.header();
    if (!is_clock_check_table(probe)) continue;
    auto t = analysis::read_csv_table(f.string(), error);
    if (!t) return std::nullopt;
    out.emplace_back(f.filename(), std::move(*t));
  }
  return out;
}

// The manifest of the first complete launch of a run folder (the machine it ran on).
json first_launch_manifest(const fs::path& dir, const json& run_manifest) {
  if (!run_manifest.is_object() || !run_manifest.contains("merged")) return nullptr;
  for (const auto& id : run_manifest["merged"].value("launches", std::vector<std::int64_t>{}))
    if (auto m = out::read_json_file(dir / "launches" / std::to_string(id) / "manifest.json"))
      return *m;
  return nullptr;
}

// The bytes one time of the row moves: MB/s x 10^6 x the time the rate was computed from,
// rounded to whole bytes (the CSV's doubles round-trip, so this is exact up to rounding).
double rate_bytes_of(const CsvTable& summary, std::size_t row, std::int64_t bytes,
                     bool round_trip) {
  if (!summary.column(col::mb_per_s)) return round_trip && bytes > 0 ? 2.0 * bytes : 0;
  const double rate = analysis::cell_double(summary.cell(row, col::mb_per_s));
  const double t = analysis::cell_double(summary.cell(row, col::median_s));
  if (!(rate > 0) || !(t > 0)) return 0;
  return std::round(rate * 1e6 * t);
}

JobStats job_stats(const analysis::JobSeries& s, const CsvTable& summary) {
  JobStats st;
  for (const auto& v : s.launches) st.launch_medians.push_back(v.median_s);
  if (!s.launches.empty()) {
    std::size_t row = s.launches.front().row;
    st.round_trip = summary.cell(row, col::round_trip) == "1";
    st.rate_bytes = rate_bytes_of(summary, row, s.key.bytes, st.round_trip);
    double round = analysis::cell_double(summary.cell(row, col::refine_round));
    if (!std::isnan(round)) st.refine_round = static_cast<int>(round);
  }
  if (s.launches.size() == 1) {
    std::size_t row = s.launches.front().row;
    st.value_s = s.launches.front().median_s;
    st.ci_lo_s = analysis::cell_double(summary.cell(row, col::median_ci_lo_s));
    st.ci_hi_s = analysis::cell_double(summary.cell(row, col::median_ci_hi_s));
    st.ci_from_observations = true;
    return st;
  }
  analysis::JobAnalysis a = analysis::analyze_job(s);
  st.value_s = a.value_s;
  st.ci_lo_s = a.ci_lo_s;
  st.ci_hi_s = a.ci_hi_s;
  st.ci_level = a.ci_level;
  st.rel_spread = a.rel_spread;
  return st;
}

std::optional<ResultsView> load_view(const std::string& dir, std::string& error) {
  auto data = analysis::load_results(dir, error);
  if (!data) return std::nullopt;
  // raw.csv as analyze reads it (every observation of every job once), before any plot does.
  if (!analysis::load_launch_samples(dir, *data, error)) return std::nullopt;
  auto summary = analysis::read_csv_table((fs::path(dir) / "summary.csv").string(), error);
  if (!summary) return std::nullopt;
  ResultsView v;
  v.data = std::move(*data);
  v.summary = std::move(*summary);
  for (const auto& s : v.data.jobs) v.stats.push_back(job_stats(s, v.summary));
  v.launch_manifest = v.data.is_run ? first_launch_manifest(dir, v.data.manifest) : v.data.manifest;
  v.label = dir;
  return v;
}

// Differences between the launches of one run (another MPI library on some nodes, a variable
// set in one launch only), leaving out the variables that launch factors set on purpose.
std::vector<std::string> differences_between_launches(const fs::path& dir, const json& run) {
  std::vector<std::string> out;
  if (!run.is_object() || !run.contains("merged")) return out;
  std::set<std::string> factor_env;
  for (const auto& f : run["design"].value("factors", json::array()))
    if (f.contains("env") && f["env"].is_string()) factor_env.insert(f["env"].get<std::string>());
  json first = nullptr;
  std::set<std::string> seen;
  for (const auto& id : run["merged"].value("launches", std::vector<std::int64_t>{})) {
    auto m = out::read_json_file(dir / "launches" / std::to_string(id) / "manifest.json");
    if (!m || !m->contains("system")) continue;
    if (first.is_null()) {
      first = (*m)["system"];
      continue;
    }
    for (const auto& d :
         analysis::environment_differences(first, (*m)["system"], "first launch", "this launch")) {
      bool factor = false;
      for (const auto& e : factor_env)
        if (d.find("variable " + e + ":") != std::string::npos ||
            d.find("variable " + e + "=") != std::string::npos)
          factor = true;
      if (!factor && seen.insert(d).second)
        out.push_back("launch " + std::to_string(id) + ": " + d);
    }
  }
  return out;
}

// The comparison of two folders as `metron compare A B --csv` writes it (two-sided, alpha 0.05),
// read back so that the report reads every comparison the same way, by column name.
std::optional<CsvTable> compare_folders(const ResultsView& a, const ResultsView& b,
                                        std::string& error) {
  analysis::CompareOptions co;
  auto cs = analysis::compare_results(a.data, b.data, co);
  std::string path =
      (fs::temp_directory_path() / ("metron-compare-" + std::to_string(getpid()) + ".csv"))
          .string();
  if (!analysis::write_comparison_csv(path, cs, co, error)) return std::nullopt;
  auto t = analysis::read_csv_table(path, error);
  std::error_code ec;
  fs::remove(path, ec);
  return t;
}

// Reads `path` into `table` if the file is there; false with `error` set if it is damaged.
bool optional_table(const fs::path& path, std::optional<CsvTable>& table, std::string& error) {
  if (!fs::exists(path)) return true;
  table = analysis::read_csv_table(path.string(), error);
  return table.has_value();
}

}  // namespace

const char* report_kind_name(ReportKind k) {
  switch (k) {
    case ReportKind::Exec:
      return "one launch (metron exec)";
    case ReportKind::Run:
      return "experiment (metron run)";
    case ReportKind::Replay:
      return "replay (metron replay)";
    case ReportKind::Comparison:
      return "comparison (metron compare)";
    case ReportKind::ClockCheck:
      return "clock check (metron clock-check)";
  }
  return "results";
}

const json& system_of(const ResultsView& v) {
  static const json kNull;
  if (!v.launch_manifest.is_object() || !v.launch_manifest.contains("system")) return kNull;
  return v.launch_manifest["system"];
}

namespace {

// The second folder of `metron report A B`: labels, environment differences and, unless a
// comparison table was given, the comparison itself.
bool load_comparison_side(const ReportRequest& r, ReportInput& in, std::string& error) {
  in.kind = ReportKind::Comparison;
  in.other = load_view(r.dir_b, error);
  if (!in.other) return false;
  in.main->label = "A: " + r.dir;
  in.other->label = "B: " + r.dir_b;
  in.environment_differences =
      analysis::environment_differences(system_of(*in.main), system_of(*in.other), "A", "B");
  in.environment_between = "A vs B";
  if (!r.comparison_csv.empty()) return true;
  in.comparisons = compare_folders(*in.main, *in.other, error);
  if (!in.comparisons) return false;
  in.comparisons_file = "metron compare " + r.dir + " " + r.dir_b + " --csv FILE";
  return true;
}

// A replay's recorded folder, when it can still be read: its curves are shown beside the
// replay's. Returns the replay's comparison table.
fs::path load_recorded_side(const ReportRequest& r, const json& m, ReportInput& in) {
  in.kind = ReportKind::Replay;
  std::string recorded = m.value("replay_of", "");
  std::string why;
  in.other = load_view(recorded, why);
  in.main->label = "replay: " + r.dir;
  if (in.other) {
    in.other->label = "recorded: " + recorded;
    in.environment_differences = analysis::environment_differences(
        system_of(*in.other), system_of(*in.main), "recorded", "replay");
    in.environment_between = "the recording vs this replay";
  } else {
    in.notes.push_back("the recorded folder '" + recorded + "' could not be read (" + why +
                       "): its curves are not shown");
  }
  return fs::path(r.dir) / "replay.csv";
}

// Tables Metron wrote beside the results, read as strictly as summary.csv when present.
bool load_side_tables(const fs::path& dir, ReportInput& in, std::string& error) {
  for (auto [name, table] :
       {std::pair{"guidelines.csv", &in.guidelines}, std::pair{"claims.csv", &in.claims}})
    if (!optional_table(dir / name, *table, error)) return false;
  if (fs::exists(dir / "fits.csv") && fs::exists(dir / "fit_points.csv")) {
    in.fits = analysis::read_csv_table((dir / "fits.csv").string(), error);
    if (!in.fits) return false;
    in.fit_points = analysis::read_csv_table((dir / "fit_points.csv").string(), error);
    if (!in.fit_points) return false;
  }
  if (fs::exists(dir / "replay_findings.csv")) {
    in.replay_findings = analysis::read_csv_table((dir / "replay_findings.csv").string(), error);
    if (!in.replay_findings) return false;
    auto name = [](const ResultsView& v) {
      return analysis::machine_name(system_of(v), v.launch_manifest.value("np", 0));
    };
    if (in.main) in.replay_machine = name(*in.main);
    if (in.other) in.recorded_machine = name(*in.other);
  }
  if (fs::exists(dir / "published_vs_measured.csv")) {
    in.published = analysis::read_csv_table((dir / "published_vs_measured.csv").string(), error);
    if (!in.published) return false;
  }
  return true;
}

}  // namespace

std::optional<ReportInput> load_report_input(const ReportRequest& r, std::string& error) {
  ReportInput in;
  in.request = r;
  fs::path dir(r.dir);
  if (!fs::is_directory(dir)) {
    error = message_text(DiagId::report_not_a_folder, r.dir);
    return std::nullopt;
  }
  auto clock_checks = find_clock_checks(dir, error);
  if (!clock_checks) return std::nullopt;
  in.clock_checks = std::move(*clock_checks);
  std::error_code ec;
  bool has_summary = fs::exists(fs::symlink_status(dir / "summary.csv", ec));
  // A run in progress (or killed) has a manifest but no merged summary yet: load_results says so.
  if (!has_summary && r.dir_b.empty() && fs::exists(fs::symlink_status(dir / "manifest.json", ec)))
    has_summary = in.clock_checks.empty();
  if (!has_summary && r.dir_b.empty()) {
    if (in.clock_checks.empty()) {
      error = message_text(DiagId::report_not_results, r.dir);
      return std::nullopt;
    }
    in.kind = ReportKind::ClockCheck;
    return in;
  }
  in.main = load_view(r.dir, error);
  if (!in.main) return std::nullopt;
  for (const std::string& w : in.main->data.warnings) in.notes.push_back(w);
  const json& m = in.main->data.manifest;
  in.kind = in.main->data.is_run ? ReportKind::Run : ReportKind::Exec;
  fs::path comparisons;
  if (!r.dir_b.empty()) {
    if (!load_comparison_side(r, in, error)) return std::nullopt;
  } else if (m.is_object() && m.contains("replay_of")) {
    comparisons = load_recorded_side(r, m, in);
  } else if (in.kind == ReportKind::Run) {
    in.environment_differences = differences_between_launches(dir, m);
    in.environment_between = "each launch vs the first (launch-factor variables left out)";
    comparisons = dir / "comparisons.csv";
  }
  if (!r.comparison_csv.empty()) comparisons = r.comparison_csv;
  if (!comparisons.empty() && fs::exists(comparisons)) {
    in.comparisons = analysis::read_csv_table(comparisons.string(), error);
    if (!in.comparisons) return std::nullopt;
    in.comparisons_file = comparisons.string();
  }
  if (!load_side_tables(dir, in, error)) return std::nullopt;
  return in;
}

}  // namespace metron::report
