// `metron run` (see launcher.h). The run manifest (DIR/manifest.json) is rewritten atomically at
// every change of a launch's status, so a killed run leaves a readable record for --resume; the
// launch folders' own manifests say which launches completed. A launch past its deadline or its
// start-up limit is killed, its folder moved to DIR/attempts/, and it is run again from scratch.
#include "runtime/launcher/launcher.h"
#include "runtime/plan/git_commit.h"
#include "runtime/plan/sha256.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <utility>

#include "runtime/analysis/analyze_folder.h"
#include "runtime/analysis/startup_summary.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/exec/launch_size.h"
#include "runtime/launcher/child_process.h"
#include "runtime/launcher/launch_check.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launch_deadline.h"
#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/launcher_library.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/process_tree.h"
#include "runtime/launcher/progress.h"
#include "runtime/launcher/rank_signal.h"
#include "runtime/launcher/resume_checks.h"
#include "runtime/launcher/run_manifest_check.h"
#include "runtime/launcher/trusted_launch_inputs.h"
#include "runtime/mpi_library.h"
#include "runtime/ops/thread_level.h"
#include "runtime/output/folder_lock.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/loaded_script.h"
#include "runtime/plan/machine_fit.h"
#include "runtime/plan/plan_threads.h"
#include "runtime/plan/regular_file.h"
#include "runtime/scheduler_context.h"
#include "runtime/sysinfo.h"
#include "runtime/test_hooks.h"

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
  bool skip_unsupported = false;  // appended to each launch's command
  std::string settings_copy;      // absolute path of the settings file's copy ("": none)
  std::string metron;
  double launch_timeout_s = -1;  // --launch-timeout; negative: each launch's plan deadline
  double startup_timeout_s = kDefaultStartupTimeoutS;
  int retries = kDefaultRetries;
  double finalize_grace_s = rt::kDefaultFinalizeGraceS;  // per level of the rank tree
  // A simulated run: deadlines recorded, not enforced; these bound the simulation's wall time
  // instead (0: no bound).
  bool simulated = false;
  double simulation_timeout_s = 0;
  double simulation_startup_s = 0;
  std::string write_error;                     // the first write of the run manifest that failed
  std::vector<std::int64_t> checked;           // launches --resume checked (launch_check.h) already
  std::vector<analysis::StartupStat> startup;  // merge_startup_times's summary
  // RunOptions::on_first_start, until it has been called
  std::function<std::vector<std::string>(const std::string&, std::int64_t)> on_first_start;
};

// Rewrites the run manifest; a failure (a full disk) is kept in st.write_error and ends the run
// after the launch in progress.
void save_manifest(RunState& st) {
  if (!write_json_file(st.dir / "manifest.json", st.manifest) && st.write_error.empty())
    st.write_error = message_text(DiagId::cannot_write_file_why,
                                  (st.dir / "manifest.json").string(), std::strerror(errno));
}

// The launcher's output, where the process manager says which signal ended a rank.
std::string launch_output(const fs::path& ldir) {
  std::string text;
  for (const char* f : {"stdout.txt", "stderr.txt"})
    text += file_tail((ldir / f).string(), 40, 8000);
  return text;
}

// What a killed launch was doing, from its own manifest: rank 0 records its finished jobs when
// it gets SIGTERM, so the job in progress is the next one in its order. A launch that timed out
// by itself (exec --timeout) says so in its `timeout` object. No manifest: it never started.
void job_in_progress(const fs::path& ldir, json& rec) {
  rec["job"] = nullptr;
  auto m = read_json_file(ldir / "manifest.json");
  if (!m || !m->is_object()) return;
  const json jobs = m->value("jobs", json::array());
  rec["jobs_done"] = jobs.size();
  if (m->contains("timeout") && (*m)["timeout"].is_object()) {
    rec["job"] = (*m)["timeout"].value("job", json(nullptr));
    return;
  }
  const json order = m->value("order", json::array());
  if (jobs.size() >= order.size()) return;  // refinement, or between the last job and the end
  const json& id = order[jobs.size()];
  json job = {{"id", id}};
  if (m->contains("plan") && (*m)["plan"].is_object())
    for (const auto& j : (*m)["plan"].value("jobs", json::array()))
      if (j.value("id", json(nullptr)) == id) {
        job["block"] = j.value("block", "");
        job["op"] = j.value("op", "");
        job["bytes"] = j.value("bytes", 0);
      }
  rec["job"] = job;
}

// "in job 7 (block 'b', Bcast 16 B)", or "" when unknown.
std::string job_text(const json& rec) {
  const json job = rec.value("job", json(nullptr));
  if (!job.is_object() || !job.contains("id")) return "";
  if (!job.contains("block"))
    return " " + message_text(DiagId::launch_where_job_id, job["id"].dump());
  return " " + message_text(DiagId::launch_where_job, job["id"].dump(), job.value("block", ""),
                            job.value("op", ""), job.value("bytes", 0));
}

// The record of a hang: which limit (reason, limit_s, limit_from, after_s), the job it was in,
// how it ended (sigkilled, left_behind) and a message for people.
json hang_record(const ChildResult& r, const ChildLimits& limits, const char* deadline_from,
                 const fs::path& ldir) {
  json t;
  if (r.killed == ChildKill::StartupTimeout) {
    t = {{"reason", "startup_timeout"},
         {"limit_s", limits.startup_timeout_s},
         {"limit_from", "option"},
         {"after_s", r.killed_at_s}};
  } else if (r.killed == ChildKill::Timeout) {
    t = {{"reason", "timeout"},
         {"limit_s", limits.timeout_s},
         {"limit_from", deadline_from},
         {"after_s", r.killed_at_s}};
  } else {  // the launch ended itself: metron exec --timeout in the template
    auto m = read_json_file(ldir / "manifest.json");
    t = m && m->contains("timeout") ? (*m)["timeout"] : json::object();
    t["reason"] = "timeout";
    t["limit_from"] = "exec";
  }
  job_in_progress(ldir, t);
  if (r.killed != ChildKill::None) {
    t["sigkilled"] = r.sigkilled;
    t["left_behind"] = r.left_behind;
  }
  t["message"] =
      t["reason"] == "startup_timeout"
          ? message_text(DiagId::launch_startup_limit, t.value("limit_s", 0.0))
      : t["limit_from"] == "exec"
          ? message_text(DiagId::launch_own_timeout, t.value("limit_s", 0.0), job_text(t))
          : message_text(t["limit_from"] == "plan" ? DiagId::launch_deadline_from_plan
                                                   : DiagId::launch_deadline,
                         t.value("limit_s", 0.0), job_text(t));
  return t;
}

