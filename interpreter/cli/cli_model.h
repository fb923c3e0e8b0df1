// The command line as plain data (subcommands, options, help texts), taken from the CLI11
// definition itself, for the generators of man pages and shell completion: they cannot drift
// from `metron SUBCOMMAND --help`.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace metron {

struct CliOption {
  std::vector<std::string> names;  // "-e", "--expression"; empty for a positional
  bool positional = false;
  bool required = false;
  std::string value;  // what it takes ("FILE", "INT", "TEXT"); "" for a flag
  std::string help;
  std::vector<std::string> words;  // the values it accepts, when there is a fixed list
};

struct CliCommand {
  std::string name;
  std::string help;
  std::vector<CliOption> options;
};

struct CliModel {
  std::string description;
  std::vector<CliCommand> commands;
};

CliModel cli_model(const CLI::App& app);
// The exit codes every command shares, with their meaning (docs/cli.md, Exit codes).
const std::vector<std::pair<int, std::string>>& exit_codes();

// man(7) source of metron.1 (command == nullptr) or metron-NAME.1.
std::string man_page(const CliModel& cli, const CliCommand* command);
bool write_man_pages(const CliModel& cli, const std::string& dir, std::string& error);

std::string bash_completion(const CliModel& cli);
std::string zsh_completion(const CliModel& cli);

}  // namespace metron
