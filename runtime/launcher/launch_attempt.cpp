// One launch and its attempts (see launch_attempt.h).
#include "runtime/launcher/launch_attempt.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <utility>

#include "runtime/exec/finalize_grace.h"
#include "runtime/exec/launch_size.h"
#include "runtime/launcher/child_process.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launch_hang.h"
#include "runtime/launcher/rank_signal.h"
#include "runtime/ops/thread_level.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/scheduler_context.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using out::read_json_file;
using out::utc_now_iso8601;

constexpr std::size_t kTailLines = 20;
constexpr std::size_t kTailBytes = 4000;

// The launcher's output, where the process manager says which signal ended a rank.
std::string launch_output(const fs::path& ldir) {
  std::string text;
  for (const char* f : {"stdout.txt", "stderr.txt"})
    text += file_tail((ldir / f).string(), 40, 8000);
  return text;
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
ChildLimits launch_limits(RunState& st, const Launch& l, const LaunchRecord& entry,
                          const fs::path& ldir, const fs::path& done, ProgressPrinter& progress) {
  ChildLimits limits;
  limits.startup_timeout_s = st.simulated ? st.simulation_startup_s : st.startup_timeout_s;
  limits.timeout_s = st.simulated               ? st.simulation_timeout_s
                     : st.launch_timeout_s >= 0 ? st.launch_timeout_s
                                                : entry.deadline_s.value_or(0.0);
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
std::string attempt_status(const ChildResult& r, const std::string& on_disk, LaunchRecord& entry) {
  if (int sig = stop_requested()) {
    // mpiexec forwards the signal and may exit 0: record the signal that ended the launch.
    if (r.started && r.signal == 0) {
      entry.signal = Nullable<std::int64_t>(sig);
      entry.exit_code = Nullable<std::int64_t>();
    }
    return "interrupted";
  }
  return r.started && on_disk == "complete" ? "complete" : "failed";
}

// A complete launch whose processes did not end cleanly: the entry says how ("finalize" when
// MPI_Finalize did not return within the grace, ended by the ranks themselves or by this
// process; "note" for people), so that a merged launch is never reported as failed.
void record_end_after_data(const RunState& st, const Launch& l, const ChildResult& r,
                           const fs::path& ldir, LaunchRecord& entry) {
  entry.finalize.reset();
  entry.note.reset();
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
    entry.finalize = fin;
    entry.note = message_text(DiagId::launch_finalize_note, l.id, fin.value("grace_s", grace));
  } else if (r.signal != 0 || r.exit_code != 0) {
    const std::string how = r.signal != 0
                                ? message_text(DiagId::launch_ended_signal, r.signal)
                                : message_text(DiagId::launch_ended_exit_code, r.exit_code);
    entry.note = message_text(DiagId::launch_ended_after_data, l.id, how);
  }
}

// The entry of an attempt about to start, saved: a run killed now shows it "running".
void mark_attempt_started(RunState& st, LaunchRecord& entry, const std::vector<std::string>& argv,
                          const std::string& id, std::size_t attempt) {
  entry.forget_stale_keys();
  entry.error.reset();
  entry.timeout.reset();
  entry.argv = argv;
  entry.started_at = utc_now_iso8601();
  entry.stdout_file = "launches/" + id + "/stdout.txt";
  entry.stderr_file = "launches/" + id + "/stderr.txt";
  entry.status = "running";
  entry.attempt = attempt;
  const json sched = rt::scheduler_context();
  entry.job_id = sched.is_object() ? sched["job_id"] : json(nullptr);  // the job that ran it
  save_manifest(st);
}

// How the child ended, in the entry: times, exit code or signal, the launch's own status.
// Returns that status as the launch folder has it ("" when it has none).
std::string record_child_end(LaunchRecord& entry, const ChildResult& r, const fs::path& ldir) {
  entry.finished_at = utc_now_iso8601();
  entry.duration_s = r.duration_s;
  entry.exit_code = r.started && r.signal == 0 ? Nullable<std::int64_t>(r.exit_code) : std::nullopt;
  entry.signal = r.signal != 0 ? Nullable<std::int64_t>(r.signal) : std::nullopt;
  entry.signal_of.reset();
  // A rank killed by a signal: mpiexec exits with a code (Hydra: the signal's number), and
  // only its report says that it was a signal, not the rank's exit(9).
  if (r.started && r.signal == 0 && r.exit_code != 0)
    if (int sig = rank_signal_in_output(launch_output(ldir)); sig != 0) {
      entry.signal = Nullable<std::int64_t>(sig);
      entry.signal_of = "rank";
    }
  std::string on_disk = launch_status_on_disk(ldir);
  entry.launch_status = on_disk.empty() ? Nullable<std::string>() : on_disk;
  return on_disk;
}

// Keeps a killed attempt for diagnosis, outside launches/ (its partial rows never merge), and
// records where in its attempt record `rec`.
void keep_killed_attempt(const RunState& st, const std::string& id, std::size_t attempt,
                         const std::string& stderr_tail, AttemptRecord& rec) {
  const std::string kept = "attempts/" + id + "-" + std::to_string(attempt);
  std::error_code ec;
  fs::create_directories(st.dir / "attempts", ec);
  fs::rename(st.dir / "launches" / id, st.dir / kept, ec);
  if (!ec) {
    rec.dir = kept;
    rec.stderr_file = kept + "/stderr.txt";
  }
  rec.stderr_tail = stderr_tail;
}

// How the attempt ended, in the entry: its status, how its processes ended after the data, and
// why it failed. Returns the status; `hung` says whether it hung: killed at a limit here, or
// timed out by itself (exec --timeout in the template). A launch whose records were final (its
// marker) did not hang, whatever ended it.
std::string record_attempt_end(const RunState& st, const Launch& l, const ChildResult& r,
                               const fs::path& ldir, LaunchRecord& entry, bool& hung) {
  const std::string on_disk = record_child_end(entry, r, ldir);
  const std::string status = attempt_status(r, on_disk, entry);
  entry.status = status;
  if (status == "complete") record_end_after_data(st, l, r, ldir, entry);
  if (!r.spawn_error.empty()) entry.error = r.spawn_error;
  if (r.started && r.signal == 0 && r.exit_code == 0 && on_disk != "complete" &&
      r.killed == ChildKill::None)
    entry.error = message_text(DiagId::launch_manifest_disagrees, on_disk);
  hung =
      status != "complete" &&
      ((r.killed != ChildKill::None && r.killed != ChildKill::AfterDone) || on_disk == "timeout");
  return status;
}

// The attempt's record for entry["attempts"]; a hang's record goes into the entry too.
AttemptRecord attempt_record(const RunState& st, const ChildResult& r, const ChildLimits& limits,
                             const fs::path& ldir, std::size_t attempt, const std::string& status,
                             bool hung, LaunchRecord& entry) {
  AttemptRecord rec;
  rec.attempt = attempt;
  rec.started_at = entry.started_at;
  rec.finished_at = entry.finished_at;
  rec.duration_s = r.duration_s;
  rec.exit_code = entry.exit_code;
  rec.signal = entry.signal;
  rec.launch_status = entry.launch_status;
  rec.job_id = entry.job_id;
  if (hung && status != "interrupted") {
    json t = hang_record(r, limits, st.launch_timeout_s >= 0 ? "option" : "plan", ldir);
    rec.timeout = t;
    entry.timeout = t;
    entry.error = message_text(
        t["limit_from"] == "exec" ? DiagId::launch_hang_timed_out : DiagId::launch_hang_killed,
        t["message"].get<std::string>());
  } else if (r.left_behind > 0) {
    rec.left_behind = r.left_behind;
  }
  rec.status = status;
  rec.error = entry.error;
  rec.note = entry.note;
  return rec;
}

}  // namespace