// The variables a launch sets for its ranks, for {env}: its factors', the planned size, and the
// thread level `metron run` asks for (a launcher such as Open MPI's mpirun passes a variable to
// the ranks of other hosts only when it is named).
std::string launch_env_names(const Launch& l) {
  std::string names;
  for (const auto& [name, value] : l.env) names += name + ",";
  names += rt::kPlannedNpEnv;
  if (std::getenv(rt::kThreadLevelEnv)) names += std::string(",") + rt::kThreadLevelEnv;
  return names;
}

// Starts one launch into a clean folder and records its outcome in `entry`. A launch killed at
// its deadline or start-up limit (or one that timed out by itself) is retried up to st.retries
// times; each attempt is recorded in entry["attempts"], the killed ones' folders are kept in
// DIR/attempts/<id>-<attempt>/ and never merged.
// The launch's command: the template expanded with its values, and the options every launch
// of the run gets. Empty with `err` set when the template cannot be expanded.
std::vector<std::string> launch_argv(const RunState& st, const Launch& l, const fs::path& ldir,
                                     std::string& err) {
  std::map<std::string, std::string> values = {
      {"np", std::to_string(l.np)},     {"metron", st.metron},
      {"script", st.script_copy},       {"dir", fs::absolute(ldir).string()},
      {"launch", std::to_string(l.id)}, {"replicate", std::to_string(l.replicate)},
      {"levels", l.levels_spec()},      {"seed", std::to_string(st.seed)},
      {"env", launch_env_names(l)}};
  std::vector<std::string> argv = expand_launcher(st.launcher, values, err);
  if (st.skip_unsupported && !argv.empty()) argv.push_back("--skip-unsupported");
  if (st.finalize_grace_s != rt::kDefaultFinalizeGraceS && !argv.empty()) {
    argv.push_back("--finalize-grace");
    argv.push_back(fmt::format("{:g}", st.finalize_grace_s));
  }
  if (!st.settings_copy.empty() && !argv.empty()) {
    argv.push_back("--settings");
    argv.push_back(st.settings_copy);
  }
  return argv;
}

// The launch's time limits: --launch-timeout, else its deadline from the plan; started once
// its folder has a manifest.
ChildLimits launch_limits(RunState& st, const Launch& l, const json& entry, const fs::path& ldir,
                          const fs::path& done, ProgressPrinter& progress) {
  ChildLimits limits;
  limits.startup_timeout_s = st.simulated ? st.simulation_startup_s : st.startup_timeout_s;
  limits.timeout_s = st.simulated               ? st.simulation_timeout_s
                     : st.launch_timeout_s >= 0 ? st.launch_timeout_s
                     : entry.value("deadline_s", json(0.0)).is_number()
                         ? entry.value("deadline_s", 0.0)
                         : 0.0;
  limits.kill_grace_s = kKillGraceS;
  limits.started = [ldir] {
    std::error_code ec;
    return fs::exists(ldir / "manifest.json", ec);
  };
  // Data complete and acknowledged (rank 0's marker): the ranks end themselves once the finalize
  // grace passes; the launch is ended a little later if they could not. A simulation's ranks
  // share one process, bounded by the simulation's own limits.
  if (!st.simulated) {
    limits.done = [done] {
      std::error_code ec;
      return fs::exists(done, ec);
    };
    limits.after_done_s =
        rt::finalize_grace_s(st.finalize_grace_s, l.np) + rt::kFinalizeRootFirstS + kFinalizeSlackS;
  }
  // The first launch to start calls RunOptions::on_first_start, whose lines are printed then.
  if (st.on_first_start)
    limits.started = [&st, &progress, id = l.id, ldir, started = limits.started] {
      if (!started()) return false;
      if (auto first = std::exchange(st.on_first_start, nullptr))
        for (const std::string& line : first(ldir.string(), id)) progress.note(line);
      return true;
    };
  return limits;
}

// The launch's environment: its factors' variables, and for `metron exec` the planned size
// (mpiexec and srun pass it on, so that any template, the user's own too, is checked against
// it) and the marker rank 0 writes once the data are complete (finalize_grace.h).
std::vector<std::pair<std::string, std::string>> launch_environment(const Launch& l,
                                                                    const fs::path& done) {
  auto env = l.env;
  env.emplace_back(rt::kPlannedNpEnv, std::to_string(l.np));
  env.emplace_back(rt::kLaunchDoneEnv, fs::absolute(done).string());
  return env;
}

// An attempt's status: interrupted (a stop was asked), complete or failed. The data decide
// (docs/cli.md, "Failed launches"): a launch is complete when its own manifest says so, which
// rank 0 writes only once every rank acknowledged the end of the plan, however its processes
// ended afterwards (a finalize that did not return, a signal, an exit code); then it is merged.
// Any other launch failed, and is never merged.
std::string attempt_status(const ChildResult& r, const std::string& on_disk, json& entry) {
  if (int sig = stop_requested()) {
    // mpiexec forwards the signal and may exit 0: record the signal that ended the launch.
    if (r.started && r.signal == 0) {
      entry["signal"] = sig;
      entry["exit_code"] = nullptr;
    }
    return "interrupted";
  }
  return r.started && on_disk == "complete" ? "complete" : "failed";
}

// A complete launch whose processes did not end cleanly: the entry says how ("finalize" when
// MPI_Finalize did not return within the grace, ended by the ranks themselves or by this
// process; "note" for people), so that a merged launch is never reported as failed.
void record_end_after_data(const RunState& st, const Launch& l, const ChildResult& r,
                           const fs::path& ldir, json& entry) {
  entry.erase("finalize");
  entry.erase("note");
  const double grace = rt::finalize_grace_s(st.finalize_grace_s, l.np);
  json fin;
  if (r.killed == ChildKill::AfterDone) {
    fin = {{"returned", false}, {"grace_s", grace}, {"ended_by", "run"}};
  } else if (auto m = read_json_file(ldir / "manifest.json");
             m && m->is_object() && m->value("finalize", json()).is_object()) {
    fin = (*m)["finalize"];
  } else if (r.done_s >= 0 && r.duration_s - r.done_s >= grace) {
    // Rank 0's MPI_Finalize returned, another rank's did not: that rank ended itself after
    // the grace, which only the launch's length shows.
    fin = {{"returned", false}, {"grace_s", grace}, {"ended_by", "exec"}};
  }
  if (fin.is_object()) {
    entry["finalize"] = fin;
    entry["note"] = message_text(DiagId::launch_finalize_note, l.id, fin.value("grace_s", grace));
  } else if (r.signal != 0 || r.exit_code != 0) {
    const std::string how = r.signal != 0
                                ? message_text(DiagId::launch_ended_signal, r.signal)
                                : message_text(DiagId::launch_ended_exit_code, r.exit_code);
    entry["note"] = message_text(DiagId::launch_ended_after_data, l.id, how);
  }
}

