// What `run --resume` checks before it runs or merges anything: that the run's script is the
// one it started with (the copies in DIR/script/ and DIR/settings/ and the text in the manifest
// all match the recorded sha256), and who each launch must be (its identity, checked against
// the launch folder's own manifest before it is merged). No MPI.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "runtime/launcher/launch_check.h"
#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/run_manifest.h"

namespace metron::launcher {

// The copies the launches run, restored from the manifest where missing. `manifest` passed
// run_manifest_damage already.
struct ScriptCopies {
  std::string script;    // absolute path of the main file's copy
  std::string settings;  // of the settings file's copy ("": none)
};

// Checks the recorded text against its sha256 and the copies against the text; restores a
// missing copy. nullopt with `error` set (resume_recorded_script_modified, resume_copy_modified,
// or a write error).
std::optional<ScriptCopies> checked_script_copies(const std::filesystem::path& dir,
                                                  const nlohmann::json& manifest,
                                                  std::string& error);
std::optional<ScriptCopies> checked_script_copies(const std::filesystem::path& dir,
                                                  const RunManifest& manifest, std::string& error);

// What launch `l`'s manifest must say to belong to the run of `manifest`.
LaunchIdentity launch_identity(const Launch& l, const RunManifest& manifest);

}  // namespace metron::launcher
