// The metron subcommands. Front-end commands (check, plan, ast) need no MPI; runtime commands
// (exec, run, analyze, compare, replay, clock-check) are registered by runtime_commands.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace metron {

struct CliOptions {
  std::string file;
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
};

int cmd_check(const CliOptions& o);
int cmd_plan(const CliOptions& o);
int cmd_ast(const CliOptions& o);

void register_runtime_commands(CLI::App& app, CliOptions& o);
void register_clock_check_command(CLI::App& app);
bool clock_check_command_parsed();
int cmd_clock_check(int argc, char** argv);
int run_runtime_command(CLI::App& app, CliOptions& o, int argc, char** argv);

// metron report DIR [DIR_B] [--out FILE] (report_command.cpp), and the report that run, exec,
// replay and compare write with --report: prints "report: FILE" (and any warning); returns an
// exit code (0, or 74 when it cannot be written).
void register_report_command(CLI::App& app);
bool report_command_parsed();
int cmd_report();
int write_report_for(const std::string& dir, const std::string& dir_b,
                     const std::string& comparison_csv, const std::string& comparison_what,
                     const std::string& out);

}  // namespace metron