// The entry of an attempt about to start, saved: a run killed now shows it "running".
void mark_attempt_started(RunState& st, json& entry, const std::vector<std::string>& argv,
                          const std::string& id, std::size_t attempt) {
  entry.erase("error");
  entry.erase("timeout");
  entry["argv"] = argv;
  entry["started_at"] = utc_now_iso8601();
  entry["stdout"] = "launches/" + id + "/stdout.txt";
  entry["stderr"] = "launches/" + id + "/stderr.txt";
  entry["status"] = "running";
  entry["attempt"] = attempt;
  const json sched = rt::scheduler_context();
  entry["job_id"] = sched.is_object() ? sched["job_id"] : json(nullptr);  // the job that ran it
  save_manifest(st);
}

// How the child ended, in the entry: times, exit code or signal, the launch's own status.
// Returns that status as the launch folder has it ("" when it has none).
std::string record_child_end(json& entry, const ChildResult& r, const fs::path& ldir) {
  entry["finished_at"] = utc_now_iso8601();
  entry["duration_s"] = r.duration_s;
  entry["exit_code"] = r.started && r.signal == 0 ? json(r.exit_code) : json(nullptr);
  entry["signal"] = r.signal != 0 ? json(r.signal) : json(nullptr);
  entry.erase("signal_of");
  // A rank killed by a signal: mpiexec exits with a code (Hydra: the signal's number), and
  // only its report says that it was a signal, not the rank's exit(9).
  if (r.started && r.signal == 0 && r.exit_code != 0)
    if (int sig = rank_signal_in_output(launch_output(ldir)); sig != 0) {
      entry["signal"] = sig;
      entry["signal_of"] = "rank";
    }
  std::string on_disk = launch_status_on_disk(ldir);
  entry["launch_status"] = on_disk.empty() ? json(nullptr) : json(on_disk);
  return on_disk;
}

// Keeps a killed attempt for diagnosis, outside launches/ (its partial rows never merge), and
// records where in its attempt record `rec`.
void keep_killed_attempt(const RunState& st, const std::string& id, std::size_t attempt,
                         const std::string& stderr_tail, json& rec) {
  const std::string kept = "attempts/" + id + "-" + std::to_string(attempt);
  std::error_code ec;
  fs::create_directories(st.dir / "attempts", ec);
  fs::rename(st.dir / "launches" / id, st.dir / kept, ec);
  if (!ec) {
    rec["dir"] = kept;
    rec["stderr"] = kept + "/stderr.txt";
  }
  rec["stderr_tail"] = stderr_tail;
}

void run_launch(RunState& st, const Launch& l, json& entry, ProgressPrinter& progress) {
  const std::string id = std::to_string(l.id);
  fs::path ldir = st.dir / "launches" / id;
  std::string err;
  const std::vector<std::string> argv = launch_argv(st, l, ldir, err);
  // Outside the launch's folder: it is no result, and goes when the launch has ended.
  const fs::path done = st.dir / "launches" / ("." + id + ".done");
  const ChildLimits limits = launch_limits(st, l, entry, ldir, done, progress);
  if (!entry.contains("attempts")) entry["attempts"] = json::array();
  const auto env = launch_environment(l, done);
  int retries_used = 0;
  for (;;) {
    std::error_code ec;
    fs::remove_all(ldir, ec);  // a launch killed midway restarts from scratch: no duplicated rows
    fs::remove(done, ec);
    fs::create_directories(ldir, ec);
    const std::size_t attempt = entry["attempts"].size() + 1;
    mark_attempt_started(st, entry, argv, id, attempt);

    ChildResult r;
    if (argv.empty())
      r.spawn_error = err;
    else
      r = run_child(argv, env, (ldir / "stdout.txt").string(), (ldir / "stderr.txt").string(),
                    limits);
    fs::remove(done, ec);
    // A launch that ended before the watch saw it start: RunOptions::on_first_start is called now
    // (its manifest holds the machine's facts), before the next launch starts.
    if (limits.started) limits.started();
    const std::string on_disk = record_child_end(entry, r, ldir);
    const std::string status = attempt_status(r, on_disk, entry);
    entry["status"] = status;
    if (status == "complete") record_end_after_data(st, l, r, ldir, entry);
    if (!r.spawn_error.empty()) entry["error"] = r.spawn_error;
    if (r.started && r.signal == 0 && r.exit_code == 0 && on_disk != "complete" &&
        r.killed == ChildKill::None)
      entry["error"] = message_text(DiagId::launch_manifest_disagrees, on_disk);
    // A hang: killed at a limit here, or timed out by itself (exec --timeout in the template).
    // A launch whose records were final (its marker) did not hang, whatever ended it.
    const bool hung =
        status != "complete" &&
        ((r.killed != ChildKill::None && r.killed != ChildKill::AfterDone) || on_disk == "timeout");
    json rec = {{"attempt", attempt},
                {"started_at", entry["started_at"]},
                {"finished_at", entry["finished_at"]},
                {"duration_s", r.duration_s},
                {"exit_code", entry["exit_code"]},
                {"signal", entry["signal"]},
                {"launch_status", entry["launch_status"]},
                {"job_id", entry["job_id"]}};
    if (hung && status != "interrupted") {
      json t = hang_record(r, limits, st.launch_timeout_s >= 0 ? "option" : "plan", ldir);
      rec["timeout"] = t;
      entry["timeout"] = t;
      entry["error"] = message_text(
          t["limit_from"] == "exec" ? DiagId::launch_hang_timed_out : DiagId::launch_hang_killed,
          t["message"].get<std::string>());
    } else if (r.left_behind > 0) {
      rec["left_behind"] = r.left_behind;
    }
    rec["status"] = status;
    if (entry.contains("error")) rec["error"] = entry["error"];
    if (entry.contains("note")) rec["note"] = entry["note"];
    std::string tail = file_tail((ldir / "stderr.txt").string(), kTailLines, kTailBytes);
    entry["stderr_tail"] = tail;
    const bool retry = hung && status == "failed" && retries_used < st.retries;
    if (retry) keep_killed_attempt(st, id, attempt, tail, rec);
    entry["attempts"].push_back(rec);
    if (!retry) break;
    ++retries_used;
    entry["retries"] = retries_used;
    progress.note(message_line(DiagId::launch_retry, l.id, entry["error"].get<std::string>(),
                               retries_used, st.retries));
  }
  entry["retries"] = retries_used;
  save_manifest(st);
}

