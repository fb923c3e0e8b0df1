// Checks of a launch folder before the merge (see launch_check.h).
#include "runtime/launcher/launch_check.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/manifest_check.h"
#include "runtime/analysis/results_data.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/results/result_columns.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string short_hashes(const std::vector<std::string>& h) {
  std::string t;
  for (const auto& s : h) t += (t.empty() ? "" : ", ") + s.substr(0, 12);
  return t.empty() ? "none" : t;
}

// The launch's manifest against the run: "" or launch_not_of_run.
std::string identity_mismatch(const std::string& dir, const json& m, const LaunchIdentity& id) {
  auto differs = [&](const std::string& what, const std::string& its, const std::string& run) {
    return message_text(DiagId::launch_not_of_run, dir, what, its, run);
  };
  const json launch = m.value("launch", json::object());
  auto text = [](const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
  std::vector<std::string> hashes;
  if (m.contains("script") && m["script"].is_object())
    for (const auto& f : m["script"].value("files", json::array()))
      if (f.is_object() && f.contains("sha256") && f["sha256"].is_string())
        hashes.push_back(f["sha256"].get<std::string>());
  std::sort(hashes.begin(), hashes.end());
  if (hashes != id.script_sha256)
    return differs("script (sha256)", short_hashes(hashes), short_hashes(id.script_sha256));
  if (m.value("seed", json()) != json(id.seed))
    return differs("seed", text(m.value("seed", json())), std::to_string(id.seed));
  if (launch.value("id", json()) != json(id.id))
    return differs("launch id", text(launch.value("id", json())), std::to_string(id.id));
  if (m.value("np", json()) != json(id.np))
    return differs("process count", text(m.value("np", json())), std::to_string(id.np));
  const json levels = launch.value("levels", json::object());
  for (const auto& [name, index] : id.levels) {
    const json l = levels.is_object() ? levels.value(name, json()) : json();
    if (text(l) != std::to_string(index))
      return differs("level of '" + name + "'", text(l), std::to_string(index));
  }
  return "";
}

// "FILE:LINE: what" from results_from_summary's "line N: what".
std::string located(const std::string& path, const std::string& why) {
  return path + (why.rfind("line ", 0) == 0 ? ":" + why.substr(5) : ": " + why);
}

// summary.csv: read as analyze reads it, one row per finished job of the manifest. Fills the
// observations each job has (its n) for the check of raw.csv.
std::string summary_damage(const fs::path& dir, const json& m,
                           std::map<std::int64_t, std::int64_t>& n_of_job) {
  const std::string path = (dir / "summary.csv").string();
  std::string error;
  auto t = analysis::read_csv_table(path, error);
  if (!t) return error;
  auto d = analysis::results_from_summary(*t, error);
  if (!d) return located(path, error);
  const std::size_t jobs = m.value("jobs", json::array()).size();
  if (t->rows.size() != jobs)
    return message_text(DiagId::summary_rows_differ, path, t->rows.size(), jobs, "jobs");
  // Every row's n (a job whose observations were all invalid has no median, but has its rows).
  const auto c_job = t->column(col::job), c_n = t->column(col::n);
  if (c_job && c_n)
    for (const auto& row : t->rows)
      n_of_job[analysis::cell_integer(row[*c_job]).value_or(-1)] =
          analysis::cell_integer(row[*c_n]).value_or(0);
  return "";
}

// raw.csv: whole, with as many observations of each job as summary.csv says.
std::string raw_damage(const fs::path& dir, const std::map<std::int64_t, std::int64_t>& n_of_job) {
  const std::string path = (dir / "raw.csv").string();
  analysis::CsvReader r;
  if (!r.open(path)) return r.error();
  const auto c_job = r.column(col::job);
  if (!c_job) return message_text(DiagId::summary_missing_column, col::job) + " (" + path + ")";
  std::map<std::int64_t, std::int64_t> rows;
  std::vector<std::string> f;
  while (r.next(f)) {
    const auto job = analysis::cell_integer(f[*c_job]);
    if (!job)
      return path + ":" + std::to_string(r.record_line()) + ": " +
             message_text(DiagId::summary_not_whole, "job", f[*c_job]);
    ++rows[*job];
  }
  if (!r.error().empty()) return r.error();
  for (const auto& [job, n] : n_of_job) {
    const auto it = rows.find(job);
    const std::int64_t have = it == rows.end() ? 0 : it->second;
    if (n >= 0 && have != n)
      return message_text(DiagId::raw_rows_differ, path, have, job, dir.filename().string(), n);
  }
  for (const auto& [job, have] : rows)
    if (!n_of_job.count(job))
      return message_text(DiagId::raw_rows_differ, path, have, job, dir.filename().string(), 0);
  return "";
}

}  // namespace

std::string check_launch_folder(const std::string& dir, const LaunchIdentity* identity) {
  const fs::path d(dir);
  std::string why;
  auto m = out::read_json_file(d / "manifest.json", why);
  if (!m)
    return message_text(
        DiagId::launch_damaged, dir,
        message_text(DiagId::cannot_read_file_why, (d / "manifest.json").string(), why));
  if (std::string bad = analysis::manifest_damage(*m); !bad.empty())
    return message_text(
        DiagId::launch_damaged, dir,
        message_text(DiagId::manifest_damaged, (d / "manifest.json").string(), bad));
  if (identity)
    if (std::string other = identity_mismatch(dir, *m, *identity); !other.empty()) return other;
  std::map<std::int64_t, std::int64_t> n_of_job;
  if (std::string bad = summary_damage(d, *m, n_of_job); !bad.empty())
    return message_text(DiagId::launch_damaged, dir, bad);
  if (std::string bad = raw_damage(d, n_of_job); !bad.empty())
    return message_text(DiagId::launch_damaged, dir, bad);
  return "";
}

bool launch_of_other_identity(const std::string& dir, const LaunchIdentity& identity) {
  auto m = out::read_json_file(fs::path(dir) / "manifest.json");
  return m && analysis::manifest_damage(*m).empty() &&
         !identity_mismatch(dir, *m, identity).empty();
}

}  // namespace metron::launcher
