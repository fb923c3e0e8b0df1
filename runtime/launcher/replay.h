// `metron replay DIR`: reruns a recorded run (its script files, seed, process count, replicates
// and launch design) into a new folder, warns where the environment differs, and compares new
// and recorded per-launch medians job by job (verdict table, replay.csv). DIR may also be the
// folder of one `metron exec` launch: it is rerun as a run of --replicates launches (default 1),
// and the verdicts carry the caveat that the recording has a single launch.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runtime/launcher/script_copy.h"
#include "runtime/plan/loaded_script.h"
#include "runtime/stats/p_adjust.h"

namespace metron::launcher {

// What a replay leads with (docs/claims.md, "Replaying a published setup"): the findings when
// the environment differs from the recording (another machine: other CPU, MPI library, process
// count, MPI variables), the per-job verdicts on the recording machine.
enum class ReplayLead { Auto, Findings, Jobs };

struct ReplayOptions {
  ScriptLoader load;            // the front end's loader
  std::string recorded_dir;     // a results folder, or a bundle written by `metron pack`
  std::string out_dir;          // empty: <recorded folder>-replay, -replay-2, ...
  std::int64_t replicates = 0;  // 0: as recorded
  std::string launcher;         // empty: as recorded
  double alpha = 0.05;
  double margin = 0.05;            // equivalence margin of the verdicts
  double guideline_margin = 0.05;  // minimum slowdown of an `expect` violation
  stats::PAdjust adjust = stats::PAdjust::Holm;
  std::vector<std::string> argv;
  bool quiet = false;
  bool allow_modified = false;   // replay even if the recorded script does not match its sha256
  bool trust_launcher = false;   // run the recorded launcher and environment names (docs/cli.md)
  bool allow_simulated = false;  // replay a simulated recording (docs/simulation.md)
  // --skip-unsupported; a recording made with it replays with it whether or not it is given
  bool skip_unsupported = false;
  ReplayLead lead = ReplayLead::Auto;
  double launch_timeout_s = -1;  // --launch-timeout; negative: each launch's deadline from its plan
  double finalize_grace_s = -1;  // --finalize-grace; negative: the default
  bool strict = false;           // --strict: verdicts on launches with noise flags are inconclusive
};

// What a replay takes from the recording's manifest.json, checked for type and range.
struct Recording {
  bool is_run = false;                 // a `metron run` folder (else one `metron exec` launch)
  std::vector<ScriptFile> files;       // the main script first
  std::vector<std::string> modified;   // files whose text does not hash to the recorded sha256
  std::optional<ScriptFile> settings;  // the settings override file (--settings), if any
  int np = 2;
  std::int64_t replicates = 1;  // of a run (an exec launch is one)
  std::uint64_t seed = 0;
  std::string launcher;           // empty: the default
  bool skip_unsupported = false;  // recorded with --skip-unsupported (run manifest or exec command)
  nlohmann::json manifest;        // the whole manifest
};

// Reads DIR/manifest.json; empty with `error` set and `exit_code` 64 when DIR is not a results
// folder, 74 when its manifest is damaged (a value of the wrong type or out of range, no script
// files): the message names the value.
std::optional<Recording> read_recording(const std::string& dir, std::string& error,
                                        int* exit_code = nullptr);

// The default folder of a replay: <recorded>-replay, else -replay-2, -replay-3, ... (the first
// that does not exist).
std::string default_replay_dir(const std::string& recorded);

// The folder a replay compares with: a bundle (a file recognised by its content, whatever its
// name) is verified and unpacked into a new folder beside itself (bundle::unpack: an existing
// folder is never touched), a folder is verified against its ro-crate-metadata.json when it
// has one. Nothing runs before this passes. Empty with the message printed and `exit_code` set
// (64 for a damaged or incomplete recording or a file that is not a bundle, 74 for I/O).
std::optional<std::string> recorded_folder(const std::string& recording, int& exit_code);

// Returns the exit code of the rerun: when a launch failed, 70; when the findings lead, 0 if
// every finding reproduced, 1 if one did not, 2 if some are inconclusive; when the jobs lead, 0
// if no job differs beyond the margin and none is inconclusive, 1 if one differs, else 2. 64 when
// the recording is not a results folder or bundle (the message says how to record one), is damaged,
// has no measurements, or its script does not match its recorded sha256 (unless
// allow_modified); 65 when the recorded script has errors, among them an include or published
// file outside the recording (BuildOptions::from_recording); 74 for I/O.
// `out_dir`, when given, receives the replay's results folder (o.out_dir, or the default next to
// the recording, known once a bundle is unpacked) as soon as it is chosen.
int replay_experiment(const ReplayOptions& o, std::string* out_dir = nullptr);

}  // namespace metron::launcher
