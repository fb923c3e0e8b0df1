// One script from text to Plan: load, parse, build. The pipeline in one place (as Lox.run()).
#pragma once

#include <memory>
#include <string>

#include "interpreter/ast.h"
#include "interpreter/plan_builder.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/loaded_script.h"

namespace metron {

// A loaded script with its syntax tree, which replan() evaluates again.
class Program : public LoadedScript {
 public:
  ast::Script script;
  ast::Script settings;  // the settings override file (--settings), if settings_name is set
  explicit Program(FileReader reader = read_file_from_disk) : LoadedScript(std::move(reader)) {}
  // Frees the AST on a large stack: a legal expression may be thousands of levels deep, and
  // its recursive destruction would overflow the caller's stack.
  ~Program() override;
  Plan replan(const BuildOptions& options, DiagnosticEngine& diags) const override;
};

// Loads and parses `path`, then builds the plan if there were no syntax errors. Never throws for
// script problems: they are in program.diags. Runs on a large stack (deep but legal nesting).
std::unique_ptr<Program> load_program(const std::string& path, const BuildOptions& options,
                                      FileReader reader = read_file_from_disk);

// load_program as the runtime's ScriptLoader (the CLI hands it to the launcher and executor).
std::unique_ptr<LoadedScript> load_script_for_runtime(const std::string& path,
                                                      const BuildOptions& options,
                                                      FileReader reader);

}  // namespace metron
