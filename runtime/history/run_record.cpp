// Reading a finished results folder for the history (see run_record.h).
#include "runtime/history/run_record.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/manifest_check.h"
#include "runtime/analysis/simulated_folder.h"
#include "runtime/output/folder_lock.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/sha256.h"

namespace metron::history {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The pid holding DIR's lock ("" when it is not held, or held by this process). A writer removes
// its lock file when it ends, so a file that is there but not held is the trace of a writer that
// was killed.
std::string lock_holder(const std::string& dir) {
  const std::string path = (fs::path(dir) / out::kFolderLockName).string();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return "";
  std::string holder;
  if (::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
    char buf[256] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    holder = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "?";
    holder = holder.substr(0, holder.find(' '));
    // `metron run --history` adds the folder it has just finished, its lock still held.
    if (holder == std::to_string(::getpid())) holder.clear();
  }
  ::close(fd);
  return holder;
}

std::string text_of(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return "";
  const json& v = j[key];
  return v.is_string() ? v.get<std::string>() : v.is_null() ? "" : v.dump();
}

// A whole number of the manifest, 0 when absent or of another type (a damaged manifest is
// refused before, by load_results; this only keeps a reader from throwing).
std::int64_t int_of(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number_integer()) return 0;
  return j[key].get<std::int64_t>();
}

// The manifest of the run's first merged launch (the run manifest has no plan and no system).
json first_launch_manifest(const std::string& dir, const json& run) {
  if (!run.contains("run_schema_version")) return run;
  const json merged = run.value("merged", json::object());
  if (!merged.is_object() || !merged.contains("launches") || !merged["launches"].is_array())
    return nullptr;
  for (const auto& id : merged["launches"]) {
    if (!id.is_number_integer()) continue;
    auto l = out::read_json_file(fs::path(dir) / "launches" / std::to_string(id.get<int64_t>()) /
                                 "manifest.json");
    if (l && l->is_object()) return *l;
  }
  return nullptr;
}

// The first line of the MPI library's version string, tabs as spaces.
std::string mpi_library(const json& system) {
  std::string s = text_of(system, "mpi_library_version");
  s = s.substr(0, s.find('\n'));
  for (char& c : s)
    if (c == '\t') c = ' ';
  return s;
}

std::string machine_of(const json& run, const json& system) {
  for (const json* m : {&run, &system}) {
    const json sched = m->is_object() ? m->value("scheduler", json()) : json();
    if (std::string c = text_of(sched, "cluster"); !c.empty()) return c;
  }
  if (std::string h = text_of(system, "host"); !h.empty()) return h;
  return "unknown";
}

std::string hosts_of(const json& system) {
  std::string out;
  const json names = system.is_object() ? system.value("processor_names", json()) : json();
  if (names.is_array())
    for (const auto& n : names)
      if (n.is_string()) out += (out.empty() ? "" : ",") + n.get<std::string>();
  return out;
}

// The refusal for a folder that is not a finished measured run, or "".
std::string refusal(const std::string& dir, const json& m) {
  if (std::string pid = lock_holder(dir); !pid.empty())
    return message_text(DiagId::history_folder_in_use, dir, pid);
  const std::string status = text_of(m, "status");
  if (status != "complete" && status != "failed")
    return message_text(DiagId::history_folder_unfinished, dir, status.empty() ? "?" : status);
  if (analysis::folder_simulated(dir)) return message_text(DiagId::history_folder_simulated, dir);
  return "";
}

