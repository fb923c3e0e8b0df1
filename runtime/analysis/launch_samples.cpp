// Reading the per-launch samples of the analyzed jobs from raw.csv (see launch_samples.h).
#include "runtime/analysis/launch_samples.h"

#include <cmath>
#include <filesystem>
#include <map>
#include <utility>

#include "runtime/analysis/csv_table.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/results/result_columns.h"

namespace metron::analysis {

namespace {

using SampleAt = std::pair<std::size_t, std::size_t>;  // (series, launch index)

// (launch, job id) -> where its sample goes: raw.csv rows are found by the ids of their launch.
std::map<std::pair<std::int64_t, std::int64_t>, SampleAt> sample_index(const ResultsData& d,
                                                                       LaunchSamples& out) {
  std::map<std::pair<std::int64_t, std::int64_t>, SampleAt> where;
  for (std::size_t j = 0; j < d.jobs.size(); ++j) {
    out[j].resize(d.jobs[j].launches.size());
    for (std::size_t l = 0; l < d.jobs[j].launches.size(); ++l) {
      const LaunchValue& v = d.jobs[j].launches[l];
      where[{v.launch, v.job}] = {j, l};
    }
  }
  return where;
}

// Each job's observations once: a row lost or doubled changes the sample the tests see.
bool rows_match_summary(const ResultsData& d, const std::map<SampleAt, std::int64_t>& rows,
                        const std::string& path, std::string& error) {
  for (std::size_t j = 0; j < d.jobs.size(); ++j)
    for (std::size_t l = 0; l < d.jobs[j].launches.size(); ++l) {
      const LaunchValue& v = d.jobs[j].launches[l];
      const auto it = rows.find({j, l});
      const std::int64_t have = it == rows.end() ? 0 : it->second;
      if (v.n >= 0 && have != v.n) {
        error = message_text(DiagId::raw_rows_differ, path, have, v.job, v.launch, v.n);
        return false;
      }
    }
  return true;
}

}  // namespace

std::optional<LaunchSamples> load_launch_samples(const std::string& dir, const ResultsData& d,
                                                 std::string& error) {
  namespace fs = std::filesystem;
  LaunchSamples out(d.jobs.size());
  const auto where = sample_index(d, out);
  const fs::path path = fs::path(dir) / "raw.csv";
  std::error_code ec;
  // A hand-made folder (no manifest) may have no raw.csv; one Metron wrote always has it.
  if (!fs::exists(fs::symlink_status(path, ec)) && !d.manifest.is_object()) return out;
  CsvReader in;
  if (!in.open(path.string())) {
    error = in.error();
    return std::nullopt;
  }
  const auto c_launch = in.column(col::launch), c_job = in.column(col::job),
             c_time = in.column(col::time_s);
  const auto c_valid = in.column(col::valid);
  for (auto [c, name] : {std::pair{c_launch, "launch"}, {c_job, "job"}, {c_time, "time_s"}})
    if (!c) {
      error = path.string() + ": no '" + name + "' column";
      return std::nullopt;
    }
  std::map<SampleAt, std::int64_t> skipped;  // truncated rows seen
  std::map<SampleAt, std::int64_t> rows;     // raw rows per sample
  std::vector<std::string> row;
  while (in.next(row)) {
    const auto at = [&](std::size_t line) { return path.string() + ":" + std::to_string(line); };
    const auto launch = cell_integer(row[*c_launch]), job = cell_integer(row[*c_job]);
    if (!launch || !job) continue;  // not a row of a job the analysis has
    auto it = where.find({*launch, *job});
    if (it == where.end()) continue;  // a failed job's rows
    ++rows[it->second];
    if (c_valid && row[*c_valid] == "0") continue;
    const double t = cell_double(row[*c_time]);
    if (!std::isfinite(t)) {
      error = at(in.record_line()) + ": 'time_s' is '" + row[*c_time] + "', not a finite number";
      return std::nullopt;
    }
    const auto [j, l] = it->second;
    if (skipped[it->second] < d.jobs[j].launches[l].truncated) {
      ++skipped[it->second];
      continue;
    }
    out[j][l].push_back(t);
  }
  if (!in.error().empty()) {
    error = in.error();
    return std::nullopt;
  }
  if (!rows_match_summary(d, rows, path.string(), error)) return std::nullopt;
  return out;
}

}  // namespace metron::analysis
