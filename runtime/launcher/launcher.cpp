// `metron run` (see launcher.h). The run manifest (DIR/manifest.json) is rewritten atomically at
// every change of a launch's status, so a killed run leaves a readable record for --resume; the
// launch folders' own manifests say which launches completed.
#include "runtime/launcher/launcher.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "interpreter/program.h"
#include "runtime/analysis/analyze_folder.h"
#include "runtime/exec/manifest.h"
#include "runtime/launcher/child_process.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/progress.h"
#include "runtime/output/json_file.h"

#ifndef METRON_GIT_COMMIT
#define METRON_GIT_COMMIT "unknown"
#endif

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using out::read_json_file;
using out::utc_now_iso8601;
using out::write_json_file;

constexpr std::size_t kTailLines = 20;
constexpr std::size_t kTailBytes = 4000;

std::string launch_status_on_disk(const fs::path& dir) {
  auto m = read_json_file(dir / "manifest.json");
  if (!m || !m->is_object()) return "";
  return m->value("status", "");
}

std::string self_exe() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("metron") : p.string();
}

// A seed people can type again: 1 .. 2^31 - 1.
std::uint64_t random_seed() {
  std::random_device rd;
  return 1 + rd() % 2147483646u;
}

void error_line(const std::string& msg) {
  std::fprintf(stderr, "metron: error: %s\n", msg.c_str());
}

// The progress line: overwritten in place on a terminal, one line per launch otherwise (logs).
class ProgressPrinter {
 public:
  explicit ProgressPrinter(bool quiet) : quiet_(quiet), tty_(isatty(2) != 0) {}
  void show(const std::string& line) {
    if (quiet_) return;
    if (tty_) {
      std::fprintf(stderr, "\r\033[K%s", line.c_str());
      open_ = true;
    } else {
      std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
  }
  // A message that must stay visible (a failed launch): on its own line.
  void note(const std::string& text) {
    end_line();
    std::fprintf(stderr, "%s\n", text.c_str());
    std::fflush(stderr);
  }
  void end_line() {
    if (open_) std::fputc('\n', stderr);
    open_ = false;
  }

 private:
  bool quiet_, tty_, open_ = false;
};

}  // namespace

nlohmann::json launch_entry(const Launch& l, std::size_t position) {
  json levels = json::object(), index = json::object(), env = json::object();
  for (const auto& lv : l.levels) {
    levels[lv.factor] = lv.value;
    index[lv.factor] = lv.index;
  }
  for (const auto& [k, v] : l.env) env[k] = v;
  return {{"position", position},
          {"id", l.id},
          {"replicate", l.replicate},
          {"np", l.np},
          {"levels", levels},
          {"level_index", index},
          {"env", env},
          {"dir", "launches/" + std::to_string(l.id)},
          {"status", "pending"}};
}

