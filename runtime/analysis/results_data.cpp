// Reading a results folder back into per-job series of per-launch values (see results_data.h).
#include "runtime/analysis/results_data.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/manifest_check.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

constexpr const char* kVarPrefix = "var_";
constexpr const char* kFactorPrefix = "factor_";

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::string json_cell(const nlohmann::json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// A single `metron exec` folder has no factor_ columns: its launch's levels are in the manifest
// as level indices, resolved against the plan's design.
std::vector<std::pair<std::string, std::string>> exec_levels(const nlohmann::json& m) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!m.contains("launch") || !m["launch"].contains("levels")) return out;
  const auto& levels = m["launch"]["levels"];
  if (!m.contains("plan") || !m["plan"].contains("design")) return out;
  for (const auto& f : m["plan"]["design"].value("factors", nlohmann::json::array())) {
    std::string name = f.value("name", "");
    std::size_t idx = 0;
    if (levels.contains(name)) {
      try {
        idx = std::stoul(json_cell(levels[name]));
      } catch (...) {
        idx = 0;
      }
    }
    if (f.contains("levels") && idx < f["levels"].size())
      out.emplace_back(name, json_cell(f["levels"][idx]));
  }
  return out;
}

}  // namespace

std::string JobKey::text(const std::string& skip_factor) const {
  std::string t =
      block + '\x1f' + op + '\x1f' + std::to_string(bytes) + '\x1f' + std::to_string(comm_size);
  for (const auto& [k, v] : vars) t += '\x1f' + k + '=' + v;
  for (const auto& [k, v] : factors)
    if (k != skip_factor) t += "\x1f@" + k + '=' + v;
  return t + "\x1f#" + std::to_string(occurrence);
}

std::string JobKey::label(const std::string& skip_factor) const {
  std::string t = op + ' ' + std::to_string(bytes) + " B, " + std::to_string(comm_size) +
                  (comm_size == 1 ? " rank" : " ranks");
  for (const auto& [k, v] : vars) t += ", " + k + '=' + v;
  for (const auto& [k, v] : factors)
    if (k != skip_factor) t += ", " + k + '=' + v;
  if (occurrence > 0) t += " #" + std::to_string(occurrence + 1);
  return t;
}

std::string JobKey::factor(const std::string& name) const {
  for (const auto& [k, v] : factors)
    if (k == name) return v;
  return "";
}

