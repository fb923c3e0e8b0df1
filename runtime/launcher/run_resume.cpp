// `metron run --resume` (see run_resume.h).
#include "runtime/launcher/run_resume.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "runtime/launcher/launch_check.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/resume_checks.h"
#include "runtime/launcher/run_manifest_check.h"
#include "runtime/launcher/run_start.h"
#include "runtime/launcher/script_copy.h"
#include "runtime/launcher/trusted_launch_inputs.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/scheduler_context.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using out::read_json_file;
using out::utc_now_iso8601;

// The run manifest for --resume: read (a regular file, bounded) and checked for type and range.
// nullopt with the message printed and `rc` set.
std::optional<RunManifest> read_run_manifest(const fs::path& dir, int& rc) {
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
  return run_manifest_from_json(*m);
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
  r.files = manifest_files(*st.manifest.script);
  r.np = first.np;
  const json so = st.manifest.settings_override.value_or(json());
  if (so.is_object()) {
    r.settings_file = so["path"].get<std::string>();
    r.settings_text = so["text"].get<std::string>();
  }
  int rc = kExitOk;
  load_script(r, r.files.front().name, r.files, rc);
  return rc;
}

// The launcher of the resumed run, checked as a replay's is: a run started with its build's
// default resumes with this build's (the launcher of this binary's library).
int resume_launcher(const RunOptions& o, RunState& st, const RunDesign& design) {
  LaunchInputs in;
  in.folder = st.dir.string();
  const std::string recorded_launcher = st.manifest.launcher.value_or("");
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
  st.manifest.launcher = st.launcher;
  st.skip_unsupported = o.skip_unsupported || st.manifest.skip_unsupported.value_or(false);
  st.manifest.skip_unsupported = st.skip_unsupported;
  return kExitOk;
}

// Limits: as given now, else as recorded, else the defaults. A simulated run resumes as one: its
// recorded deadlines are the real launches', not limits.
void resume_limits(const RunOptions& o, RunState& st) {
  const json rec = st.manifest.limits.value_or(json::object());
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
  if (const json sim = st.manifest.simulation_limits.value_or(json()); sim.is_object()) {
    st.simulated = true;
    const auto bound = [&](const char* key) {
      const json v = sim.value(key, json());
      return v.is_number() ? v.get<double>() : 0.0;
    };
    st.simulation_timeout_s = o.launch_timeout_s >= 0 ? o.launch_timeout_s : bound("timeout_s");
    st.simulation_startup_s =
        o.startup_timeout_s >= 0 ? o.startup_timeout_s : bound("startup_timeout_s");
  }
  st.manifest.limits = limits_json(st);
}

// The script's copies, checked (and restored where missing), the recorded script loaded, and the
// complete launches checked.
int check_recorded_run(const RunOptions& o, RunState& st, const std::vector<Launch>& launches) {
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
  return check_complete_launches(st, launches);
}

}  // namespace

int resume_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
               std::vector<std::int64_t>& order) {
  int rc = kExitOk;
  if (!read_run_manifest(st.dir, rc)) return rc;
  // One writer: a second `--resume` of a folder that is still being run is refused.
  if (int lock = lock_run_folder(st.dir); lock != kExitOk) return lock;
  auto m = read_run_manifest(st.dir, rc);  // as the previous holder left it
  if (!m) return rc;
  st.manifest = std::move(*m);
  st.seed = *st.manifest.seed;
  const RunDesign design = design_from_json(*st.manifest.design);
  if (int refused = resume_launcher(o, st, design); refused != kExitOk) return refused;
  resume_limits(o, st);
  launches = expand_launches(design);
  order = *st.manifest.order;
  if (st.manifest.launches->size() != launches.size()) {
    print_message(DiagId::run_manifest_inconsistent, st.dir.string());
    return kExitIo;
  }
  if (int checked = check_recorded_run(o, st, launches); checked != kExitOk) return checked;
  st.manifest.status = "running";
  st.manifest.finished_at = Nullable<std::string>();
  if (!st.manifest.resumed) st.manifest.resumed = json::array();
  // The job that ran this part (a requeued sbatch job resumes itself under a new restart count).
  st.manifest.resumed->push_back(
      {{"at", utc_now_iso8601()}, {"command", o.argv}, {"scheduler", rt::scheduler_context()}});
  return kExitOk;
}

}  // namespace metron::launcher
