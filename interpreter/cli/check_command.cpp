// metron check: the script's errors and warnings, nothing else (the front end alone).
#include "interpreter/cli/commands.h"
#include "interpreter/program.h"

namespace metron {

namespace {

void add_check_options(CLI::App& command, ScriptOptions& o) {
  add_script_options(command, o);
  command.add_option("--np", o.build.np, "number of ranks to check against")
      ->check(CLI::Range(1, 1 << 20));
  command.add_flag("--skip-unsupported", o.build.skip_unsupported, kSkipUnsupportedHelp);
  command.add_flag("--simulated", o.build.simulated, kSimulatedHelp);
  add_settings_option(command, o);
}

int run_check(ScriptOptions& o, const CommandLine&) {
  int rc = kExitOk;
  load_and_report(o, rc);
  return rc;
}

}  // namespace

CommandEntry check_command() {
  return make_command("check", "report the script's errors and warnings; nothing else",
                      add_check_options, run_check);
}

}  // namespace metron
