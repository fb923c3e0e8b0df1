// The table of metron's subcommands (see command_table.h).
#include "interpreter/cli/command_table.h"

namespace metron {

std::vector<CommandEntry> command_table() {
  return {check_command(),  plan_command(),        ast_command(),     exec_command(),
          run_command(),    analyze_command(),     compare_command(), replay_command(),
          quick_command(),  clock_check_command(), report_command(),  pack_command(),
          history_command()};
}

}  // namespace metron
