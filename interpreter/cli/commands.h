// What metron's subcommands share: the script argument and how it is planned (check, plan, ast,
// exec, quick), one launch under MPI (exec, quick), and the report and history steps that run,
// exec, replay and compare end with (the options several runtime commands declare alike are in
// shared_options.h). The commands themselves are the table in command_table.h, one
// NAME_command.cpp each.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/cli/command_table.h"
#include "interpreter/script_input.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/plan/build_options.h"
#include "runtime/results/exec_options.h"
#include "runtime/simulation.h"

namespace metron {

class Program;

// How check, plan, exec and quick plan a script unless told otherwise: on 2 ranks (check, plan),
// and as the simulated build does in the SMPI build itself.
inline BuildOptions command_line_build_defaults() {
  BuildOptions b;
  b.np = 2;
  b.simulated = rt::kSimulated;
  return b;
}

// The script a command reads and how it is planned (check, plan, ast, exec, quick).
struct ScriptOptions {
  std::string file;        // a script path, or '-' for standard input
  std::string expression;  // -e TEXT: the script itself
  // Bound as they are: check, plan --np; --seed (and whether it was given: 0 is a seed too);
  // --skip-unsupported (docs/cli.md); check, plan --simulated; --settings FILE
  // (docs/language.md). exec plans on the launch's size.
  BuildOptions build = command_line_build_defaults();
};

// One launch under MPI: metron exec, and metron quick's generated script.
struct LaunchOptions {
  ScriptOptions script;
  // --out (empty: results/<script>-<time>), --launch, --quiet, --force; the rest is filled in by
  // the launch
  rt::ExecOptions exec;
  std::string levels;   // exec --levels: factor levels of this launch, "name=index,..."
  double timeout = 0;   // exec --timeout (0: none)
  bool report = false;  // exec --report
  // exec --finalize-grace: seconds per level of the rank tree that MPI_Finalize may take once the
  // launch's data are complete (runtime/exec/finalize_grace.h)
  double finalize_grace = rt::kDefaultFinalizeGraceS;
};

inline constexpr const char* kSimulatedHelp =
    "plan as the simulated build (SimGrid SMPI) does: refuse what it cannot run "
    "(docs/simulation.md)";
inline constexpr const char* kSkipUnsupportedHelp =
    "warn about SKaMPI names Metron does not support and skip the measurements that need them "
    "(default: an error)";
inline constexpr const char* kTrustLauncherHelp =
    "run the launcher template and launch-factor environment names that the results folder "
    "records (default: only the default launcher and harmless names; docs/cli.md)";
inline constexpr const char* kStrictHelp =
    "verdicts computed on launches with noise flags (summary.csv column noise) are inconclusive";

// The script argument of check, plan, ast and exec: FILE, '-' (standard input) or -e TEXT.
void add_script_options(CLI::App& command, ScriptOptions& o);
// --settings FILE of check, plan, exec and quick.
void add_settings_option(CLI::App& command, ScriptOptions& o);
// --seed of check, plan and exec: also records that it was given.
CLI::Option* add_seed_option(CLI::App& command, ScriptOptions& o, const std::string& help);
// The script the options name, or nullopt (exit code 64 for a usage error, 74 when standard
// input cannot be read; in `rc`). Only the root reads standard input and prints errors: under
// MPI that is rank 0, which broadcasts the text with the script's other files.
std::optional<ScriptInput> script_input(const ScriptOptions& o, bool root, int& rc);

// How the options ask for the script to be planned, on np ranks.
BuildOptions build_options(const ScriptOptions& o, int np);
// check, plan, ast: the script loaded and planned on o.np ranks, its diagnostics printed; the
// exit code in `rc` (0, 64, 65 or 74). nullptr when it could not be read.
std::unique_ptr<Program> load_and_report(const ScriptOptions& o, int& rc);

// One launch of `script` under MPI (metron exec and metron quick). `on_results`, when given, is
// called on rank 0 with the results folder after a successful run, before its "results:" line.
int exec_script(const ScriptInput& script, LaunchOptions& o, const CommandLine& line,
                const std::function<void(const std::string&)>& on_results = {});

// metron --version: version, git commit, compiler and the MPI library's version string.
std::string version_text();
// The stdlib suites' folder: share/metron/stdlib-benchmarks beside the binary's bin/ folder, or
// the source tree's when the binary runs from its build folder; "" if neither exists.
std::string locate_stdlib_dir();
// The hidden generators the build runs (man pages, shell completion), if argv asks for one:
//   metron --man [SUBCOMMAND]      one man page on standard output
//   metron --man-pages DIR         metron.1 and metron-SUBCOMMAND.1 for every subcommand
//   metron --completion bash|zsh   the completion script
// Returns the exit code, or nullopt when argv asks for none of them.
std::optional<int> run_doc_generator(const CLI::App& app, int argc, char** argv);
// The report that run, exec, replay and compare write with --report (report_command.cpp):
// prints "report: FILE" (and any warning); returns an exit code (0, or 74 when it cannot be
// written).
int write_report_for(const std::string& dir, const std::string& dir_b,
                     const std::string& comparison_csv, const std::string& comparison_what,
                     const std::string& out);
// run --history URL (history_command.cpp, docs/history.md): checked before the run, 0 when the
// URL parses, else 64 (a bad URL) or 74 (libpq cannot be loaded) after printing why; then the
// finished run's folder added (exit 0, or 64/74 after printing why not).
int check_history_url(const std::string& url);
int add_run_to_history(const std::string& dir, const std::string& url);
// report --history URL [--job FILTER] [--out FILE]: the history report (default
// history-report.html); prints "report: FILE".
int write_history_report(const std::string& url, const std::string& job, const std::string& out);

}  // namespace metron