json limits_json(const RunState& st) {
  DeadlineAllowances a;
  return {
      {"launch_timeout_s", st.launch_timeout_s >= 0 ? json(st.launch_timeout_s) : json(nullptr)},
      {"startup_timeout_s", st.startup_timeout_s},
      {"retries", st.retries},
      {"kill_grace_s", kKillGraceS},
      {"finalize_grace_s", st.finalize_grace_s},
      {"allowances",
       {{"budget_factor", a.budget_factor}, {"job_s", a.job_s}, {"clock_sync_s", a.clock_sync_s}}}};
}

// Loads the script (from disk, or from the recorded files) and reports its diagnostics.
std::unique_ptr<LoadedScript> load_script(const RunOptions& o, const std::string& main,
                                          const std::vector<ScriptFile>& files, int& rc) {
  BuildOptions b;
  b.np = o.np;
  b.seed = o.seed;
  b.seed_given = o.seed_given;
  b.skip_unsupported = o.skip_unsupported;
  b.settings_file = o.settings_file;
  b.simulated = o.simulated;
  rt::plan_for_this_library(b);
  std::unique_ptr<LoadedScript> p;
  if (files.empty()) {
    p = o.load(main, b, read_file_from_disk);
  } else {
    // A recording's files (replay, --resume): nothing else of this machine is read for them.
    b.from_recording = true;
    std::map<std::string, std::string> texts;
    for (const auto& f : files) texts[f.name] = f.text;
    if (o.settings_text) texts[o.settings_file] = *o.settings_text;
    p = o.load(main, b, [texts](const std::string& path, FileUse) -> FileRead {
      if (auto it = texts.find(path); it != texts.end()) return {it->second};
      return {std::nullopt, false, false, message_text(DiagId::read_not_recorded)};
    });
  }
  std::fputs(p->diags.render().c_str(), stderr);
  rc = !p->loaded ? kExitIo : p->diags.has_errors() ? kExitScript : kExitOk;
  // Threads need MPI_Init_thread(MPI_THREAD_MULTIPLE): every launch's exec inherits the request
  // (a level the user set is kept; exec refuses the plan if MPI provides less).
  if (rc == kExitOk && first_threaded_job(p->plan)) setenv(rt::kThreadLevelEnv, "multiple", 0);
  return p;
}

json script_json(const std::vector<ScriptFile>& files, const std::string& copy_rel) {
  json fj = json::array();
  for (const auto& f : files)
    fj.push_back({{"name", f.name}, {"sha256", sha256_hex(f.text)}, {"text", f.text}});
  return {{"path", files.front().name},
          {"sha256", sha256_hex(files.front().text)},
          {"copy", copy_rel},
          {"files", fj}};
}

// Why a fresh run refuses a folder that holds files: a finished run is replayed, an unfinished
// one resumed, and anything else is not Metron's to continue.
void print_used_folder(const fs::path& dir) {
  auto m = read_json_file(dir / "manifest.json");
  const bool run = m && m->is_object() && m->contains("run_schema_version");
  if (run && m->value("status", json()) == json("complete"))
    print_message(DiagId::run_folder_finished, dir.string(), dir.string());
  else if (run)
    print_message(DiagId::run_folder_not_empty, dir.string());
  else
    print_message(DiagId::folder_not_a_run, dir.string());
}

// One writer per run folder: a second `run --resume` of a folder in use is refused.
int lock_run_folder(const fs::path& dir) {
  std::string error;
  const out::FolderLock lock = out::lock_results_folder(dir.string(), error);
  if (lock == out::FolderLock::Locked) return kExitOk;
  print_error(error);
  return lock == out::FolderLock::InUse ? kExitUsage : kExitIo;
}

// A replay's launcher and environment come from the recording: nothing runs without consent.
int check_replay_inputs(const RunOptions& o, const LoadedScript& program) {
  LaunchInputs in;
  in.folder = o.replay_of;
  in.launcher = o.launcher.empty() ? default_launcher() : o.launcher;
  in.launcher_from_folder = o.launcher_from_folder;
  in.env_names = env_names(run_design(program.plan.design, o.replicates, o.np));
  in.trusted = o.trust_launcher;
  if (std::string refused = check_trusted_launch_inputs(in); !refused.empty()) {
    print_error(refused);
    return kExitUsage;
  }
  return kExitOk;
}

// A launcher of another MPI library than this binary's would start singletons: refused before
// anything is made (the default is this library's own).
int check_launcher_library(const std::string& launcher) {
  if (launcher.empty()) return kExitOk;
  if (std::string refused = launcher_library_mismatch(launcher); !refused.empty()) {
    print_error(refused);
    return kExitUsage;
  }
  return kExitOk;
}

// A new, empty run folder, locked for this run.
int make_run_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_empty(dir, ec)) {
    print_used_folder(dir);
    return kExitUsage;
  }
  fs::create_directories(dir, ec);
  if (ec) {
    print_message(DiagId::cannot_create_folder, dir.string(), ec.message());
    return kExitIo;
  }
  return lock_run_folder(dir);
}

// The key of a launch's plan: the process count and launch levels shape it.
std::string deadline_key(const Launch& l) {
  return std::to_string(l.np) + ":" + l.levels_spec();
}

// Each launch's deadline from its own plan, one plan per distinct combination.
std::map<std::string, LaunchDeadline> plan_deadlines(const LoadedScript& program,
                                                     const RunState& st,
                                                     const std::vector<Launch>& launches) {
  DeadlineAllowances allow;
  allow.startup_s = st.startup_timeout_s;
  std::map<std::string, LaunchDeadline> deadlines;
  for (const Launch& l : launches) {
    const std::string key = deadline_key(l);
    if (deadlines.count(key)) continue;
    BuildOptions b;
    b.np = l.np;
    b.seed = st.seed;
    b.seed_given = true;
    b.skip_unsupported = st.skip_unsupported;
    b.simulated = st.simulated;
    rt::plan_for_this_library(b);
    for (const auto& lv : l.levels) b.launch_levels[lv.factor] = lv.index;
    DiagnosticEngine diags(program.sources);
    deadlines[key] = launch_deadline(program.replan(b, diags), allow);
  }
  return deadlines;
}

