// Reading a results folder back into per-job series of per-launch values (see results_data.h).
#include "runtime/analysis/results_data.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/manifest_check.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/results/result_columns.h"

namespace metron::analysis {

namespace {

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

// The largest launch id and replicate (a run's limit on launches, exec's on --launch) and the
// largest count or id otherwise (a double still holds it exactly).
constexpr std::int64_t kMaxLaunchId = std::int64_t{1} << 20;
constexpr std::int64_t kMaxCount = std::int64_t{1} << 53;

bool is_time_column(const std::string& name) {
  return name == col::median_s || name == col::mean_s || name == col::min_s || name == col::max_s ||
         name == col::sd_s || name == col::trimmed_mean_s || name == col::p25_s ||
         name == col::p75_s;
}

bool is_count_column(const std::string& name) {
  return name == col::launch || name == "replicate" || name == col::job || name == col::bytes ||
         name == col::comm_size || name == col::count || name == col::n || name == col::valid_n ||
         name == col::used_n || name == col::order || name == col::truncated ||
         name == "guideline_check";
}

// One cell as Metron writes it: nullopt, or what is wrong with it.
std::optional<std::string> cell_damage(const std::string& name, const std::string& cell) {
  if (name == "guideline_factor" && !cell.empty() &&
      !(cell_double(cell) > 0 && std::isfinite(cell_double(cell))))
    return "'guideline_factor' is '" + cell + "', not a positive number";
  if ((name == col::block || name == col::op) && cell.empty())
    return message_text(DiagId::summary_empty_cell, name);
  if (cell.empty()) return std::nullopt;
  if (is_count_column(name)) {
    const double v = cell_double(cell);
    if (!std::isfinite(v)) return message_text(DiagId::summary_not_finite, name, cell);
    if (v < 0) return message_text(DiagId::summary_negative, name, cell);
    const auto i = cell_integer(cell);
    if (!i) return message_text(DiagId::summary_not_whole, name, cell);
    const std::int64_t max = name == col::launch || name == "replicate" ? kMaxLaunchId : kMaxCount;
    if (*i > max) return message_text(DiagId::summary_count_too_large, name, cell, max);
  } else if (is_time_column(name)) {
    // Every time Metron measures is an end minus a start of one clock: never negative.
    const double v = cell_double(cell);
    if (!std::isfinite(v)) return message_text(DiagId::summary_not_finite, name, cell);
    if (v < 0) return message_text(DiagId::summary_negative, name, cell);
  }
  return std::nullopt;
}

// The median and the mean lie between the minimum and the maximum (up to rounding of the mean).
std::optional<std::string> order_damage(const CsvTable& t, const std::vector<std::string>& row) {
  const auto c_min = t.column(col::min_s), c_max = t.column(col::max_s);
  if (!c_min || !c_max || row[*c_min].empty() || row[*c_max].empty()) return std::nullopt;
  const double lo = cell_double(row[*c_min]), hi = cell_double(row[*c_max]);
  for (const char* name : {col::median_s, col::mean_s}) {
    const auto c = t.column(name);
    if (!c || row[*c].empty()) continue;
    const double v = cell_double(row[*c]);
    const double slack = 1e-9 * std::max(std::fabs(lo), std::fabs(hi));
    if (v < lo - slack || v > hi + slack || lo > hi)
      return message_text(DiagId::summary_out_of_order, name, row[*c], row[*c_min], row[*c_max]);
  }
  return std::nullopt;
}

// Every cell the analysis reads, checked as Metron writes it, and each job once per launch: a
// damaged or edited summary.csv is an error naming its line, not rows dropped, a minimum of
// -inf or phantom jobs. nullopt: all good; otherwise "line N: ..." (N = the file's line when
// known, else the row number + 1).
std::optional<std::string> check_summary_cells(const CsvTable& t) {
  auto line = [&](std::size_t r) { return r < t.lines.size() ? t.lines[r] : r + 2; };
  auto where = [&](std::size_t r) { return "line " + std::to_string(line(r)) + ": "; };
  const auto c_launch = t.column(col::launch), c_job = t.column(col::job);
  std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> seen;  // (launch, job) -> row
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    for (std::size_t c = 0; c < t.header.size() && c < row.size(); ++c)
      if (auto bad = cell_damage(t.header[c], row[c])) return where(r) + *bad;
    if (row.size() != t.header.size()) continue;
    if (auto bad = order_damage(t, row)) return where(r) + *bad;
    if (!c_launch || !c_job || row[*c_job].empty()) continue;
    const std::int64_t launch = cell_integer(row[*c_launch]).value_or(0);
    auto [it, fresh] = seen.emplace(std::pair{launch, *cell_integer(row[*c_job])}, r);
    if (!fresh)
      return where(r) + message_text(DiagId::summary_duplicate_job, row[*c_job], row[*c_launch],
                                     line(it->second), line(r));
  }
  return std::nullopt;
}

}  // namespace

