// `metron replay` (see replay.h).
#include "runtime/launcher/replay.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "runtime/analysis/compare.h"
#include "runtime/analysis/environment_diff.h"
#include "runtime/analysis/findings.h"
#include "runtime/analysis/folder_plan.h"
#include "runtime/analysis/results_data.h"
#include "runtime/analysis/simulated_folder.h"
#include "runtime/bundle/bundle.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_manifest.h"
#include "runtime/launcher/script_copy.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/sha256.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The "system" object of launch `id` of a run folder (null if that launch has no manifest).
json launch_system(const fs::path& dir, std::int64_t id) {
  auto m = out::read_json_file(dir / "launches" / std::to_string(id) / "manifest.json");
  if (!m || !m->is_object() || !m->contains("system")) return nullptr;
  return (*m)["system"];
}

// The recorded files whose text does not hash to the recorded sha256 (the main script's hash
// is checked twice: in "files" and as "sha256" beside "path"). `script` is validated already.
std::vector<std::string> modified_files(const json& script) {
  std::vector<std::string> out;
  const std::string main = script.value("path", "");
  for (const auto& f : script.value("files", json::array())) {
    const std::string name = f.value("name", ""), text = f.value("text", "");
    const std::string sum = sha256_hex(text);
    bool bad = f.value("sha256", "") != sum;
    if (name == main && script.value("sha256", "") != sum) bad = true;
    if (bad) out.push_back(name);
  }
  return out;
}

// The CLI's limit on --np and --replicates.
constexpr std::int64_t kMaxCount = std::int64_t{1} << 20;

// Whether `j` has `key` of the given kind; an absent key passes when `optional`.
enum class Kind { String, Object, Array, Unsigned };
bool has(const json& j, const char* key, Kind kind, bool optional = false) {
  if (!j.contains(key)) return optional;
  const json& v = j[key];
  switch (kind) {
    case Kind::String:
      return v.is_string();
    case Kind::Object:
      return v.is_object();
    case Kind::Array:
      return v.is_array();
    case Kind::Unsigned:
      return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
  }
  return false;
}

// The recorded settings file (settings_override) into `r`: "" or what is damaged in it.
std::string read_recorded_settings(const json& j, Recording& r) {
  if (!j.contains("settings_override") || j["settings_override"].is_null()) return "";
  const json& so = j["settings_override"];
  if (!so.is_object() || !has(so, "path", Kind::String) || !has(so, "text", Kind::String) ||
      !has(so, "sha256", Kind::String, true))
    return message_text(DiagId::manifest_settings_fields, "settings_override");
  r.settings = ScriptFile{so["path"].get<std::string>(), so["text"].get<std::string>()};
  if (std::string why; !confined_name(settings_copy_name(*r.settings), why))
    return message_text(DiagId::manifest_name_outside, "settings_override.path", r.settings->name,
                        why);
  if (so.value("sha256", "") != sha256_hex(r.settings->text))
    r.modified.push_back(r.settings->name);
  return "";
}

// The recorded script's files and settings file into `r`: "" or the message that refuses them.
std::string read_recorded_files(const json& j, const std::string& dir, const fs::path& path,
                                Recording& r) {
  // The first value of the wrong type or out of range, by its path in the manifest.
  auto damaged = [&](const std::string& what) {
    return message_text(DiagId::manifest_damaged, path.string(), what);
  };
  if (!has(j, "script", Kind::Object))
    return damaged(message_text(DiagId::manifest_not_object, "script"));
  const json& script = j["script"];
  if (!has(script, "path", Kind::String, true) || !has(script, "sha256", Kind::String, true) ||
      !has(script, "files", Kind::Array, true))
    return damaged(message_text(DiagId::manifest_script_fields, "script"));
  for (const auto& f : script.value("files", json::array()))
    if (!f.is_object() || !has(f, "name", Kind::String) || !has(f, "text", Kind::String) ||
        !has(f, "sha256", Kind::String, true))
      return damaged(message_text(DiagId::manifest_script_file, "script.files"));
  r.files = manifest_files(script);
  if (r.files.empty()) return message_text(DiagId::replay_no_script_files, dir);
  if (std::string outside = copy_layout_problem(r.files); !outside.empty()) return damaged(outside);
  r.modified = modified_files(script);
  if (std::string bad = read_recorded_settings(j, r); !bad.empty()) return damaged(bad);
  return "";
}

