// `metron run`: the launches of an experiment (replicates x launch-factor levels) in a seeded
// random order, each a child `mpiexec ... metron exec` (through the launcher template) into
// DIR/launches/<id>/ under a deadline and a start-up limit (killed and retried past them), one
// run manifest, --resume, then the merge and the analysis. Not an MPI process.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/analysis/startup_summary.h"
#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/script_copy.h"

#include "runtime/plan/loaded_script.h"

namespace metron::launcher {

inline constexpr int kRunSchemaVersion = 1;

struct RunOptions {
  ScriptLoader load;              // the front end's loader (the CLI's load_script_for_runtime)
  std::string script;             // the main file (fresh run): read from disk ...
  std::vector<ScriptFile> files;  // ... unless given here (replay), main file first
  std::string out_dir;            // results folder; must not exist or be empty
  bool resume = false;            // out_dir is a run to continue
  int np = 2;                     // ranks of launches without a `procs` factor
  std::int64_t replicates = 0;    // 0: the script's `replicate`
  std::uint64_t seed = 0;
  bool seed_given = false;        // else the script's `shuffle seed`, else a random seed
  std::string launcher;           // template; empty: default, or the recorded one on resume
  std::string metron_binary;      // for {metron}; empty: this executable
  std::vector<std::string> argv;  // the command line, for the manifest
  std::string replay_of;          // the recorded folder, when replaying
  // Replay and --resume take the launcher template and the launch factors' environment from a
  // results folder: they run only with consent (trusted_launch_inputs.h, docs/cli.md).
  bool launcher_from_folder = false;         // `launcher` is the recording's (replay)
  bool trust_launcher = false;               // --trust-launcher
  std::vector<std::string> replay_modified;  // recorded files that did not match their sha256
  bool quiet = false;                        // no progress lines and no analysis table
  // --skip-unsupported: planned with it, and appended to each launch's command (recorded in
  // the run manifest, so --resume keeps it)
  bool skip_unsupported = false;
  // --settings FILE (read from disk), or with settings_text the recorded file (replay): copied
  // into DIR/settings/, recorded in the manifest ("settings_override") and given to each launch
  std::string settings_file;
  std::optional<std::string> settings_text;
  bool analysis_table = true;      // print the analysis table (replay prints its verdicts)
  double guideline_margin = 0.05;  // minimum slowdown of an `expect` violation (analysis)
  bool guideline_table = true;     // print the guideline table (also when analysis_table is off)
  bool claims_table = true;        // print the claim sentences (a replay prints its findings)
  // When set, the analysis's tables go here instead of stdout (a replay prints them after its
  // own header).
  std::string* analysis_text = nullptr;
  // Called once, when the first launch this process runs has started (its manifest, with the
  // machine's facts, is on disk; no job has run yet): the lines it returns are printed then (a
  // replay's environment differences).
  std::function<std::vector<std::string>(const std::string& launch_dir, std::int64_t id)>
      on_first_start;
  bool strict = false;  // --strict: verdicts on launches with noise flags are inconclusive
  // Limits of each launch (docs/experiments.md, "Deadlines and retries"). Negative: not given
  // (a fresh run takes the defaults, --resume the recorded values).
  double launch_timeout_s = -1;   // else each launch's deadline derived from its plan
  double startup_timeout_s = -1;  // default kDefaultStartupTimeoutS
  int retries = -1;               // default kDefaultRetries
  // --finalize-grace: seconds per level of the rank tree that MPI_Finalize may take once a
  // launch's data are complete (runtime/exec/finalize_grace.h); default kDefaultFinalizeGraceS
  double finalize_grace_s = -1;
  // --simulate (docs/simulation.md): the launcher runs the SMPI build under smpirun, the plan is
  // checked as the simulated build checks it, and each launch's deadline is computed and
  // recorded as for a real launch but not enforced: the simulation's wall time is this
  // machine's. launch_timeout_s and startup_timeout_s, when given, bound that wall time.
  bool simulated = false;
  // --simulate: the real run's replicates when neither --replicates nor the script's `replicate`
  // gives them (metron run's default adds launches by precision, up to --budget); 0: none
  std::int64_t default_replicates = 0;
};

inline constexpr double kDefaultStartupTimeoutS = 60;
inline constexpr int kDefaultRetries = 1;
// After SIGTERM, how long a launch past its deadline may take to end before SIGKILL.
inline constexpr double kKillGraceS = 5;
// After a launch's data are complete and acknowledged, its ranks end themselves once the finalize
// grace passes; the launch's process tree is ended this much later if they could not.
inline constexpr double kFinalizeSlackS = 3;

struct RunOutcome {
  std::string dir;
  std::size_t launches = 0;
  std::size_t complete = 0;
  std::size_t failed = 0;
  std::size_t retried = 0;  // launches that needed a retry (killed at a limit first)
  bool interrupted = false;
  std::vector<analysis::StartupStat> startup;  // across the launches (startup_summary.csv)
};

// Returns the exit code: 0 when every launch completed, 70 when one failed (the others are
// merged and analysed), 64/65/74 for usage, script and I/O errors, 128 + signal if interrupted.
int run_experiment(const RunOptions& o, RunOutcome& outcome);

// Whether the script of a fresh run (o.script) has a `replicate` statement; nothing when it
// cannot be loaded (run_experiment then reports why).
std::optional<bool> script_sets_replicates(const RunOptions& o);

}  // namespace metron::launcher
