// The start of a fresh run (see run_start.h).
#include "runtime/launcher/run_start.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launch_deadline.h"
#include "runtime/launcher/launcher_library.h"
#include "runtime/launcher/script_copy.h"
#include "runtime/launcher/trusted_launch_inputs.h"
#include "runtime/mpi_library.h"
#include "runtime/ops/thread_level.h"
#include "runtime/output/folder_lock.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/git_commit.h"
#include "runtime/plan/machine_fit.h"
#include "runtime/plan/plan_threads.h"
#include "runtime/plan/sha256.h"
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

// A seed people can type again: 1 .. 2^31 - 1.
std::uint64_t random_seed() {
  std::random_device rd;
  return 1 + rd() % 2147483646u;
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
std::vector<LaunchRecord> launch_entries(const RunState& st, const std::vector<Launch>& launches,
                                         const std::vector<std::int64_t>& order,
                                         std::map<std::string, LaunchDeadline>& deadlines) {
  std::vector<LaunchRecord> entries;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Launch& l = launches[static_cast<std::size_t>(order[i])];
    LaunchRecord e = launch_entry(l, i);
    if (st.launch_timeout_s >= 0) {
      e.deadline_s = st.launch_timeout_s;
      e.deadline_from = "option";
    } else {
      const LaunchDeadline& d = deadlines[deadline_key(l)];
      e.deadline_s = d.total_s;
      e.deadline_from = "plan";
      e.deadline = deadline_json(d);
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

// The script's and the settings file's copies in the run folder; `script` and `settings` are
// their records for the run manifest. kExitIo with the error printed.
int write_copies(const LoadedScript& program, const std::vector<ScriptFile>& files, RunState& st,
                 json& script, json& settings) {
  std::string err;
  auto copy = write_script_copy(files, (st.dir / "script").string(), err);
  if (!copy) {
    print_error(err);
    return kExitIo;
  }
  st.script_copy = fs::absolute(*copy).string();
  script = script_json(files, fs::relative(*copy, st.dir).string());
  settings = nullptr;
  if (program.settings_name.empty()) return kExitOk;
  const ScriptFile recorded{program.settings_name, program.settings_text};
  auto settings_copy = write_settings_copy(recorded, st.dir.string(), err);
  if (!settings_copy) {
    print_error(err);
    return kExitIo;
  }
  st.settings_copy = fs::absolute(*settings_copy).string();
  settings = settings_json(recorded, fs::relative(*settings_copy, st.dir).string());
  return kExitOk;
}

// The run's seed, design, launches and their order. `planned_replicates` is the design's before a
// simulation keeps one launch per combination.
int plan_launches(const RunOptions& o, const LoadedScript& program, RunState& st, RunDesign& design,
                  std::int64_t& planned_replicates, std::vector<Launch>& launches,
                  std::vector<std::int64_t>& order) {
  const LaunchDesign& d = program.plan.design;
  st.seed = o.seed_given ? o.seed : d.seed_given ? d.seed : random_seed();
  design = run_design(d, o.replicates, o.np);
  // A simulation has no noise: one launch per combination stands for all its replicates.
  planned_replicates = design.replicates;
  if (o.simulated && o.replicates == 0 && !d.replicates_given && o.default_replicates > 0) {
    planned_replicates = o.default_replicates;  // the most the real run's default adds
    st.planned_by_default = true;
  }
  if (o.simulated) design.replicates = 1;
  if (launch_count(design) > kMaxRunLaunches) {
    print_message(DiagId::too_many_run_launches, kMaxRunLaunches, design.replicates);
    return kExitUsage;
  }
  launches = expand_launches(design);
  order = launch_order(launches.size(), st.seed);
  return kExitOk;
}

// The first run manifest of a fresh run.
RunManifest fresh_manifest(const RunOptions& o, const RunState& st, const RunDesign& design,
                           std::int64_t planned_replicates, const std::vector<std::int64_t>& order,
                           json script, json settings, json defeated,
                           std::vector<LaunchRecord> entries) {
  RunManifest m;
  m.run_schema_version = kRunSchemaVersion;
  m.metron = {{"version", METRON_VERSION}, {"git_commit", metron::git_commit()}};
  m.status = "running";
  m.started_at = utc_now_iso8601();
  m.finished_at = Nullable<std::string>();
  m.command = o.argv;
  m.script = std::move(script);
  m.seed = st.seed;
  m.launch_order_seed = launch_order_seed(st.seed);
  m.launcher = st.launcher;
  m.skip_unsupported = st.skip_unsupported;
  m.settings_override = std::move(settings);
  m.scheduler = rt::scheduler_context();
  m.design = design_to_json(design);
  m.order = order;
  m.limits = limits_json(st);
  m.machine_warnings = std::move(defeated);
  m.launches = std::move(entries);
  // A simulated run folder says so in its own manifest too, not only in its launches'.
  if (st.simulated) m.simulated = true;
  if (st.simulated) m.planned_replicates = planned_replicates;
  if (st.planned_by_default) m.planned_replicates_by_default = true;
  if (st.simulated)
    m.simulation_limits =
        json{{"timeout_s", st.simulation_timeout_s > 0 ? json(st.simulation_timeout_s) : json()},
             {"startup_timeout_s",
              st.simulation_startup_s > 0 ? json(st.simulation_startup_s) : json()}};
  if (!o.replay_of.empty()) m.replay_of = o.replay_of;
  if (!o.replay_modified.empty()) m.replay_of_modified = o.replay_modified;
  return m;
}

// The script, loaded as a launch will load it; its diagnostics are not printed.
std::unique_ptr<LoadedScript> load_script_silently(const RunOptions& o, const std::string& main,
                                                   const std::vector<ScriptFile>& files) {
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
    // A recording's files (replay, --resume): nothing
    // else of this machine is read for them.
    b.from_recording = true;
    std::map<std::string, std::string> texts;
    for (const auto& f : files) texts[f.name] = f.text;
    if (o.settings_text) texts[o.settings_file] = *o.settings_text;
    p = o.load(main, b, [texts](const std::string& path, FileUse) -> FileRead {
      if (auto it = texts.find(path); it != texts.end()) return {it->second};
      return {std::nullopt, false, false, message_text(DiagId::read_not_recorded)};
    });
  }
  return p;
}

}  // namespace

std::optional<bool> script_sets_replicates(const RunOptions& o) {
  auto p = load_script_silently(o, o.script, {});
  if (!p->loaded || p->diags.has_errors()) return std::nullopt;
  return p->plan.design.replicates_given;
}

std::unique_ptr<LoadedScript> load_script(const RunOptions& o, const std::string& main,
                                          const std::vector<ScriptFile>& files, int& rc) {
  auto p = load_script_silently(o, main, files);
  std::fputs(p->diags.render().c_str(), stderr);
  rc = !p->loaded ? kExitIo : p->diags.has_errors() ? kExitScript : kExitOk;
  // Threads need MPI_Init_thread(MPI_THREAD_MULTIPLE):
  // every launch's exec inherits the request (a level the
  // user set is kept; exec refuses the plan if MPI
  // provides less).
  if (rc == kExitOk && first_threaded_job(p->plan)) setenv(rt::kThreadLevelEnv, "multiple", 0);
  return p;
}

int lock_run_folder(const fs::path& dir) {
  std::string error;
  const out::FolderLock lock = out::lock_results_folder(dir.string(), error);
  if (lock == out::FolderLock::Locked) return kExitOk;
  print_error(error);
  return lock == out::FolderLock::InUse ? kExitUsage : kExitIo;
}

int check_launcher_library(const std::string& launcher) {
  if (launcher.empty()) return kExitOk;
  if (std::string refused = launcher_library_mismatch(launcher); !refused.empty()) {
    print_error(refused);
    return kExitUsage;
  }
  return kExitOk;
}

int start_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
              std::vector<std::int64_t>& order) {
  std::string main = o.files.empty() ? o.script : o.files.front().name;
  int rc = kExitOk;
  auto program = load_script(o, main, o.files, rc);
  if (rc != kExitOk) return rc;
  std::vector<ScriptFile> files = o.files.empty() ? program_files(program->sources) : o.files;
  // The settings file is recorded on its own, not among
  // the script's files.
  std::erase_if(files, [&](const ScriptFile& f) { return f.name == program->settings_name; });
  if (!o.replay_of.empty())
    if (int refused = check_replay_inputs(o, *program); refused != kExitOk) return refused;
  if (int refused = check_launcher_library(o.launcher); refused != kExitOk) return refused;
  if (int made = make_run_folder(st.dir); made != kExitOk) return made;
  json script, settings;
  if (int written = write_copies(*program, files, st, script, settings); written != kExitOk)
    return written;
  RunDesign design;
  std::int64_t planned_replicates = 0;
  if (int planned = plan_launches(o, *program, st, design, planned_replicates, launches, order);
      planned != kExitOk)
    return planned;
  st.launcher = o.launcher.empty() ? default_launcher() : o.launcher;
  st.skip_unsupported = o.skip_unsupported;

  set_fresh_limits(o, st);
  json defeated =
      o.simulated ? json::array() : warn_defeated_settings(*program, launches, st.launcher);
  std::map<std::string, LaunchDeadline> deadlines;
  if (st.launch_timeout_s < 0) deadlines = plan_deadlines(*program, st, launches);
  st.manifest = fresh_manifest(o, st, design, planned_replicates, order, std::move(script),
                               std::move(settings), std::move(defeated),
                               launch_entries(st, launches, order, deadlines));
  if (!write_run_manifest(st)) {
    print_message(DiagId::cannot_write_file, (st.dir / "manifest.json").string());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace metron::launcher