namespace {

struct RunState {
  fs::path dir;
  json manifest;
  std::string script_copy;  // absolute path of the main file's copy
  std::string launcher;
  std::uint64_t seed = 0;
  std::string metron;
};

// Starts one launch into a clean folder and records its outcome in `entry`.
void run_launch(RunState& st, const Launch& l, json& entry) {
  fs::path ldir = st.dir / "launches" / std::to_string(l.id);
  std::error_code ec;
  fs::remove_all(ldir, ec);  // a launch killed midway restarts from scratch: no duplicated rows
  fs::create_directories(ldir, ec);
  std::map<std::string, std::string> values = {
      {"np", std::to_string(l.np)},     {"metron", st.metron},
      {"script", st.script_copy},       {"dir", fs::absolute(ldir).string()},
      {"launch", std::to_string(l.id)}, {"replicate", std::to_string(l.replicate)},
      {"levels", l.levels_spec()},      {"seed", std::to_string(st.seed)}};
  std::string err;
  std::vector<std::string> argv = expand_launcher(st.launcher, values, err);
  entry["argv"] = argv;
  entry["started_at"] = utc_now_iso8601();
  entry["stdout"] = "launches/" + std::to_string(l.id) + "/stdout.txt";
  entry["stderr"] = "launches/" + std::to_string(l.id) + "/stderr.txt";
  entry["status"] = "running";
  write_json_file(st.dir / "manifest.json", st.manifest);

  ChildResult r;
  if (argv.empty())
    r.spawn_error = err;
  else
    r = run_child(argv, l.env, (ldir / "stdout.txt").string(), (ldir / "stderr.txt").string());
  entry["finished_at"] = utc_now_iso8601();
  entry["duration_s"] = r.duration_s;
  entry["exit_code"] = r.started && r.signal == 0 ? json(r.exit_code) : json(nullptr);
  entry["signal"] = r.signal != 0 ? json(r.signal) : json(nullptr);
  std::string on_disk = launch_status_on_disk(ldir);
  entry["launch_status"] = on_disk.empty() ? json(nullptr) : json(on_disk);
  std::string status;
  if (stop_requested())
    status = "interrupted";
  else if (!r.started)
    status = "failed";
  else if (r.signal == 0 && r.exit_code == 0 && on_disk == "complete")
    status = "complete";
  else
    status = "failed";
  entry["status"] = status;
  if (!r.spawn_error.empty()) entry["error"] = r.spawn_error;
  if (r.started && r.signal == 0 && r.exit_code == 0 && on_disk != "complete")
    entry["error"] = "the launcher exited 0 but the launch's manifest says '" + on_disk + "'";
  std::string tail = file_tail((ldir / "stderr.txt").string(), kTailLines, kTailBytes);
  entry["stderr_tail"] = tail;
  write_json_file(st.dir / "manifest.json", st.manifest);
}

// Loads the script (from disk, or from the recorded files) and reports its diagnostics.
std::unique_ptr<Program> load_script(const RunOptions& o, const std::string& main,
                                     const std::vector<ScriptFile>& files, int& rc) {
  BuildOptions b;
  b.np = o.np;
  b.seed = o.seed;
  b.seed_given = o.seed_given;
  std::unique_ptr<Program> p;
  if (files.empty()) {
    p = load_program(main, b);
  } else {
    std::map<std::string, std::string> texts;
    for (const auto& f : files) texts[f.name] = f.text;
    p = load_program(main, b, [texts](const std::string& path) -> std::optional<std::string> {
      if (auto it = texts.find(path); it != texts.end()) return it->second;
      return read_file_from_disk(path);  // an absolute include that was not recorded
    });
  }
  std::fputs(p->diags.render().c_str(), stderr);
  rc = !p->loaded ? kExitIo : p->diags.has_errors() ? kExitScript : kExitOk;
  return p;
}

json script_json(const std::vector<ScriptFile>& files, const std::string& copy_rel) {
  json fj = json::array();
  for (const auto& f : files)
    fj.push_back({{"name", f.name}, {"sha256", rt::sha256_hex(f.text)}, {"text", f.text}});
  return {{"path", files.front().name},
          {"sha256", rt::sha256_hex(files.front().text)},
          {"copy", copy_rel},
          {"files", fj}};
}

// Fresh run: everything up to the first launch. Returns an exit code (0: go on).
int start_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
              std::vector<std::int64_t>& order) {
  std::string main = o.files.empty() ? o.script : o.files.front().name;
  int rc = kExitOk;
  auto program = load_script(o, main, o.files, rc);
  if (rc != kExitOk) return rc;
  std::vector<ScriptFile> files = o.files.empty() ? program_files(program->sources) : o.files;

  std::error_code ec;
  if (fs::exists(st.dir, ec) && !fs::is_empty(st.dir, ec)) {
    error_line("results folder '" + st.dir.string() +
               "' exists and is not empty (continue it with --resume, or choose another --out)");
    return kExitUsage;
  }
  fs::create_directories(st.dir, ec);
  if (ec) {
    error_line("cannot create results folder '" + st.dir.string() + "': " + ec.message());
    return kExitIo;
  }
  std::string err;
  auto copy = write_script_copy(files, (st.dir / "script").string(), err);
  if (!copy) {
    error_line(err);
    return kExitIo;
  }
  st.script_copy = fs::absolute(*copy).string();

  const LaunchDesign& d = program->plan.design;
  st.seed = o.seed_given ? o.seed : d.seed_given ? d.seed : random_seed();
  RunDesign design = run_design(d, o.replicates, o.np);
  launches = expand_launches(design);
  order = launch_order(launches.size(), st.seed);
  st.launcher = o.launcher.empty() ? std::string(kDefaultLauncher) : o.launcher;

  json entries = json::array();
  for (std::size_t i = 0; i < order.size(); ++i)
    entries.push_back(launch_entry(launches[static_cast<std::size_t>(order[i])], i));
  st.manifest = {{"run_schema_version", kRunSchemaVersion},
                 {"metron", {{"version", METRON_VERSION}, {"git_commit", METRON_GIT_COMMIT}}},
                 {"status", "running"},
                 {"started_at", utc_now_iso8601()},
                 {"finished_at", nullptr},
                 {"command", o.argv},
                 {"script", script_json(files, fs::relative(*copy, st.dir).string())},
                 {"seed", st.seed},
                 {"launch_order_seed", launch_order_seed(st.seed)},
                 {"launcher", st.launcher},
                 {"design", design_to_json(design)},
                 {"order", order},
                 {"launches", entries}};
  if (!o.replay_of.empty()) st.manifest["replay_of"] = o.replay_of;
  if (!write_json_file(st.dir / "manifest.json", st.manifest)) {
    error_line("cannot write '" + (st.dir / "manifest.json").string() + "'");
    return kExitIo;
  }
  return kExitOk;
}