// A count of `o`: absent gives `dflt`; else a whole number from 1 to `max`, or false.
bool recorded_count(const json& o, const char* key, std::int64_t dflt, std::int64_t max,
                    std::int64_t& out) {
  if (!o.contains(key)) {
    out = dflt;
    return true;
  }
  const json& v = o[key];
  if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > max)
    return false;
  out = v.get<std::int64_t>();
  return true;
}

// Process count and replicates (within what `metron run` itself accepts), seed, launcher and
// --skip-unsupported into `r`: "" or what is damaged.
std::string read_recorded_counts(const json& j, Recording& r) {
  std::int64_t np = 2;
  if (r.is_run) {
    if (!has(j, "design", Kind::Object)) return message_text(DiagId::manifest_not_object, "design");
    if (!recorded_count(j["design"], "np", 2, kMaxCount, np))
      return message_text(DiagId::manifest_not_count, "design.np", kMaxCount);
    if (!recorded_count(j["design"], "replicates", 1, kMaxCount, r.replicates))
      return message_text(DiagId::manifest_not_count, "design.replicates", kMaxCount);
  } else if (!recorded_count(j, "np", 2, kMaxCount, np)) {
    return message_text(DiagId::manifest_not_count, "np", kMaxCount);
  }
  r.np = static_cast<int>(np);
  if (!has(j, "seed", Kind::Unsigned, true))
    return message_text(DiagId::manifest_not_whole, "seed");
  r.seed = j.value("seed", std::uint64_t{0});
  if (!has(j, "launcher", Kind::String, true))
    return message_text(DiagId::manifest_not_string, "launcher");
  r.launcher = j.value("launcher", std::string());
  // A run records the option; an exec launch only has it in its command line.
  if (r.is_run) {
    r.skip_unsupported = j.contains("skip_unsupported") && j["skip_unsupported"] == true;
  } else if (j.contains("command") && j["command"].is_array()) {
    for (const auto& a : j["command"])
      if (a == "--skip-unsupported") r.skip_unsupported = true;
  }
  return "";
}

}  // namespace

std::string default_replay_dir(const std::string& recorded) {
  std::string base = fs::path(recorded).lexically_normal().string();
  while (!base.empty() && base.back() == '/') base.pop_back();
  std::string dir = base + "-replay";
  for (int k = 2; fs::exists(dir); ++k) dir = base + "-replay-" + std::to_string(k);
  return dir;
}

std::optional<Recording> read_recording(const std::string& dir, std::string& error,
                                        int* exit_code) {
  auto fail = [&](int code, std::string why) -> std::optional<Recording> {
    error = std::move(why);
    if (exit_code) *exit_code = code;
    return std::nullopt;
  };
  const fs::path path = fs::path(dir) / "manifest.json";
  std::string why;
  auto m = out::read_json_file(path, why);
  std::error_code ec;
  if (!m && fs::exists(fs::symlink_status(path, ec)))  // there, but not JSON, or not a file
    return fail(kExitIo, message_text(DiagId::cannot_read_file_why, path.string(), why));
  const bool is_run = m && m->is_object() && m->contains("run_schema_version");
  const bool is_exec = m && m->is_object() && !is_run && m->contains("script") && m->contains("np");
  if (!is_run && !is_exec) return fail(kExitUsage, message_text(DiagId::replay_not_results, dir));
  Recording r;
  r.is_run = is_run;
  if (std::string bad = read_recorded_files(*m, dir, path, r); !bad.empty())
    return fail(kExitIo, bad);
  if (std::string what = read_recorded_counts(*m, r); !what.empty())
    return fail(kExitIo, message_text(DiagId::manifest_damaged, path.string(), what));
  r.manifest = std::move(*m);
  return r;
}

std::optional<std::string> recorded_folder(const std::string& recording, int& exit_code) {
  std::error_code ec;
  if (bundle::is_bundle(recording)) {
    std::string dest, error;
    exit_code = bundle::unpack(recording, dest, error);
    if (exit_code != 0) {
      print_error(error);
      return std::nullopt;
    }
    print_message(DiagId::unpacked, recording, dest);
    return dest;
  }
  if (!fs::is_directory(recording, ec) && fs::exists(recording, ec)) {
    print_message(DiagId::replay_not_bundle, recording);
    exit_code = kExitUsage;
    return std::nullopt;
  }
  if (auto bad = bundle::verify_folder(recording)) {
    print_error(*bad);
    exit_code = kExitUsage;
    return std::nullopt;
  }
  return recording;
}

