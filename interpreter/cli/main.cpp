// metron: the command-line entry point. The subcommands are the table in command_table.h (one
// NAME_command.cpp each); this file adds them to the command line, parses the arguments, runs the
// command that was given and maps failures to exit codes (0 ok, 64 usage, 65 script error, 70
// runtime, 74 I/O).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "interpreter/cli/commands.h"
#include "interpreter/program.h"
#include "interpreter/stdlib_path.h"
#include "runtime/plan/diagnostics.h"

int main(int argc, char** argv) {
  using namespace metron;
  set_stdlib_dir(locate_stdlib_dir());
  CLI::App app{"Metron: run MPI benchmark scripts (.bench, a superset of SKaMPI's .ski)", "metron"};
  app.require_subcommand(1);
  app.set_version_flag(
      "--version", [] { return version_text(); },
      "print the version, the git commit and the MPI library's version string");
  // Each command's options object lives in its run, which lives until main returns.
  std::vector<std::pair<CLI::App*, CommandRun>> commands;
  for (const CommandEntry& entry : command_table()) {
    CLI::App* command = app.add_subcommand(entry.name, entry.description);
    commands.emplace_back(command, entry.bind(*command));
  }
  if (auto rc = run_doc_generator(app, argc, argv)) return *rc;

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  try {
    for (auto& [command, run] : commands)
      if (command->parsed()) return run(CommandLine{argc, argv});
    return kExitUsage;
  } catch (const std::exception& e) {
    print_message(DiagId::internal_error, e.what());
    return kExitRuntime;
  }
}
