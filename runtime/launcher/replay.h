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

struct ReplayOptions {
  ScriptLoader load;  // the front end's loader
  std::string recorded_dir;
  std::string out_dir;          // empty: <recorded_dir>-replay, -replay-2, ...
  std::int64_t replicates = 0;  // 0: as recorded
  std::string launcher;         // empty: as recorded
  double alpha = 0.05;
  double margin = 0.05;            // equivalence margin of the verdicts
  double guideline_margin = 0.05;  // minimum slowdown of an `expect` violation
  stats::PAdjust adjust = stats::PAdjust::Holm;
  std::vector<std::string> argv;
  bool quiet = false;
  bool allow_modified = false;  // replay even if the recorded script does not match its sha256
  bool trust_launcher = false;  // run the recorded launcher and environment names (docs/cli.md)
  // --skip-unsupported; a recording made with it replays with it whether or not it is given
  bool skip_unsupported = false;
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

// Returns the exit code of the rerun (0 when every launch completed), 64 when DIR is not a
// results folder (the message says how to record one) or its script does not match its recorded
// sha256 (unless allow_modified), or 74.
int replay_experiment(const ReplayOptions& o);

}  // namespace metron::launcher