namespace {

// The RunOptions of the rerun: the recorded script, seed, design and launcher.
RunOptions rerun_options(const ReplayOptions& o, const Recording& rec, const std::string& dir) {
  RunOptions r;
  r.load = o.load;
  r.files = rec.files;
  r.script = r.files.front().name;
  if (rec.settings) {
    r.settings_file = rec.settings->name;
    r.settings_text = rec.settings->text;
  }
  r.out_dir = o.out_dir.empty() ? default_replay_dir(dir) : o.out_dir;
  r.np = rec.np;
  r.replicates = o.replicates > 0 ? o.replicates : rec.is_run ? rec.replicates : 1;
  r.seed = rec.seed;
  r.seed_given = true;
  // A recording made with its build's default launcher replays with this build's: the launcher
  // of this binary's MPI library, whichever library the recording's was.
  const bool by_default = is_default_launcher(rec.launcher);
  r.launcher = !o.launcher.empty() ? o.launcher : by_default ? "" : rec.launcher;
  r.launcher_from_folder = o.launcher.empty() && !by_default;
  r.trust_launcher = o.trust_launcher;
  r.skip_unsupported = o.skip_unsupported || rec.skip_unsupported;
  r.argv = o.argv;
  r.replay_of = dir;
  r.quiet = o.quiet;
  r.analysis_table = false;
  r.claims_table = false;
  r.guideline_margin = o.guideline_margin;
  r.launch_timeout_s = o.launch_timeout_s;
  r.finalize_grace_s = o.finalize_grace_s;
  r.strict = o.strict;
  return r;
}

// The environment of the replay against the recording's: the two "system" objects compared and
// their differences, found once (as soon as the first launch has started, or at the end).
struct ReplayEnvironment {
  bool known = false;
  json old_sys, new_sys;
  std::vector<std::string> diffs;
};

ReplayEnvironment compare_systems(json old_sys, json new_sys) {
  ReplayEnvironment e;
  e.known = true;
  e.old_sys = std::move(old_sys);
  e.new_sys = std::move(new_sys);
  if (!e.old_sys.is_null() && !e.new_sys.is_null())
    e.diffs = analysis::environment_differences(e.old_sys, e.new_sys);
  return e;
}

// At the start of the replay's first launch (its manifest holds the machine's facts before any
// job runs): against the recorded launch of the same id (same factor levels, so the launch-factor
// variables do not show up as differences), else the recording's first merged launch.
ReplayEnvironment environment_at_start(const Recording& rec, const std::string& old_dir,
                                       const std::string& launch_dir, std::int64_t id) {
  auto m = out::read_json_file(fs::path(launch_dir) / "manifest.json");
  json new_sys = m && m->is_object() ? m->value("system", json()) : json();
  json old_sys = rec.is_run ? launch_system(old_dir, id) : rec.manifest.value("system", json());
  if (old_sys.is_null() && rec.is_run) old_sys = analysis::folder_system(old_dir);
  return compare_systems(std::move(old_sys), std::move(new_sys));
}

// RunOptions::on_first_start of a replay: the environment's differences, found into `env` and
// returned as the lines to print.
std::function<std::vector<std::string>(const std::string&, std::int64_t)> environment_hook(
    const Recording& rec, const std::string& old_dir, ReplayEnvironment& env) {
  return [&rec, old_dir, &env](const std::string& launch_dir, std::int64_t id) {
    env = environment_at_start(rec, old_dir, launch_dir, id);
    std::vector<std::string> lines;
    for (const auto& d : env.diffs)
      lines.push_back(message_line(DiagId::replay_environment_differs, d));
    return lines;
  };
}

// The "system" objects of the recording and the replay: the first launch id that completed in
// both runs (same factor levels, so the launch-factor variables do not show up as differences).
std::pair<json, json> systems(const Recording& rec, const std::string& old_dir,
                              const std::string& new_dir) {
  json old_sys = nullptr, new_sys = nullptr;
  auto nm = out::read_json_file(fs::path(new_dir) / "manifest.json");
  const json merged =
      nm && nm->is_object() ? run_manifest_from_json(*nm).merged.value_or(json()) : json();
  if (merged.is_object() && rec.is_run)
    for (const auto& id : merged.value("launches", std::vector<std::int64_t>{})) {
      old_sys = launch_system(old_dir, id);
      new_sys = launch_system(new_dir, id);
      if (!old_sys.is_null() && !new_sys.is_null()) break;
    }
  if (!rec.is_run) {
    old_sys = rec.manifest.value("system", json());
    new_sys = analysis::folder_system(new_dir);
  }
  return {old_sys, new_sys};
}

// Claims and guidelines of a folder, checked with the replay's options.
std::vector<analysis::Finding> folder_findings(const analysis::ResultsData& d,
                                               const ReplayOptions& o) {
  std::string err;
  analysis::ClaimOptions co;
  co.alpha = o.alpha;
  co.adjust = o.adjust;
  co.strict = o.strict;
  auto claims = analysis::claims_of_folder(d, err);
  auto out = analysis::findings_from_claims(claims ? analysis::check_claims(d, *claims, co)
                                                   : std::vector<analysis::ClaimResult>{});
  analysis::GuidelineOptions go;
  go.alpha = o.alpha;
  go.margin = o.guideline_margin;
  go.adjust = o.adjust;
  go.strict = o.strict;
  auto g = analysis::findings_from_guidelines(analysis::check_guidelines(d, go));
  out.insert(out.end(), g.begin(), g.end());
  return out;
}

// The measurement functions a folder's plan left out (--skip-unsupported: e.g. those its MPI
// library lacks); a finding on one of them cannot be evaluated there.
std::vector<std::string> skipped_functions(const analysis::ResultsData& d) {
  std::string err;
  std::vector<std::string> out;
  const auto fp = analysis::folder_plan(d, err);
  if (!fp || !fp->plan.is_object()) return out;
  for (const auto& s : fp->plan.value("skipped_unsupported", json::array()))
    if (s.is_object() && s.value("function", json()).is_string())
      out.push_back(s["function"].get<std::string>());
  return out;
}

// The verdicts: per job (the lead on the recording machine, context elsewhere) and per finding
// (the lead on another machine), then the replayed run's own tables. Returns the
// exit code of what leads (docs/cli.md, "Exit codes").
int report_replay(const ReplayOptions& o, const Recording& rec, const std::string& old_dir,
                  const std::string& new_dir, const analysis::ResultsData& old_data,
                  const analysis::ResultsData& new_data, ReplayEnvironment env,
                  const std::string& run_tables) {
  if (!env.known) {  // no launch started: found now, and said now
    auto [old_sys, new_sys] = systems(rec, old_dir, new_dir);
    env = compare_systems(std::move(old_sys), std::move(new_sys));
    for (const auto& d : env.diffs) print_message(DiagId::replay_environment_differs, d);
  }
  const std::vector<std::string>& diffs = env.diffs;
  const bool findings_lead =
      o.lead == ReplayLead::Findings || (o.lead == ReplayLead::Auto && !diffs.empty());
  analysis::CompareOptions co;
  co.alpha = o.alpha;
  co.margin = o.margin;
  co.adjust = o.adjust;
  co.strict = o.strict;
  std::size_t unmatched = 0;
  auto cs = analysis::compare_results(old_data, new_data, co, &unmatched);
  auto fr = analysis::replay_findings(folder_findings(old_data, o), folder_findings(new_data, o),
                                      skipped_functions(new_data));
  const std::string findings = analysis::findings_replay_table(
      fr, analysis::machine_name(env.old_sys, rec.np), analysis::machine_name(env.new_sys, rec.np));
  std::string jobs = analysis::verdict_table(cs, co);
  if (unmatched > 0)
    jobs += fmt::format("{} job(s) found in only one of the two runs\n", unmatched);
  std::printf("replay of %s in %s\n", old_dir.c_str(), new_dir.c_str());
  if (findings_lead) {
    std::printf("%s\n", diffs.empty()
                            ? message_text(DiagId::replay_findings_lead_forced).c_str()
                            : message_text(DiagId::replay_findings_lead, diffs.size()).c_str());
    std::printf("\n%s", findings.empty() ? (message_text(DiagId::replay_no_findings) + "\n").c_str()
                                         : findings.c_str());
    // Forced on the recording's environment, the times are expected to agree.
    std::printf("\n%s\n%s",
                message_text(diffs.empty() ? DiagId::replay_jobs_context_same_environment
                                           : DiagId::replay_jobs_context)
                    .c_str(),
                jobs.c_str());
  } else {
    std::printf("%s", jobs.c_str());
    if (!findings.empty()) std::printf("\n%s", findings.c_str());
  }
  std::fputs(run_tables.c_str(), stdout);
  if (!rec.is_run)
    std::printf(
        "caveat: the recording is one `metron exec` launch, so its launch-to-launch spread is "
        "unknown and no job can be decided; record the experiment with `metron run SCRIPT "
        "--replicates N` and replay that folder\n");
  std::string err;
  if (!analysis::write_comparison_csv((fs::path(new_dir) / "replay.csv").string(), cs, co, err))
    print_error(err);
  if (!fr.empty() && !analysis::write_findings_replay_csv(
                         (fs::path(new_dir) / "replay_findings.csv").string(), fr, err))
    print_error(err);
  return findings_lead ? analysis::findings_exit_code(fr) : analysis::jobs_exit_code(cs);
}

// The recorded text must be what was measured: a manifest edited by hand (a zeroed hash, a
// changed script) is refused unless the user says so, and the replay records that it was.
int check_modified(const ReplayOptions& o, const Recording& rec, const std::string& dir,
                   RunOptions& r) {
  if (rec.modified.empty()) return kExitOk;
  std::string list;
  for (const auto& f : rec.modified) list += (list.empty() ? "'" : ", '") + f + "'";
  if (!o.allow_modified) {
    print_message(DiagId::replay_modified_refused, dir, list);
    return kExitUsage;
  }
  print_message(DiagId::replay_modified, list);
  r.replay_modified = rec.modified;
  return kExitOk;
}

}  // namespace

