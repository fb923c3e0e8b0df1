// The script files of a run, copied into its results folder (DIR/script/) so that every launch,
// a --resume and a replay run exactly the recorded text, and includes still resolve: the files
// keep their positions relative to each other.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runtime/plan/source.h"

namespace metron::launcher {

struct ScriptFile {
  std::string name;  // as the front end read it (the main file first)
  std::string text;
};

// Every file a loaded program read, main file first.
std::vector<ScriptFile> program_files(const SourceManager& sources);
// From a manifest's "script" object ({"path", "files": [{name, text, ...}]}); main file first.
std::vector<ScriptFile> manifest_files(const nlohmann::json& script);

// Where each file goes under the copy's root (relative paths, same order as `files`). Names are
// made relative to their longest common folder; names that climb out of it with "../" get
// placeholder folders ("_") above the others, so each include's relative path still reaches it.
// Absolute names of includes stay absolute (they resolve to the original, and are not copied).
std::vector<std::string> copy_layout(const std::vector<ScriptFile>& files);

// "" when the place of every copied file is a path inside the copy's root (confined_name), else
// the message for the first that is not (manifest_name_outside): the names of a manifest that
// someone else wrote are checked before anything is created.
std::string copy_layout_problem(const std::vector<ScriptFile>& files);

// Writes the files under `root`; returns the path of the main file's copy, or nullopt with
// `error` set, also when a copy's place is not a path inside `root` (confined_path: a name of a
// manifest that someone else wrote).
std::optional<std::string> write_script_copy(const std::vector<ScriptFile>& files,
                                             const std::string& root, std::string& error);

// Where a run's settings override file is copied, relative to the run folder:
// "settings/<its file name>" ("settings/settings" for a name without one).
std::string settings_copy_name(const ScriptFile& settings);
// A run's settings override file (--settings), copied to DIR/settings/<its file name>; returns
// the copy's path, or nullopt with `error` set.
std::optional<std::string> write_settings_copy(const ScriptFile& settings, const std::string& dir,
                                               std::string& error);
// Its record in a manifest: {"path", "sha256", "text", "copy"} ("copy" only when not empty).
nlohmann::json settings_json(const ScriptFile& settings, const std::string& copy_rel);

}  // namespace metron::launcher