namespace {

// Every cell the analysis reads, checked as Metron writes it: a damaged or edited summary.csv
// is an error naming its line, not rows dropped or a minimum of -inf. nullopt: all good;
// otherwise "line N: ..." (N = the file's line when known, else the row number + 1).
std::optional<std::string> check_summary_cells(const CsvTable& t) {
  auto where = [&](std::size_t r) {
    return "line " + std::to_string(r < t.lines.size() ? t.lines[r] : r + 2) + ": ";
  };
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    for (std::size_t c = 0; c < t.header.size() && c < row.size(); ++c) {
      const std::string& name = t.header[c];
      const std::string& cell = row[c];
      // The statistics the analysis reads or shows; CI bounds may legitimately be infinite.
      bool is_time = name == "median_s" || name == "mean_s" || name == "min_s" || name == "max_s" ||
                     name == "sd_s" || name == "trimmed_mean_s" || name == "p25_s" ||
                     name == "p75_s";
      bool is_count = name == "launch" || name == "replicate" || name == "job" || name == "bytes" ||
                      name == "comm_size" || name == "count" || name == "n" || name == "valid_n" ||
                      name == "used_n" || name == "order" || name == "truncated" ||
                      name == "guideline_check";
      if (name == "guideline_factor" && !cell.empty() &&
          !(cell_double(cell) > 0 && std::isfinite(cell_double(cell))))
        return where(r) + "'guideline_factor' is '" + cell + "', not a positive number";
      if ((name == "block" || name == "op") && cell.empty())
        return where(r) + message_text(DiagId::summary_empty_cell, name);
      if (cell.empty() || (!is_time && !is_count)) continue;
      double v = cell_double(cell);
      if (!std::isfinite(v)) return where(r) + message_text(DiagId::summary_not_finite, name, cell);
      if (is_count && v < 0) return where(r) + message_text(DiagId::summary_negative, name, cell);
      if (is_count && v != std::floor(v))
        return where(r) + message_text(DiagId::summary_not_whole, name, cell);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ResultsData> results_from_summary(const CsvTable& t, std::string& error) {
  for (const char* need : {"launch", "block", "op", "bytes", "comm_size", "median_s"})
    if (!t.column(need)) {
      error = message_text(DiagId::summary_missing_column, need);
      return std::nullopt;
    }
  ResultsData d;
  std::vector<std::size_t> var_cols, factor_cols;
  for (std::size_t i = 0; i < t.header.size(); ++i) {
    if (starts_with(t.header[i], kVarPrefix)) {
      var_cols.push_back(i);
      d.var_names.push_back(t.header[i].substr(4));
    } else if (starts_with(t.header[i], kFactorPrefix)) {
      factor_cols.push_back(i);
      d.factor_names.push_back(t.header[i].substr(7));
    }
  }
  auto col = [&](const char* name) { return t.column(name); };
  auto c_launch = *col("launch"), c_block = *col("block"), c_op = *col("op");
  auto c_bytes = *col("bytes"), c_comm = *col("comm_size"), c_median = *col("median_s");
  auto c_mean = col("mean_s"), c_rep = col("replicate"), c_job = col("job");
  auto c_used = col("used_n"), c_stop = col("stop_reason"), c_trunc = col("truncated");
  auto c_time_is = col("time_is");
  auto c_p25 = col("p25_s"), c_p75 = col("p75_s"), c_noise = col("noise"), c_sd = col("sd_s");
  auto c_gl = col("guideline"), c_gl_side = col("guideline_side");
  auto c_gl_factor = col("guideline_factor"), c_gl_check = col("guideline_check");
  auto get = [](const std::vector<std::string>& row, std::size_t c) -> const std::string& {
    static const std::string kEmpty;
    return c < row.size() ? row[c] : kEmpty;
  };
  auto as_int = [](const std::string& s) -> std::int64_t {
    double v = cell_double(s);
    return std::isnan(v) ? 0 : static_cast<std::int64_t>(v);
  };

  // Rows in job-id order within each launch, so that occurrence numbers are stable.
  std::vector<std::size_t> rows(t.rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
    std::int64_t la = as_int(get(t.rows[a], c_launch)), lb = as_int(get(t.rows[b], c_launch));
    if (la != lb) return la < lb;
    if (!c_job) return false;
    return as_int(get(t.rows[a], *c_job)) < as_int(get(t.rows[b], *c_job));
  });

  std::map<std::string, std::size_t> index;  // key text -> position in d.jobs
  std::map<std::string, int> seen;           // launch + base key -> occurrences so far
  std::map<std::int64_t, bool> launches;
  if (auto bad = check_summary_cells(t)) {
    error = *bad;
    return std::nullopt;
  }
  for (std::size_t r : rows) {
    const auto& row = t.rows[r];
    JobKey k;
    k.block = get(row, c_block);
    k.op = get(row, c_op);
    k.bytes = as_int(get(row, c_bytes));
    k.comm_size = as_int(get(row, c_comm));
    for (std::size_t i = 0; i < var_cols.size(); ++i)
      if (!get(row, var_cols[i]).empty())
        k.vars.emplace_back(d.var_names[i], get(row, var_cols[i]));
    for (std::size_t i = 0; i < factor_cols.size(); ++i)
      k.factors.emplace_back(d.factor_names[i], get(row, factor_cols[i]));
    std::int64_t launch = as_int(get(row, c_launch));
    launches[launch] = true;
    std::string base = std::to_string(launch) + '\x1e' + k.text();
    k.occurrence = seen[base]++;

    LaunchValue v;
    v.launch = launch;
    v.replicate = c_rep ? as_int(get(row, *c_rep)) : 0;
    v.median_s = cell_double(get(row, c_median));
    v.mean_s = c_mean ? cell_double(get(row, *c_mean)) : std::nan("");
    v.used_n = c_used ? as_int(get(row, *c_used)) : 0;
    v.row = r;
    v.job = c_job ? as_int(get(row, *c_job)) : 0;
    v.truncated = c_trunc ? as_int(get(row, *c_trunc)) : 0;
    v.p25_s = c_p25 ? cell_double(get(row, *c_p25)) : std::nan("");
    v.p75_s = c_p75 ? cell_double(get(row, *c_p75)) : std::nan("");
    v.sd_s = c_sd ? cell_double(get(row, *c_sd)) : std::nan("");
    if (c_noise) v.noise = get(row, *c_noise);
    bool failed = c_stop && get(row, *c_stop) == "error";
    std::string key = k.text();
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, d.jobs.size()).first;
      JobSeries s;
      s.key = k;
      s.job = c_job ? as_int(get(row, *c_job)) : 0;
      if (c_time_is) s.time_is = get(row, *c_time_is);
      if (c_gl && c_gl_side && c_gl_factor && c_gl_check && !get(row, *c_gl).empty()) {
        s.guideline = get(row, *c_gl);
        s.guideline_side = get(row, *c_gl_side);
        s.guideline_factor = cell_double(get(row, *c_gl_factor));
        s.guideline_check = as_int(get(row, *c_gl_check));
      }
      d.jobs.push_back(std::move(s));
    }
    if (failed || std::isnan(v.median_s)) {
      ++d.skipped_rows;
      continue;
    }
    d.jobs[it->second].launches.push_back(v);
  }
  // d.jobs is in order of first appearance: the lowest launch's job ids, i.e. the plan's order.
  d.launches = static_cast<std::int64_t>(launches.size());
  return d;
}

