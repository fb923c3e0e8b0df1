// One script from text to Plan: load, parse, build. The pipeline in one place (as Lox.run()).
#pragma once

#include <memory>
#include <string>

#include "interpreter/ast.h"
#include "interpreter/diagnostics.h"
#include "interpreter/plan.h"
#include "interpreter/plan_builder.h"
#include "interpreter/source.h"

namespace metron {

// Exit codes shared by every command (docs/cli.md, Exit codes).
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 64;
inline constexpr int kExitScript = 65;
inline constexpr int kExitRuntime = 70;
inline constexpr int kExitIo = 74;

struct Program {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  ast::Script script;
  Plan plan;
  bool loaded = false;  // the main file could be read
  explicit Program(FileReader reader = read_file_from_disk) : sources(std::move(reader)) {}
  // Frees the AST on a large stack: a legal expression may be thousands of levels deep, and
  // its recursive destruction would overflow the caller's stack.
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
};

// Loads and parses `path`, then builds the plan if there were no syntax errors. Never throws for
// script problems: they are in program.diags. Runs on a large stack (deep but legal nesting).
std::unique_ptr<Program> load_program(const std::string& path, const BuildOptions& options,
                                      FileReader reader = read_file_from_disk);

}  // namespace metron
