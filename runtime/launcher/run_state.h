// What `metron run` carries from its start (or resume) through its launches to the merge: the
// run folder, the run manifest as it is being written, and the limits and inputs every launch
// gets. No MPI.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/analysis/startup_summary.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_manifest.h"

namespace metron::launcher {

struct RunState {
  std::filesystem::path dir;
  RunManifest manifest;     // written as DIR/manifest.json
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
  bool planned_by_default = false;  // the preview's replicates are metron run's default budget
  double simulation_timeout_s = 0;
  double simulation_startup_s = 0;
  std::string write_error;                     // the first write of the run manifest that failed
  std::vector<std::int64_t> checked;           // launches --resume checked (launch_check.h) already
  std::vector<analysis::StartupStat> startup;  // merge_startup_times's summary
  // RunOptions::on_first_start, until it has been called
  std::function<std::vector<std::string>(const std::string&, std::int64_t)> on_first_start;
};

// The run manifest written to DIR/manifest.json (atomically); false when it could not be.
bool write_run_manifest(const RunState& st);

// Rewrites the run manifest; a failure (a full disk) is kept in st.write_error and ends the run
// after the launch in progress.
void save_manifest(RunState& st);

// The status a launch folder's own manifest gives ("" when it has none).
std::string launch_status_on_disk(const std::filesystem::path& dir);

// The run manifest's "limits": what each launch of the run is held to.
nlohmann::json limits_json(const RunState& st);

}  // namespace metron::launcher