std::optional<ResultsData> load_results(const std::string& dir, std::string& error) {
  namespace fs = std::filesystem;
  nlohmann::json manifest;
  fs::path mpath = fs::path(dir) / "manifest.json";
  if (fs::exists(mpath)) {
    std::ifstream f(mpath);
    try {
      manifest = nlohmann::json::parse(f);
    } catch (const std::exception& e) {
      error = message_text(DiagId::cannot_read_file_why, mpath.string(), e.what());
      return std::nullopt;
    }
    if (auto why = manifest_damage(manifest); !why.empty()) {
      error = message_text(DiagId::manifest_damaged, mpath.string(), why);
      return std::nullopt;
    }
  }
  fs::path spath = fs::path(dir) / "summary.csv";
  // A run merges its launches into summary.csv when it ends: before that, say so.
  if (!fs::exists(spath) && manifest.is_object() && manifest.contains("run_schema_version") &&
      manifest.contains("status") && manifest["status"].is_string() &&
      manifest["status"] != "complete" && manifest["status"] != "failed") {
    error = message_text(DiagId::run_not_finished, dir, manifest["status"].get<std::string>(), dir);
    return std::nullopt;
  }
  auto table = read_csv_table_strict(spath.string(), error);
  if (!table) return std::nullopt;
  auto d = results_from_summary(*table, error);
  if (!d) {
    error = spath.string() + (error.rfind("line ", 0) == 0 ? ":" + error.substr(5) : ": " + error);
    return std::nullopt;
  }
  d->dir = dir;
  d->is_run = manifest.is_object() && manifest.contains("run_schema_version");
  if (!d->is_run && d->factor_names.empty()) {
    auto levels = exec_levels(manifest);
    if (!levels.empty()) {
      for (const auto& [k, v] : levels) d->factor_names.push_back(k);
      for (auto& s : d->jobs) s.key.factors = levels;
    }
  }
  d->manifest = std::move(manifest);
  return d;
}

}  // namespace metron::analysis