// --resume: the recorded design, seed, order and launcher; the script copy is restored from the
// manifest if it went missing.
int resume_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
               std::vector<std::int64_t>& order) {
  auto m = read_json_file(st.dir / "manifest.json");
  if (!m || !m->is_object() || !m->contains("run_schema_version")) {
    error_line("'" + st.dir.string() + "' has no run manifest (manifest.json of `metron run`)");
    return kExitIo;
  }
  st.manifest = std::move(*m);
  st.seed = st.manifest.value("seed", std::uint64_t{0});
  st.launcher = o.launcher.empty() ? st.manifest.value("launcher", std::string(kDefaultLauncher))
                                   : o.launcher;
  st.manifest["launcher"] = st.launcher;
  RunDesign design = design_from_json(st.manifest["design"]);
  launches = expand_launches(design);
  order = st.manifest.value("order", std::vector<std::int64_t>{});
  if (order.size() != launches.size() || st.manifest["launches"].size() != launches.size()) {
    error_line("the run manifest in '" + st.dir.string() + "' is inconsistent (launch order)");
    return kExitIo;
  }
  fs::path copy = st.dir / st.manifest["script"].value("copy", std::string());
  if (!fs::exists(copy)) {
    std::string err;
    if (!write_script_copy(manifest_files(st.manifest["script"]), (st.dir / "script").string(),
                           err)) {
      error_line(err);
      return kExitIo;
    }
  }
  st.script_copy = fs::absolute(copy).string();
  st.manifest["status"] = "running";
  st.manifest["finished_at"] = nullptr;
  if (!st.manifest.contains("resumed")) st.manifest["resumed"] = json::array();
  st.manifest["resumed"].push_back({{"at", utc_now_iso8601()}, {"command", o.argv}});
  return kExitOk;
}

}  // namespace

