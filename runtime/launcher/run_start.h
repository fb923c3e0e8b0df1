// The start of `metron run`: the script loaded and checked, a new run folder with the script's
// copies, the launches in their seeded order with their deadlines, and the first run manifest;
// and the steps --resume shares with it (loading a script, locking the folder, checking the
// launcher). Not an MPI process.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/run_state.h"
#include "runtime/plan/loaded_script.h"

namespace metron::launcher {

// Fresh run: everything up to the first launch. Returns an exit code (0: go on).
int start_run(const RunOptions& o, RunState& st, std::vector<Launch>& launches,
              std::vector<std::int64_t>& order);

// Loads the script (from disk, or from the recorded files) and reports its diagnostics; `rc` is
// the exit code they give.
std::unique_ptr<LoadedScript> load_script(const RunOptions& o, const std::string& main,
                                          const std::vector<ScriptFile>& files, int& rc);

// One writer per run folder: a second `run --resume` of a folder in use is refused.
int lock_run_folder(const std::filesystem::path& dir);

// A launcher of another MPI library than this binary's would start singletons: refused before
// anything is made (the default is this library's own).
int check_launcher_library(const std::string& launcher);

}  // namespace metron::launcher