// The run manifest's launch entries, in run order, with their deadlines.
json launch_entries(const RunState& st, const std::vector<Launch>& launches,
                    const std::vector<std::int64_t>& order,
                    std::map<std::string, LaunchDeadline>& deadlines) {
  json entries = json::array();
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Launch& l = launches[static_cast<std::size_t>(order[i])];
    json e = launch_entry(l, i);
    if (st.launch_timeout_s >= 0) {
      e["deadline_s"] = st.launch_timeout_s;
      e["deadline_from"] = "option";
    } else {
      const LaunchDeadline& d = deadlines[deadline_key(l)];
      e["deadline_s"] = d.total_s;
      e["deadline_from"] = "plan";
      e["deadline"] = deadline_json(d);
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

// The settings this machine defeats (machine_fit.h), said before the first launch: a replay on
// another machine says first where the recorded settings no longer do what they were set for.
json warn_defeated_settings(const LoadedScript& program, const std::vector<Launch>& launches,
                            const std::string& launcher) {
  MachineFacts m;
  m.last_level_cache_bytes = rt::last_level_cache_bytes();
  m.cores = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  // The test hook of the launches' own check (runtime/exec/launch_noise.cpp).
  if (const auto n = rt::test_hook_number(rt::TestHook::Cores, 0); n > 0)
    m.cores = static_cast<int>(n);
  m.invariant_tsc = rt::has_cpu_flag("constant_tsc") && rt::has_cpu_flag("nonstop_tsc");
  // MPICH's mpiexec starts every rank here unless a host file says otherwise, and binds none
  // unless asked.
  m.ranks_local = is_default_launcher(launcher) && !std::getenv("HYDRA_HOST_FILE");
  m.ranks_bound =
      launcher.find("bind-to") != std::string::npos || std::getenv("HYDRA_BINDING") != nullptr;
  int np = 1;
  for (const Launch& l : launches) np = std::max(np, l.np);
  json out = json::array();
  for (const std::string& w : defeated_settings(program.plan, np, m)) {
    print_warning(w);
    out.push_back(w);
  }
  return out;
}

// A fresh run's limits: as given, else the defaults; a simulation's bound its wall time.
void set_fresh_limits(const RunOptions& o, RunState& st) {
  st.startup_timeout_s = o.startup_timeout_s >= 0 ? o.startup_timeout_s : kDefaultStartupTimeoutS;
  st.retries = o.retries >= 0 ? o.retries : kDefaultRetries;
  st.finalize_grace_s = o.finalize_grace_s > 0 ? o.finalize_grace_s : rt::kDefaultFinalizeGraceS;
  st.launch_timeout_s = o.launch_timeout_s;
  if (o.simulated) {
    // The deadlines a real launch would get, from the plan with the default start-up limit.
    st.simulated = true;
    st.simulation_timeout_s = std::max(0.0, o.launch_timeout_s);
    st.simulation_startup_s = std::max(0.0, o.startup_timeout_s);
    st.launch_timeout_s = -1;
    st.startup_timeout_s = kDefaultStartupTimeoutS;
    st.retries = 0;  // a simulation is deterministic: the same launch would fail again
  }
}

// Fresh run: everything up to the first launch. Returns an exit code (0: go on).
int start_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
              std::vector<std::int64_t>& order) {
  std::string main = o.files.empty() ? o.script : o.files.front().name;
  int rc = kExitOk;
  auto program = load_script(o, main, o.files, rc);
  if (rc != kExitOk) return rc;
  std::vector<ScriptFile> files = o.files.empty() ? program_files(program->sources) : o.files;
  // The settings file is recorded on its own, not among the script's files.
  std::erase_if(files, [&](const ScriptFile& f) { return f.name == program->settings_name; });
  if (!o.replay_of.empty())
    if (int refused = check_replay_inputs(o, *program); refused != kExitOk) return refused;
  if (int refused = check_launcher_library(o.launcher); refused != kExitOk) return refused;
  if (int made = make_run_folder(st.dir); made != kExitOk) return made;
  std::string err;
  auto copy = write_script_copy(files, (st.dir / "script").string(), err);
  if (!copy) {
    print_error(err);
    return kExitIo;
  }
  st.script_copy = fs::absolute(*copy).string();
  json settings_record = nullptr;
  if (!program->settings_name.empty()) {
    const ScriptFile settings{program->settings_name, program->settings_text};
    auto settings_copy = write_settings_copy(settings, st.dir.string(), err);
    if (!settings_copy) {
      print_error(err);
      return kExitIo;
    }
    st.settings_copy = fs::absolute(*settings_copy).string();
    settings_record = settings_json(settings, fs::relative(*settings_copy, st.dir).string());
  }

  const LaunchDesign& d = program->plan.design;
  st.seed = o.seed_given ? o.seed : d.seed_given ? d.seed : random_seed();
  RunDesign design = run_design(d, o.replicates, o.np);
  // A simulation has no noise: one launch per combination stands for all its replicates.
  const std::int64_t planned_replicates = design.replicates;
  if (o.simulated) design.replicates = 1;
  if (launch_count(design) > kMaxRunLaunches) {
    print_message(DiagId::too_many_run_launches, kMaxRunLaunches, design.replicates);
    return kExitUsage;
  }
  launches = expand_launches(design);
  order = launch_order(launches.size(), st.seed);
  st.launcher = o.launcher.empty() ? default_launcher() : o.launcher;
  st.skip_unsupported = o.skip_unsupported;

  set_fresh_limits(o, st);
  const json defeated =
      o.simulated ? json::array() : warn_defeated_settings(*program, launches, st.launcher);
  std::map<std::string, LaunchDeadline> deadlines;
  if (st.launch_timeout_s < 0) deadlines = plan_deadlines(*program, st, launches);
  json entries = launch_entries(st, launches, order, deadlines);
  st.manifest = {{"run_schema_version", kRunSchemaVersion},
                 {"metron", {{"version", METRON_VERSION}, {"git_commit", metron::git_commit()}}},
                 {"status", "running"},
                 {"started_at", utc_now_iso8601()},
                 {"finished_at", nullptr},
                 {"command", o.argv},
                 {"script", script_json(files, fs::relative(*copy, st.dir).string())},
                 {"seed", st.seed},
                 {"launch_order_seed", launch_order_seed(st.seed)},
                 {"launcher", st.launcher},
                 {"skip_unsupported", st.skip_unsupported},
                 {"settings_override", settings_record},
                 {"scheduler", rt::scheduler_context()},
                 {"design", design_to_json(design)},
                 {"order", order},
                 {"limits", limits_json(st)},
                 {"machine_warnings", defeated},
                 {"launches", entries}};
  // A simulated run folder says so in its own manifest too, not only in its launches'.
  if (st.simulated) st.manifest["simulated"] = true;
  if (st.simulated) st.manifest["planned_replicates"] = planned_replicates;
  if (st.simulated)
    st.manifest["simulation_limits"] = {
        {"timeout_s", st.simulation_timeout_s > 0 ? json(st.simulation_timeout_s) : json()},
        {"startup_timeout_s",
         st.simulation_startup_s > 0 ? json(st.simulation_startup_s) : json()}};
  if (!o.replay_of.empty()) st.manifest["replay_of"] = o.replay_of;
  if (!o.replay_modified.empty()) st.manifest["replay_of_modified"] = o.replay_modified;
  if (!write_json_file(st.dir / "manifest.json", st.manifest)) {
    print_message(DiagId::cannot_write_file, (st.dir / "manifest.json").string());
    return kExitIo;
  }
  return kExitOk;
}

// The run manifest for --resume: read (a regular file, bounded) and checked for type and range.
// nullopt with the message printed and `rc` set.
std::optional<json> read_run_manifest(const fs::path& dir, int& rc) {
  const fs::path path = dir / "manifest.json";
  std::error_code ec;
  rc = kExitIo;
  if (!fs::exists(fs::symlink_status(path, ec))) {
    print_message(DiagId::no_run_manifest, dir.string());
    return std::nullopt;
  }
  std::string why;
  auto m = read_json_file(path, why);
  if (!m) {
    print_message(DiagId::manifest_damaged, path.string(), why);
    return std::nullopt;
  }
  if (!m->is_object() || !m->contains("run_schema_version")) {
    print_message(DiagId::no_run_manifest, dir.string());
    return std::nullopt;
  }
  if (std::string bad = run_manifest_damage(*m); !bad.empty()) {
    print_message(DiagId::manifest_damaged, path.string(), bad);
    return std::nullopt;
  }
  rc = kExitOk;
  return m;
}

// Every launch that --resume will not run again (complete on disk) must belong to the run and be
// whole, before anything runs: a foreign or damaged folder is never merged, and never removed.
int check_complete_launches(RunState& st, const std::vector<Launch>& launches) {
  for (const Launch& l : launches) {
    const fs::path ldir = st.dir / "launches" / std::to_string(l.id);
    if (launch_status_on_disk(ldir) != "complete") continue;
    const LaunchIdentity id = launch_identity(l, st.manifest);
    if (std::string bad = check_launch_folder(ldir.string(), &id); !bad.empty()) {
      print_error(bad);
      return kExitIo;
    }
    st.checked.push_back(l.id);
  }
  return kExitOk;
}

// The folders --resume writes in and removes: none may be a link on the way (a folder from
// someone else could point one at the user's own files, which a restarted launch would remove).
int check_run_folders(const RunState& st, const std::vector<Launch>& launches) {
  std::vector<std::string> names = {"script", "settings", "attempts", "launches"};
  for (const Launch& l : launches) names.push_back("launches/" + std::to_string(l.id));
  for (const std::string& name : names) {
    std::string why;
    if (!confined_path(st.dir, name, why)) {
      print_message(DiagId::folder_name_outside, name, st.dir.string(), why);
      return kExitIo;
    }
  }
  return kExitOk;
}

// The recorded script, loaded as its launches will load their copies: an include or published
// file that would leave the recording (an absolute path, a file it does not hold) is refused
// before anything runs, as in a replay.
int check_recorded_script(const RunOptions& o, const RunState& st, const Launch& first) {
  RunOptions r = o;
  r.files = manifest_files(st.manifest["script"]);
  r.np = first.np;
  const json so = st.manifest.value("settings_override", json());
  if (so.is_object()) {
    r.settings_file = so["path"].get<std::string>();
    r.settings_text = so["text"].get<std::string>();
  }
  int rc = kExitOk;
  load_script(r, r.files.front().name, r.files, rc);
  return rc;
}

// --resume: the recorded design, seed, order and launcher, each checked; the script copy is
// checked against the recorded text, and restored from the manifest if it went missing.
int resume_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
               std::vector<std::int64_t>& order) {
  int rc = kExitOk;
  if (!read_run_manifest(st.dir, rc)) return rc;
  // One writer: a second `--resume` of a folder that is still being run is refused.
  if (int lock = lock_run_folder(st.dir); lock != kExitOk) return lock;
  auto m = read_run_manifest(st.dir, rc);  // as the previous holder left it
  if (!m) return rc;
  st.manifest = std::move(*m);
  st.seed = st.manifest["seed"].get<std::uint64_t>();
  const RunDesign design = design_from_json(st.manifest["design"]);
  LaunchInputs in;
  in.folder = st.dir.string();
  // A run started with its build's default resumes with this build's: the launcher of this
  // binary's library.
  const std::string recorded_launcher = st.manifest.value("launcher", std::string());
  const bool by_default = o.launcher.empty() && is_default_launcher(recorded_launcher);
  in.launcher = !o.launcher.empty() ? o.launcher
                : by_default        ? default_launcher()
                                    : recorded_launcher;
  in.launcher_from_folder = o.launcher.empty() && !by_default;
  in.env_names = env_names(design);
  in.trusted = o.trust_launcher;
  if (std::string refused = check_trusted_launch_inputs(in); !refused.empty()) {
    print_error(refused);
    return kExitUsage;
  }
  if (int refused = check_launcher_library(by_default ? "" : in.launcher); refused != kExitOk)
    return refused;
  st.launcher = in.launcher;
  st.manifest["launcher"] = st.launcher;
  st.skip_unsupported = o.skip_unsupported || st.manifest.value("skip_unsupported", false);
  st.manifest["skip_unsupported"] = st.skip_unsupported;
  // Limits: as given now, else as recorded, else the defaults.
  const json rec = st.manifest.value("limits", json::object());
  auto recorded = [&](const char* key, double dflt) {
    return rec.contains(key) && rec[key].is_number() ? rec[key].get<double>() : dflt;
  };
  st.launch_timeout_s =
      o.launch_timeout_s >= 0 ? o.launch_timeout_s : recorded("launch_timeout_s", -1);
  st.startup_timeout_s = o.startup_timeout_s >= 0
                             ? o.startup_timeout_s
                             : recorded("startup_timeout_s", kDefaultStartupTimeoutS);
  st.retries = o.retries >= 0 ? o.retries : static_cast<int>(recorded("retries", kDefaultRetries));
  st.finalize_grace_s = o.finalize_grace_s > 0
                            ? o.finalize_grace_s
                            : recorded("finalize_grace_s", rt::kDefaultFinalizeGraceS);
  // A simulated run resumes as one: its recorded deadlines are the real launches', not limits.
  if (const json sim = st.manifest.value("simulation_limits", json()); sim.is_object()) {
    st.simulated = true;
    const auto bound = [&](const char* key) {
      const json v = sim.value(key, json());
      return v.is_number() ? v.get<double>() : 0.0;
    };
    st.simulation_timeout_s = o.launch_timeout_s >= 0 ? o.launch_timeout_s : bound("timeout_s");
    st.simulation_startup_s =
        o.startup_timeout_s >= 0 ? o.startup_timeout_s : bound("startup_timeout_s");
  }
  st.manifest["limits"] = limits_json(st);
  launches = expand_launches(design);
  order = st.manifest["order"].get<std::vector<std::int64_t>>();
  if (st.manifest["launches"].size() != launches.size()) {
    print_message(DiagId::run_manifest_inconsistent, st.dir.string());
    return kExitIo;
  }
  if (int checked = check_run_folders(st, launches); checked != kExitOk) return checked;
  std::string err;
  auto copies = checked_script_copies(st.dir, st.manifest, err);
  if (!copies) {
    print_error(err);
    return kExitIo;
  }
  st.script_copy = copies->script;
  st.settings_copy = copies->settings;
  if (!launches.empty())
    if (int checked = check_recorded_script(o, st, launches.front()); checked != kExitOk)
      return checked;
  if (int checked = check_complete_launches(st, launches); checked != kExitOk) return checked;
  st.manifest["status"] = "running";
  st.manifest["finished_at"] = nullptr;
  if (!st.manifest.contains("resumed")) st.manifest["resumed"] = json::array();
  // The job that ran this part (a requeued sbatch job resumes itself under a new restart count).
  st.manifest["resumed"].push_back(
      {{"at", utc_now_iso8601()}, {"command", o.argv}, {"scheduler", rt::scheduler_context()}});
  return kExitOk;
}

