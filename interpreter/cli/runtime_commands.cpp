// metron exec | run | ...: commands that measure (filled in by the runtime issues).
#include "interpreter/cli/commands.h"
#include "interpreter/program.h"

namespace metron {

void register_runtime_commands(CLI::App&, CliOptions&) {}

int run_runtime_command(CLI::App&, CliOptions&, int, char**) { return kExitUsage; }

}  // namespace metron
