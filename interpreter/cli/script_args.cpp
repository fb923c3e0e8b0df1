// The script argument shared by check, plan, ast, exec and quick: FILE, '-' or -e TEXT, its
// settings file and seed, and how it is planned.
#include <cstdio>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/program.h"
#include "interpreter/stdlib_path.h"
#include "runtime/mpi_library.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

void add_script_options(CLI::App& command, ScriptOptions& o) {
  command.add_option("file", o.file, "script file; '-' reads the script from standard input");
  command.add_option("-e,--expression", o.expression,
                     "the script itself, instead of a FILE (e.g. -e 'measure comm(2) : "
                     "Bcast(8, MPI_CHAR, 0)')");
}

void add_settings_option(CLI::App& command, ScriptOptions& o) {
  command.add_option("--settings", o.build.settings_file,
                     "settings file: its settings replace the script's own assignments of them "
                     "(e.g. fewer repetitions; docs/language.md)");
}

CLI::Option* add_seed_option(CLI::App& command, ScriptOptions& o, const std::string& help) {
  return command.add_option("--seed", o.build.seed, help)
      ->check(seed_check())
      ->each([&o](const std::string&) { o.build.seed_given = true; });
}

std::optional<ScriptInput> script_input(const ScriptOptions& o, bool root, int& rc) {
  bool has_expr = !o.expression.empty();
  if (has_expr == !o.file.empty()) {
    if (root) print_message(has_expr ? DiagId::cli_file_and_expression : DiagId::cli_no_script);
    rc = kExitUsage;
    return std::nullopt;
  }
  if (has_expr) return script_from_text(kCommandLineName, o.expression, "expression");
  if (o.file != "-") return script_from_file(resolve_script_path(o.file));
  std::string text;
  if (root) {
    auto in = read_standard_input();
    if (!in) {
      print_message(DiagId::cli_stdin_unreadable);
      rc = kExitIo;
      return std::nullopt;
    }
    text = std::move(*in);
  }
  return script_from_text(kStdinName, std::move(text), "stdin");
}

BuildOptions build_options(const ScriptOptions& o, int np) {
  BuildOptions b = o.build;
  b.np = np;
  rt::plan_for_this_library(b);
  return b;
}

std::unique_ptr<Program> load_and_report(const ScriptOptions& o, int& rc) {
  auto script = script_input(o, true, rc);
  if (!script) return nullptr;
  auto p = load_program(script->name, build_options(o, o.build.np), script_reader(*script));
  std::fputs(p->diags.render().c_str(), stderr);
  rc = !p->loaded ? kExitIo : p->diags.has_errors() ? kExitScript : kExitOk;
  return p;
}

}  // namespace metron