// A binding that did not take effect is said once, not only in a launch's stderr.txt.
bool note_binding_warning(const RunState& st, const Launch& l, ProgressPrinter& progress) {
  auto m = read_json_file(st.dir / "launches" / std::to_string(l.id) / "manifest.json");
  if (!m || !m->is_object() || !m->contains("system") || !(*m)["system"].is_object() ||
      !(*m)["system"].value("binding_warning", json()).is_string())
    return false;
  progress.note(
      message_line_of(Severity::Warning, (*m)["system"]["binding_warning"].get<std::string>()));
  return true;
}

// Why a launch failed, with the tail of its stderr.txt.
void note_failed_launch(const RunState& st, const Launch& l, json& entry,
                        ProgressPrinter& progress) {
  const int sig = entry["signal"].is_number_integer() ? entry["signal"].get<int>() : 0;
  std::string why = entry.contains("error") ? entry["error"].get<std::string>()
                    : entry.value("signal_of", "") == "rank"
                        ? message_text(DiagId::launch_rank_signal, sig, strsignal(sig))
                    : entry["signal"].is_null()
                        ? message_text(DiagId::launch_ended_exit_code, entry["exit_code"].dump())
                        : message_text(DiagId::launch_ended_signal, entry["signal"].dump());
  std::string tail = entry.value("stderr_tail", "");
  progress.note(message_line(DiagId::launch_failed, l.id, why,
                             (st.dir / entry.value("stderr", "")).string(),
                             MultilineText{tail.empty() ? "" : ":\n"}, MultilineText{tail}));
}