void read_identity(const std::string& dir, const json& m, const json& launch, RunRecord& r) {
  const bool run = m.contains("run_schema_version");
  const json system = launch.is_object() ? launch.value("system", json()) : json();
  const json script = m.value("script", json::object());
  r.kind = run ? "run" : "exec";
  r.status = text_of(m, "status");
  r.script = fs::path(text_of(script, "path")).filename().string();
  r.script_sha256 = text_of(script, "sha256");
  const json plan = launch.is_object() ? launch.value("plan", json()) : json();
  // Without its seed, which the run records apart: a new seed each night is not a new plan.
  r.plan = plan;
  if (r.plan.is_object() && r.plan.contains("design") && r.plan["design"].is_object())
    r.plan["design"].erase("seed");
  r.plan_sha256 = sha256_hex(r.plan.dump());
  r.np = int_of(run ? m.value("design", json::object()) : m, "np");
  r.seed = text_of(m, "seed");
  r.launcher = run ? text_of(m, "launcher") : "";
  r.system = system;
  r.environment = system.is_object() ? system.value("environment", json::object()) : json::object();
  r.mpi_library = mpi_library(system);
  r.mpi_version = text_of(system, "mpi_standard_version");
  r.hosts = hosts_of(system);
  const json metron = m.value("metron", json::object());
  r.metron_version = text_of(metron, "version");
  r.metron_commit = text_of(metron, "git_commit");
  r.started_at = text_of(m, "started_at");
  r.finished_at = text_of(m, "finished_at");
  r.folder = dir;
  r.run_key = sha256_hex(r.started_at + '\n' + r.seed + '\n' + r.script_sha256 + '\n' +
                         text_of(system, "host") + '\n' + text_of(m, "command"));
}

void read_jobs(const analysis::ResultsData& d, RunRecord& r) {
  for (const analysis::JobSeries& s : d.jobs) {
    if (s.launches.empty()) continue;  // failed in every launch: nothing measured
    JobRecord j;
    j.key = s.key;
    j.job_key = s.key.text();
    j.label = s.key.block + ": " + s.key.label();
    j.job = s.job;
    j.time_is = s.time_is;
    j.launches = s.launches;
    std::vector<double> medians;
    for (const auto& l : s.launches) medians.push_back(l.median_s);
    const analysis::Distribution dist = analysis::distribution(medians);
    j.median_s = dist.median;
    j.ci_lo_s = dist.ci_lo;
    j.ci_hi_s = dist.ci_hi;
    j.min_s = dist.min;
    j.max_s = dist.max;
    r.jobs.push_back(std::move(j));
  }
  r.launches = d.launches;
}

// claims.csv, when the script has claims; false with `error` set when it is damaged.
bool read_claims(const std::string& dir, RunRecord& r, std::string& error) {
  const fs::path path = fs::path(dir) / "claims.csv";
  std::error_code ec;
  if (!fs::exists(path, ec)) return true;
  auto t = analysis::read_csv_table(path.string(), error);
  if (!t) return false;
  for (std::size_t i = 0; i < t->rows.size(); ++i)
    r.claims.push_back({t->cell(i, "claim"), t->cell(i, "text"), t->cell(i, "verdict"),
                        analysis::cell_double(t->cell(i, "effect")),
                        analysis::cell_double(t->cell(i, "effect_lo")),
                        analysis::cell_double(t->cell(i, "effect_hi"))});
  return true;
}

}  // namespace

std::optional<RunRecord> read_run_folder(const std::string& dir, const std::string& machine,
                                         std::string& error) {
  const fs::path mpath = fs::path(dir) / "manifest.json";
  std::error_code ec;
  if (!fs::exists(mpath, ec)) {
    error = fs::is_directory(dir, ec) ? message_text(DiagId::history_no_manifest, dir)
                                      : message_text(DiagId::report_not_a_folder, dir);
    return std::nullopt;
  }
  auto data = analysis::load_results(dir, error);
  if (!data) {
    // A run that did not finish has no merged summary.csv yet: say so in the history's words.
    const auto m = out::read_json_file(mpath);
    if (m && m->is_object() && analysis::manifest_damage(*m).empty())
      if (std::string why = refusal(dir, *m); !why.empty()) error = why;
    return std::nullopt;
  }
  if (std::string why = refusal(dir, data->manifest); !why.empty()) {
    error = why;
    return std::nullopt;
  }
  RunRecord r;
  const json launch = first_launch_manifest(dir, data->manifest);
  read_identity(dir, data->manifest, launch, r);
  for (const char* key : {"started_at", "finished_at"})
    if (text_of(data->manifest, key).empty()) {
      error = message_text(DiagId::history_manifest_lacks, mpath.string(), key);
      return std::nullopt;
    }
  r.machine = machine.empty() ? machine_of(data->manifest, r.system) : machine;
  read_jobs(*data, r);
  if (r.jobs.empty()) {
    error = message_text(DiagId::history_no_jobs, dir);
    return std::nullopt;
  }
  if (!read_claims(dir, r, error)) return std::nullopt;
  return r;
}

}  // namespace metron::history