int replay_experiment(const ReplayOptions& o, std::string* out_dir) {
  int code = kExitIo;
  auto dir = recorded_folder(o.recorded_dir, code);
  if (!dir) return code;
  std::string error;
  auto rec = read_recording(*dir, error, &code);
  if (!rec) {
    print_error(error);
    return code;
  }
  // A simulation replayed would be compared with measurements of this machine.
  if (analysis::folder_simulated(*dir) && !o.allow_simulated) {
    print_message(DiagId::replay_simulated_refused, *dir);
    return kExitUsage;
  }
  RunOptions r = rerun_options(o, *rec, *dir);
  if (out_dir) *out_dir = r.out_dir;
  if (int refused = check_modified(o, *rec, *dir, r); refused != kExitOk) return refused;
  // The recording must hold measurements to compare with before anything is measured.
  // A folder without summaries is the wrong input (64); damaged ones are refused as analyze
  // refuses them (74).
  auto old_data = analysis::load_results(*dir, error);
  if (!old_data) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(fs::path(*dir) / "summary.csv", ec))) {
      print_error(error);
      return kExitIo;
    }
    print_message(DiagId::replay_no_measurements, *dir, error);
    return kExitUsage;
  }
  // The banner names the copy the replay runs, in its own folder (not the recorder's path).
  if (!o.quiet)
    print_message(DiagId::replay_start, *dir,
                  (fs::path(r.out_dir) / "script" / copy_layout(r.files).front()).string(), r.seed,
                  r.replicates, r.replicates == 1 ? "" : "s", r.out_dir);
  // The environment's differences are said as soon as the first launch has gathered the
  // machine's facts, before any job; the replayed run's own tables follow the replay's header.
  ReplayEnvironment env;
  r.on_first_start = environment_hook(*rec, *dir, env);
  std::string run_tables;
  r.analysis_text = &run_tables;
  RunOutcome outcome;
  int rc = run_experiment(r, outcome);
  if (outcome.interrupted || outcome.complete == 0) return rc == 0 ? kExitRuntime : rc;
  auto new_data = analysis::load_results(r.out_dir, error);
  if (!new_data) {
    print_error(error);
    return kExitIo;
  }
  int verdict_rc = report_replay(o, *rec, *dir, r.out_dir, *old_data, *new_data, env, run_tables);
  std::printf("results: %s\n", r.out_dir.c_str());
  return rc != 0 ? rc : verdict_rc;
}

}  // namespace metron::launcher