// Runs the launches in order (on --resume, those not complete), with progress and an ETA, until
// the end, a stop signal, or a run manifest that cannot be written.
void run_launches(const RunOptions& o, RunState& st, const std::vector<Launch>& launches,
                  const std::vector<std::int64_t>& order) {
  ProgressPrinter progress(o.quiet);
  auto t0 = std::chrono::steady_clock::now();
  std::vector<double> durations;
  json& entries = st.manifest["launches"];
  // Launches left to run in this session (for the ETA): those whose folder is not complete.
  std::size_t to_run = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    if (launch_status_on_disk(st.dir / "launches" / std::to_string(order[i])) != "complete")
      ++to_run;
  std::size_t ran = 0;
  bool binding_warned = false;
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
    run_launch(st, l, entry, progress);
    ++ran;
    if (!st.write_error.empty()) break;  // the run manifest cannot be written: stop here
    if (!binding_warned) binding_warned = note_binding_warning(st, l, progress);
    if (entry["status"] == "complete") durations.push_back(entry.value("duration_s", 0.0));
    if (entry["status"] == "failed") note_failed_launch(st, l, entry, progress);
    if (entry["status"] == "complete" && entry.value("note", json()).is_string())
      progress.note(message_line_of(Severity::Status, entry["note"].get<std::string>()));
  }
  progress.end_line();
}

// The disk is full (or the folder went read-only): say so, and record it where possible.
int end_on_write_error(RunState& st) {
  print_error(st.write_error);
  st.manifest["status"] = "failed";
  st.manifest["error"] = st.write_error;
  st.manifest["finished_at"] = utc_now_iso8601();
  if (!write_json_file(st.dir / "manifest.json", st.manifest))
    out::write_json_in_place(st.dir / "manifest.json", st.manifest);
  return kExitIo;
}

int end_on_stop_signal(RunState& st, RunOutcome& outcome, int sig) {
  st.manifest["status"] = "interrupted";
  st.manifest["finished_at"] = utc_now_iso8601();
  write_json_file(st.dir / "manifest.json", st.manifest);
  outcome.interrupted = true;
  print_message(DiagId::run_interrupted, st.dir.string());
  return 128 + sig;
}

// The complete launches to merge, in launch-id order, each launch's files checked as strictly as
// the merged ones will be read, and its identity. A launch that fails the check ends the run:
// kExitIo, with the manifest saved.
int complete_launches(RunState& st, const std::vector<Launch>& launches,
                      std::vector<MergeSource>& sources) {
  for (const auto& l : launches) {
    fs::path ldir = st.dir / "launches" / std::to_string(l.id);
    if (launch_status_on_disk(ldir) != "complete") continue;
    if (std::find(st.checked.begin(), st.checked.end(), l.id) == st.checked.end()) {
      const LaunchIdentity id = launch_identity(l, st.manifest);
      if (std::string bad = check_launch_folder(ldir.string(), &id); !bad.empty()) {
        print_error(bad);
        // Launches not checked before they ran were run now: their identity came from the
        // template's placeholders.
        if (launch_of_other_identity(ldir.string(), id))
          print_message(DiagId::launch_identity_from_template);
        st.manifest["status"] = "failed";
        st.manifest["error"] = bad;
        st.manifest["finished_at"] = utc_now_iso8601();
        save_manifest(st);
        return kExitIo;
      }
    }
    MergeSource s;
    s.dir = ldir.string();
    s.launch = l.id;
    s.replicate = l.replicate;
    for (const auto& lv : l.levels) s.factors.emplace_back(lv.factor, lv.value);
    sources.push_back(std::move(s));
  }
  return kExitOk;
}

