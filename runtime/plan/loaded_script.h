// A script as the runtime sees it: its source files, the diagnostics of loading it, its plan, and
// a way to plan it again with other options (refinement rounds, other launch levels). The front
// end makes one (interpreter/program.h); the runtime never sees the syntax tree, and the CLI hands
// it the front end's loader.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "runtime/plan/build_options.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/plan.h"
#include "runtime/plan/source.h"

namespace metron {

class LoadedScript {
 public:
  SourceManager sources;
  DiagnosticEngine diags{sources};
  Plan plan;
  bool loaded = false;  // the main file (and the settings file, if any) could be read
  // The settings override file (BuildOptions::settings_file) as it was read: it is recorded
  // apart from the script's files (manifest "settings_override"); empty name: none.
  std::string settings_name;
  std::string settings_text;

  explicit LoadedScript(FileReader reader) : sources(std::move(reader)) {}
  virtual ~LoadedScript() = default;
  LoadedScript(const LoadedScript&) = delete;
  LoadedScript& operator=(const LoadedScript&) = delete;

  // The plan of the same script for other options; its errors go to `diags`.
  virtual Plan replan(const BuildOptions& options, DiagnosticEngine& diags) const = 0;
};

// Loads `path` (through `reader`) and plans it; script problems are in the result's diags.
using ScriptLoader = std::function<std::unique_ptr<LoadedScript>(
    const std::string& path, const BuildOptions& options, FileReader reader)>;

}  // namespace metron
