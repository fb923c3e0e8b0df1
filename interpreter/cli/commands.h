// The metron subcommands. Front-end commands (check, plan, ast) need no MPI; runtime commands
// (exec, run, analyze, compare, replay, clock-check) are registered by runtime_commands.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/script_input.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/plan/build_options.h"
#include "runtime/simulation.h"

namespace metron {

struct CliOptions {
  std::string file;        // a script path, or '-' for standard input
  std::string expression;  // -e TEXT: the script itself
  int np = 2;
  std::uint64_t seed = 0;
  bool seed_given = false;  // --seed was on the command line (0 is a seed too)
  bool json = false;
  std::string out;
  // run / exec / replay / compare
  int replicates = 0;
  std::string launcher;
  std::string resume;
  std::string launch_spec;  // exec: factor levels of this launch, "name=index,..."
  std::vector<std::string> dirs;
  std::string alternative = "two-sided";
  double alpha = 0.05;
  bool quiet = false;
  bool force = false;  // exec: replace results already in --out
  // check, plan, exec, run, replay: a SKaMPI name Metron lacks is a warning and its measurement is
  // skipped (docs/cli.md)
  bool skip_unsupported = false;
  // check, plan --simulated: plan as the SMPI build does (always, in the SMPI build itself)
  bool simulated = rt::kSimulated;
  // check, plan, exec, run: --settings FILE, a settings override file (docs/language.md)
  std::string settings_file;
  // exec, run, replay --finalize-grace: seconds per level of the rank tree that MPI_Finalize may
  // take once the launch's data are complete (runtime/exec/finalize_grace.h)
  double finalize_grace = rt::kDefaultFinalizeGraceS;
};

inline constexpr const char* kSimulatedHelp =
    "plan as the simulated build (SimGrid SMPI) does: refuse what it cannot run "
    "(docs/simulation.md)";
inline constexpr const char* kSkipUnsupportedHelp =
    "warn about SKaMPI names Metron does not support and skip the measurements that need them "
    "(default: an error)";

// The script argument of check, plan, ast and exec: FILE, '-' (standard input) or -e TEXT.
void add_script_options(CLI::App* command, CliOptions& o);
// --settings FILE of check, plan, exec and run.
void add_settings_option(CLI::App* command, CliOptions& o);
// The script the options name, or nullopt (exit code 64 for a usage error, 74 when standard
// input cannot be read; in `rc`). Only the root reads standard input and prints errors: under
// MPI that is rank 0, which broadcasts the text with the script's other files.
std::optional<ScriptInput> script_input(const CliOptions& o, bool root, int& rc);

// How the options ask for the script to be planned, on np ranks.
BuildOptions build_options(const CliOptions& o, int np);

int cmd_check(const CliOptions& o);
int cmd_plan(const CliOptions& o);
int cmd_ast(const CliOptions& o);

void register_runtime_commands(CLI::App& app, CliOptions& o);
// One launch of `script` under MPI (metron exec and metron quick). `on_results`, when given, is
// called on rank 0 with the results folder after a successful run, before its "results:" line.
int exec_script(const ScriptInput& script, CliOptions& o, int argc, char** argv,
                const std::function<void(const std::string&)>& on_results = {});
void register_quick_command(CLI::App& app, CliOptions& o);
bool quick_command_parsed();
int cmd_quick(CliOptions& o, int argc, char** argv);
void register_clock_check_command(CLI::App& app);
bool clock_check_command_parsed();
int cmd_clock_check(int argc, char** argv);
int run_runtime_command(CLI::App& app, CliOptions& o, int argc, char** argv);

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
// metron report DIR [DIR_B] [--out FILE] (report_command.cpp), and the report that run, exec,
// replay and compare write with --report: prints "report: FILE" (and any warning); returns an
// exit code (0, or 74 when it cannot be written).
void register_report_command(CLI::App& app);
bool report_command_parsed();
int cmd_report();
void register_pack_command(CLI::App& app);
bool pack_command_parsed();
int cmd_pack();
// metron history add | trend (history_command.cpp, docs/history.md).
void register_history_command(CLI::App& app);
bool history_command_parsed();
int cmd_history();
// run --history URL: whether the URL parses (else the error is printed), checked before the run;
// then the finished run's folder added (exit 0, or 64/74 after printing why not).
bool history_url_ok(const std::string& url);
int add_run_to_history(const std::string& dir, const std::string& url);
// report --history URL [--job FILTER] [--out FILE]: the history report (default
// history-report.html); prints "report: FILE".
int write_history_report(const std::string& url, const std::string& job, const std::string& out);
int write_report_for(const std::string& dir, const std::string& dir_b,
                     const std::string& comparison_csv, const std::string& comparison_what,
                     const std::string& out);

}  // namespace metron