namespace {

// The columns of a summary.csv, found once: the required ones, the optional ones (absent in
// older or hand-made folders) and the loop variables and launch factors.
struct SummaryColumns {
  std::size_t launch = 0, block = 0, op = 0, bytes = 0, comm = 0, median = 0;
  std::optional<std::size_t> mean, rep, job, used, n, stop, trunc, time_is, p25, p75, noise, sd;
  std::optional<std::size_t> gl, gl_side, gl_factor, gl_check;
  std::vector<std::size_t> vars, factors;
};

SummaryColumns summary_columns(const CsvTable& t, ResultsData& d) {
  SummaryColumns c;
  for (std::size_t i = 0; i < t.header.size(); ++i) {
    if (starts_with(t.header[i], col::kVarPrefix)) {
      c.vars.push_back(i);
      d.var_names.push_back(t.header[i].substr(sizeof col::kVarPrefix - 1));
    } else if (starts_with(t.header[i], kFactorPrefix)) {
      c.factors.push_back(i);
      d.factor_names.push_back(t.header[i].substr(7));
    }
  }
  auto find = [&](const char* name) { return t.column(name); };
  c.launch = *find(col::launch), c.block = *find(col::block), c.op = *find(col::op);
  c.bytes = *find(col::bytes), c.comm = *find(col::comm_size), c.median = *find(col::median_s);
  c.mean = find(col::mean_s), c.rep = find("replicate"), c.job = find(col::job);
  c.used = find(col::used_n), c.n = find(col::n), c.stop = find(col::stop_reason);
  c.trunc = find(col::truncated), c.time_is = find(col::time_is), c.p25 = find(col::p25_s);
  c.p75 = find(col::p75_s), c.noise = find(col::noise), c.sd = find(col::sd_s);
  c.gl = find("guideline"), c.gl_side = find("guideline_side");
  c.gl_factor = find("guideline_factor"), c.gl_check = find("guideline_check");
  return c;
}

const std::string& cell_at(const std::vector<std::string>& row, std::size_t c) {
  static const std::string kEmpty;
  return c < row.size() ? row[c] : kEmpty;
}

// Cells checked before (check_summary_cells): empty, or a whole number in range.
std::int64_t int_at(const std::vector<std::string>& row, std::optional<std::size_t> c) {
  return c ? cell_integer(cell_at(row, *c)).value_or(0) : 0;
}

double double_at(const std::vector<std::string>& row, std::optional<std::size_t> c) {
  return c ? cell_double(cell_at(row, *c)) : std::nan("");
}

// The job a row measured, without its occurrence number.
JobKey row_key(const std::vector<std::string>& row, const SummaryColumns& c, const ResultsData& d) {
  JobKey k;
  k.block = cell_at(row, c.block);
  k.op = cell_at(row, c.op);
  k.bytes = int_at(row, c.bytes);
  k.comm_size = int_at(row, c.comm);
  for (std::size_t i = 0; i < c.vars.size(); ++i)
    if (!cell_at(row, c.vars[i]).empty())
      k.vars.emplace_back(d.var_names[i], cell_at(row, c.vars[i]));
  for (std::size_t i = 0; i < c.factors.size(); ++i)
    k.factors.emplace_back(d.factor_names[i], cell_at(row, c.factors[i]));
  return k;
}

// What row `r` says of its launch.
LaunchValue row_value(const std::vector<std::string>& row, std::size_t r, const SummaryColumns& c) {
  LaunchValue v;
  v.launch = int_at(row, c.launch);
  v.replicate = int_at(row, c.rep);
  v.median_s = cell_double(cell_at(row, c.median));
  v.mean_s = double_at(row, c.mean);
  v.used_n = int_at(row, c.used);
  if (c.n && !cell_at(row, *c.n).empty()) v.n = int_at(row, c.n);
  v.row = r;
  v.job = int_at(row, c.job);
  v.truncated = int_at(row, c.trunc);
  v.p25_s = double_at(row, c.p25);
  v.p75_s = double_at(row, c.p75);
  v.sd_s = double_at(row, c.sd);
  if (c.noise) v.noise = cell_at(row, *c.noise);
  return v;
}

// A job's series as its first row introduces it (its launches are added after).
JobSeries new_series(const std::vector<std::string>& row, const JobKey& k,
                     const SummaryColumns& c) {
  JobSeries s;
  s.key = k;
  s.job = int_at(row, c.job);
  if (c.time_is) s.time_is = cell_at(row, *c.time_is);
  if (c.gl && c.gl_side && c.gl_factor && c.gl_check && !cell_at(row, *c.gl).empty()) {
    s.guideline = cell_at(row, *c.gl);
    s.guideline_side = cell_at(row, *c.gl_side);
    s.guideline_factor = cell_double(cell_at(row, *c.gl_factor));
    s.guideline_check = int_at(row, c.gl_check);
  }
  return s;
}

}  // namespace