int run_experiment(const RunOptions& o, RunOutcome& outcome) {
  RunState st;
  st.dir = o.out_dir;
  st.metron = o.metron_binary.empty() ? self_exe() : o.metron_binary;
  outcome.dir = o.out_dir;
  // A bad template is a usage error, found before anything is created or run.
  if (!o.launcher.empty()) {
    std::string err;
    if (expand_launcher(o.launcher, {}, err).empty()) {
      error_line(err);
      return kExitUsage;
    }
  }
  std::vector<Launch> launches;
  std::vector<std::int64_t> order;
  int rc = o.resume ? resume_run(o, st, launches, order) : start_run(o, st, launches, order);
  if (rc != kExitOk) return rc;

  install_stop_handlers();
  ProgressPrinter progress(o.quiet);
  auto t0 = std::chrono::steady_clock::now();
  std::vector<double> durations;
  json& entries = st.manifest["launches"];
  outcome.launches = order.size();
  // Launches left to run in this session (for the ETA): those whose folder is not complete.
  std::size_t to_run = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    if (launch_status_on_disk(st.dir / "launches" / std::to_string(order[i])) != "complete")
      ++to_run;
  std::size_t ran = 0;
  for (std::size_t i = 0; i < order.size() && !stop_requested(); ++i) {
    const Launch& l = launches[static_cast<std::size_t>(order[i])];
    json& entry = entries[i];
    if (o.resume &&
        launch_status_on_disk(st.dir / "launches" / std::to_string(l.id)) == "complete") {
      if (entry.value("status", "") != "complete") entry["status"] = "complete";
      continue;
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress.show(
        progress_line(i + 1, order.size(), l, elapsed, eta_seconds(durations, to_run - ran)));
    run_launch(st, l, entry);
    ++ran;
    if (entry["status"] == "complete") durations.push_back(entry.value("duration_s", 0.0));
    if (entry["status"] == "failed") {
      std::string why = entry.contains("error") ? entry["error"].get<std::string>()
                        : entry["signal"].is_null()
                            ? fmt::format("exit code {}", entry["exit_code"].dump())
                            : fmt::format("signal {}", entry["signal"].dump());
      std::string tail = entry.value("stderr_tail", "");
      progress.note(fmt::format("metron: launch {} failed ({}); stderr in {}{}{}", l.id, why,
                                (st.dir / entry.value("stderr", "")).string(),
                                tail.empty() ? "" : ":\n", tail));
    }
  }
  progress.end_line();

  if (int sig = stop_requested()) {
    st.manifest["status"] = "interrupted";
    st.manifest["finished_at"] = utc_now_iso8601();
    write_json_file(st.dir / "manifest.json", st.manifest);
    outcome.interrupted = true;
    std::fprintf(stderr, "metron: run interrupted; continue it with: metron run --resume %s\n",
                 st.dir.string().c_str());
    return 128 + sig;
  }

  // Merge the complete launches, in launch-id order.
  std::vector<MergeSource> sources;
  std::vector<std::string> factor_names;
  for (const auto& f : st.manifest["design"].value("factors", json::array()))
    factor_names.push_back(f.value("name", ""));
  std::vector<std::int64_t> merged;
  for (const auto& l : launches) {
    fs::path ldir = st.dir / "launches" / std::to_string(l.id);
    if (launch_status_on_disk(ldir) != "complete") continue;
    MergeSource s;
    s.dir = ldir.string();
    s.launch = l.id;
    s.replicate = l.replicate;
    for (const auto& lv : l.levels) s.factors.emplace_back(lv.factor, lv.value);
    sources.push_back(std::move(s));
    merged.push_back(l.id);
  }
  outcome.complete = sources.size();
  outcome.failed = order.size() - sources.size();
  json merge = {{"launches", merged}};
  std::string err;
  int exit_code = outcome.failed == 0 ? kExitOk : kExitRuntime;
  if (!sources.empty()) {
    for (const char* file : {"raw.csv", "summary.csv", "raw_ranks.csv"}) {
      bool all_have = true;
      for (const auto& s : sources) all_have = all_have && fs::exists(fs::path(s.dir) / file);
      if (!all_have) continue;
      long long rows = merge_csv(sources, factor_names, file, st.dir.string(), err);
      if (rows < 0) {
        error_line(err);
        exit_code = kExitIo;
        break;
      }
      merge[std::string(file).substr(0, std::string(file).find('.')) + "_rows"] = rows;
    }
  }
  st.manifest["merged"] = merge;
  st.manifest["status"] = outcome.failed == 0 ? "complete" : "failed";
  st.manifest["finished_at"] = utc_now_iso8601();
  if (!write_json_file(st.dir / "manifest.json", st.manifest)) {
    error_line("cannot write '" + (st.dir / "manifest.json").string() + "'");
    return kExitIo;
  }
  if (outcome.failed > 0)
    std::fprintf(stderr, "metron: %zu of %zu launches failed (see %s)\n", outcome.failed,
                 order.size(), (st.dir / "manifest.json").string().c_str());
  if (!sources.empty() && exit_code != kExitIo) {
    analysis::AnalyzeOptions ao;
    ao.print = !o.quiet && o.analysis_table;
    if (analysis::analyze_folder(st.dir.string(), ao, err) != 0) {
      error_line(err);
      exit_code = kExitIo;
    }
  }
  return exit_code;
}

}  // namespace metron::launcher