void run_launch(RunState& st, const Launch& l, LaunchRecord& entry, ProgressPrinter& progress) {
  const std::string id = std::to_string(l.id);
  fs::path ldir = st.dir / "launches" / id;
  std::string err;
  const std::vector<std::string> argv = launch_argv(st, l, ldir, err);
  // Outside the launch's folder: it is no result, and goes when the launch has ended.
  const fs::path done = st.dir / "launches" / ("." + id + ".done");
  const ChildLimits limits = launch_limits(st, l, entry, ldir, done, progress);
  if (!entry.attempts) entry.attempts.emplace();
  const auto env = launch_environment(l, done);
  int retries_used = 0;
  for (;;) {
    std::error_code ec;
    fs::remove_all(ldir, ec);  // a launch killed midway restarts from scratch: no duplicated rows
    fs::remove(done, ec);
    fs::create_directories(ldir, ec);
    const std::size_t attempt = entry.attempts->size() + 1;
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
    bool hung = false;
    const std::string status = record_attempt_end(st, l, r, ldir, entry, hung);
    AttemptRecord rec = attempt_record(st, r, limits, ldir, attempt, status, hung, entry);
    std::string tail = file_tail((ldir / "stderr.txt").string(), kTailLines, kTailBytes);
    entry.stderr_tail = tail;
    const bool retry = hung && status == "failed" && retries_used < st.retries;
    if (retry) keep_killed_attempt(st, id, attempt, tail, rec);
    entry.attempts->push_back(rec);
    if (!retry) break;
    ++retries_used;
    entry.retries = retries_used;
    progress.note(message_line(DiagId::launch_retry, l.id, entry.error.value_or(""), retries_used,
                               st.retries));
  }
  entry.retries = retries_used;
  save_manifest(st);
}

}  // namespace metron::launcher