std::optional<ResultsData> results_from_summary(const CsvTable& t, std::string& error) {
  for (const char* need :
       {col::launch, col::block, col::op, col::bytes, col::comm_size, col::median_s})
    if (!t.column(need)) {
      error = message_text(DiagId::summary_missing_column, need);
      return std::nullopt;
    }
  ResultsData d;
  const SummaryColumns c = summary_columns(t, d);
  if (auto bad = check_summary_cells(t)) {  // before any cell is read as a number
    error = *bad;
    return std::nullopt;
  }
  // Rows in job-id order within each launch, so that occurrence numbers are stable.
  std::vector<std::size_t> rows(t.rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
    const std::int64_t la = int_at(t.rows[a], c.launch), lb = int_at(t.rows[b], c.launch);
    if (la != lb) return la < lb;
    return c.job && int_at(t.rows[a], c.job) < int_at(t.rows[b], c.job);
  });
  std::map<std::string, std::size_t> index;  // key text -> position in d.jobs
  std::map<std::string, int> seen;           // launch + base key -> occurrences so far
  std::map<std::int64_t, bool> launches;
  for (std::size_t r : rows) {
    const auto& row = t.rows[r];
    JobKey k = row_key(row, c, d);
    const LaunchValue v = row_value(row, r, c);
    launches[v.launch] = true;
    k.occurrence = seen[std::to_string(v.launch) + '\x1e' + k.text()]++;
    auto it = index.find(k.text());
    if (it == index.end()) {
      it = index.emplace(k.text(), d.jobs.size()).first;
      d.jobs.push_back(new_series(row, k, c));
    }
    if ((c.stop && cell_at(row, *c.stop) == "error") || std::isnan(v.median_s)) {
      ++d.skipped_rows;
      continue;
    }
    d.jobs[it->second].launches.push_back(v);
  }
  // d.jobs is in order of first appearance: the lowest launch's job ids, i.e. the plan's order.
  d.launches = static_cast<std::int64_t>(launches.size());
  return d;
}

