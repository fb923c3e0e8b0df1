// The table of metron's subcommands (see command_table.h), in the order of commands.def.
#include "interpreter/cli/command_table.h"

namespace metron {

std::vector<CommandEntry> command_table() {
  return {
#define COMMAND(id) id##_command(),
#include "interpreter/cli/commands.def"
#undef COMMAND
  };
}

}  // namespace metron