// startup.csv and startup_summary.csv: the time of MPI_Init and of the first barrier in every
// launch that recorded them (a simulated one does not), and their medians across the launches.
int merge_startup_times(RunState& st, const std::vector<MergeSource>& sources,
                        const std::vector<std::string>& factor_names, json& merge) {
  std::vector<analysis::StartupLaunch> launches;
  for (const auto& s : sources) {
    const auto m = read_json_file(fs::path(s.dir) / "manifest.json");
    auto l = m ? analysis::startup_from_manifest(*m) : std::nullopt;
    if (!l) continue;
    l->launch = s.launch;
    l->replicate = s.replicate;
    l->factors = s.factors;
    launches.push_back(std::move(*l));
  }
  if (launches.empty()) return kExitOk;
  std::string err;
  if (!analysis::write_startup_files(launches, factor_names, st.dir.string(), err)) {
    print_error(err);
    st.manifest["error"] = err;
    return kExitIo;
  }
  merge["startup_rows"] = launches.size();
  st.startup = analysis::summarize_startup(launches);
  return kExitOk;
}

// Merges raw.csv, summary.csv, (where every launch has one) raw_ranks.csv and (those launches
// that have one) raw_attempts.csv into the run folder; the row counts go into `merge`. kExitIo
// with the error recorded if one cannot be.
int merge_launch_files(RunState& st, const std::vector<MergeSource>& sources, json& merge) {
  std::vector<std::string> factor_names;
  for (const auto& f : st.manifest["design"].value("factors", json::array()))
    factor_names.push_back(f.value("name", ""));
  std::string err;
  for (const char* file : {"raw.csv", "summary.csv", "raw_ranks.csv", "raw_attempts.csv"}) {
    // raw.csv and summary.csv are in every launch (check_launch_folder); raw_ranks.csv is
    // in those whose plans record per-rank times; raw_attempts.csv in those that measured a job
    // again under contention.
    std::vector<MergeSource> have;
    for (const auto& s : sources)
      if (fs::exists(fs::path(s.dir) / file)) have.push_back(s);
    if (have.size() < sources.size() && std::string(file) == "raw_ranks.csv") continue;
    if (have.empty() && std::string(file) == "raw_attempts.csv") continue;
    long long rows = merge_csv(have, factor_names, file, st.dir.string(), err);
    if (rows < 0) {
      print_error(err);
      st.manifest["error"] = err;
      return kExitIo;
    }
    merge[std::string(file).substr(0, std::string(file).find('.')) + "_rows"] = rows;
  }
  return merge_startup_times(st, sources, factor_names, merge);
}

// The analysis of the merged results, printed as the options ask; the claims' verdicts go into
// the run manifest (docs/claims.md).
int analyze_run(const RunOptions& o, RunState& st) {
  analysis::AnalyzeOptions ao;
  ao.print = !o.quiet && o.analysis_table;
  ao.print_guidelines = !o.quiet && o.guideline_table;  // a replay shows them too
  ao.guideline_margin = o.guideline_margin;
  ao.print_claims = o.claims_table;
  nlohmann::json claims;
  ao.claims = &claims;
  ao.strict = o.strict;
  ao.text = o.analysis_text;
  std::string err;
  if (analysis::analyze_folder(st.dir.string(), ao, err) != 0) {
    print_error(err);
    return kExitIo;
  }
  if (claims.empty()) return kExitOk;
  st.manifest["claims"] = claims;
  if (!write_json_file(st.dir / "manifest.json", st.manifest)) {
    print_message(DiagId::cannot_write_file, (st.dir / "manifest.json").string());
    return kExitIo;
  }
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
      print_error(err);
      return kExitUsage;
    }
  }
  std::vector<Launch> launches;
  std::vector<std::int64_t> order;
  int rc = o.resume ? resume_run(o, st, launches, order) : start_run(o, st, launches, order);
  if (rc != kExitOk) return rc;

  st.on_first_start = o.on_first_start;
  install_stop_handlers();
  // Orphans of a killed launch (Hydra's proxies and ranks run in sessions of their own) become
  // this process's children, so that none is left behind.
  become_subreaper();
  outcome.launches = order.size();
  run_launches(o, st, launches, order);
  if (!st.write_error.empty()) return end_on_write_error(st);
  if (int sig = stop_requested()) return end_on_stop_signal(st, outcome, sig);

  std::vector<MergeSource> sources;
  if (int checked = complete_launches(st, launches, sources); checked != kExitOk) return checked;
  std::vector<std::int64_t> merged;
  for (const MergeSource& s : sources) merged.push_back(s.launch);
  outcome.complete = sources.size();
  outcome.failed = order.size() - sources.size();
  for (const auto& e : st.manifest["launches"])
    if (e.value("retries", 0) > 0) ++outcome.retried;
  st.manifest["retried_launches"] = outcome.retried;
  json merge = {{"launches", merged}};
  int exit_code = outcome.failed == 0 ? kExitOk : kExitRuntime;
  if (!sources.empty() && merge_launch_files(st, sources, merge) != kExitOk) exit_code = kExitIo;
  st.manifest["merged"] = merge;
  outcome.startup = st.startup;
  st.manifest["status"] = outcome.failed == 0 && exit_code != kExitIo ? "complete" : "failed";
  st.manifest["finished_at"] = utc_now_iso8601();
  if (!write_json_file(st.dir / "manifest.json", st.manifest)) {
    const int e = errno;
    print_message(DiagId::cannot_write_file_why, (st.dir / "manifest.json").string(),
                  std::strerror(e));
    out::write_json_in_place(st.dir / "manifest.json", st.manifest);  // a full disk: in place
    return kExitIo;
  }
  if (outcome.failed > 0)
    print_message(DiagId::launches_failed, outcome.failed, order.size(),
                  (st.dir / "manifest.json").string());
  if (!sources.empty() && exit_code != kExitIo && analyze_run(o, st) != kExitOk)
    exit_code = kExitIo;
  return exit_code;
}

}  // namespace metron::launcher