namespace {

// summary.csv against its manifest: as many rows as the manifest records (a run's merge count,
// a launch's finished jobs) and only the launches it names. "" when they agree.
std::string manifest_disagreement(const CsvTable& t, const nlohmann::json& m,
                                  const std::string& spath) {
  using json = nlohmann::json;
  if (!m.is_object()) return "";
  const std::size_t rows = t.rows.size();
  const auto c_launch = t.column("launch");
  std::vector<std::int64_t> ids;  // the launches the manifest names; empty: not known
  std::string ids_text;
  if (m.contains("run_schema_version")) {
    const json merged = m.value("merged", json::object());
    if (merged.contains("summary_rows") && merged["summary_rows"].get<std::size_t>() != rows)
      return message_text(DiagId::summary_rows_differ, spath, rows,
                          merged["summary_rows"].get<std::size_t>(), "merged.summary_rows");
    if (merged.contains("launches")) ids = merged["launches"].get<std::vector<std::int64_t>>();
    ids_text = merged.contains("launches") ? merged["launches"].dump() : "";
  } else if (m.contains("jobs")) {
    // A launch killed by SIGKILL may have written one job's rows but not its manifest.
    const std::size_t jobs = m["jobs"].size();
    const std::string status = m.value("status", "");
    const bool ended = status == "complete" || status == "failed";
    if (rows != jobs && (ended || rows != jobs + 1))
      return message_text(DiagId::summary_rows_differ, spath, rows, jobs, "jobs");
    if (m.contains("launch") && m["launch"].contains("id")) {
      ids = {m["launch"]["id"].get<std::int64_t>()};
      ids_text = m["launch"]["id"].dump();
    }
  }
  if (!ids_text.empty() && c_launch)
    for (std::size_t r = 0; r < rows; ++r) {
      const std::int64_t id = cell_integer(t.rows[r][*c_launch]).value_or(-1);
      if (std::find(ids.begin(), ids.end(), id) == ids.end())
        return spath + ":" + std::to_string(t.lines[r]) + ": " +
               message_text(DiagId::summary_foreign_launch, t.rows[r][*c_launch], ids_text);
    }
  return "";
}

}  // namespace

std::optional<ResultsData> load_results(const std::string& dir, std::string& error) {
  namespace fs = std::filesystem;
  nlohmann::json manifest;
  fs::path mpath = fs::path(dir) / "manifest.json";
  std::error_code ec;
  if (fs::exists(fs::symlink_status(mpath, ec))) {
    std::string why;
    auto m = out::read_json_file(mpath, why);
    if (!m) {
      error = message_text(DiagId::cannot_read_file_why, mpath.string(), why);
      return std::nullopt;
    }
    manifest = std::move(*m);
    if (auto why = manifest_damage(manifest); !why.empty()) {
      error = message_text(DiagId::manifest_damaged, mpath.string(), why);
      return std::nullopt;
    }
  }
  fs::path spath = fs::path(dir) / "summary.csv";
  // A run merges its launches into summary.csv when it ends: before that, say so.
  if (!fs::exists(fs::symlink_status(spath, ec)) && manifest.is_object() &&
      manifest.contains("run_schema_version") && manifest.contains("status") &&
      manifest["status"] != "complete" && manifest["status"] != "failed") {
    error = message_text(DiagId::run_not_finished, dir, manifest["status"].get<std::string>(), dir);
    return std::nullopt;
  }
  auto table = read_csv_table(spath.string(), error);
  if (!table) return std::nullopt;
  auto d = results_from_summary(*table, error);
  if (!d) {
    error = spath.string() + (error.rfind("line ", 0) == 0 ? ":" + error.substr(5) : ": " + error);
    return std::nullopt;
  }
  if (std::string why = manifest_disagreement(*table, manifest, spath.string()); !why.empty()) {
    error = why;
    return std::nullopt;
  }
  d->dir = dir;
  d->is_run = manifest.is_object() && manifest.contains("run_schema_version");
  if (!d->is_run && manifest.is_object() && manifest.value("status", "") == "running")
    d->warnings.push_back(message_text(DiagId::exec_not_finished, dir, "running",
                                       table->rows.size(), table->rows.size() == 1 ? "" : "s"));
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
