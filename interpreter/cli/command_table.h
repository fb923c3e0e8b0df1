// The table of metron's subcommands (commands.def): each is a name, a description, a
// registration that declares its options bound to the fields of its own options struct, and a run
// that reads that struct. main.cpp adds every entry to the command line in table order (the order
// of `metron --help`, the man pages and shell completion) and runs the one that was parsed.
// docs/architecture.md, "Adding a command".
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace metron {

// The process's arguments: exec and quick hand them to MPI_Init, run and replay record them.
struct CommandLine {
  int argc = 0;
  char** argv = nullptr;
};

// A command's run, bound to the options object its registration filled.
using CommandRun = std::function<int(const CommandLine&)>;

struct CommandEntry {
  const char* name;
  std::string description;
  // Declares the options on the command's CLI::App, bound to a new options object, and returns
  // the run bound to the same object (it lives as long as the returned function).
  std::function<CommandRun(CLI::App&)> bind;
};

// An entry from the command's options struct, its registration and its run.
template <class Options>
CommandEntry make_command(const char* name, std::string description,
                          void (*add_options)(CLI::App&, Options&),
                          int (*run)(Options&, const CommandLine&)) {
  return {
      name, std::move(description), [add_options, run](CLI::App& command) {
        auto options = std::make_shared<Options>();
        add_options(command, *options);
        return CommandRun([options, run](const CommandLine& line) { return run(*options, line); });
      }};
}

// Every subcommand, in the order `metron --help` lists them.
std::vector<CommandEntry> command_table();

// One entry per command of commands.def, each defined in its id_command.cpp.
#define COMMAND(id) CommandEntry id##_command();
#include "interpreter/cli/commands.def"
#undef COMMAND

}  // namespace metron
