// metron plan: the plan a script makes (jobs, settings, launch design), as a table or as JSON
// (docs/plan-json.md). The front end alone.
#include <iostream>

#include "interpreter/cli/commands.h"
#include "interpreter/program.h"
#include "runtime/plan/plan_dump.h"

namespace metron {

namespace {

struct PlanCli {
  ScriptOptions script;
  bool json = false;
};

void add_plan_options(CLI::App& command, PlanCli& o) {
  add_script_options(command, o.script);
  command.add_option("--np", o.script.build.np, "number of ranks")->check(CLI::Range(1, 1 << 20));
  add_seed_option(command, o.script, "run seed");
  command.add_flag("--json", o.json, "print JSON (schema: docs/plan-json.md)");
  command.add_flag("--skip-unsupported", o.script.build.skip_unsupported, kSkipUnsupportedHelp);
  command.add_flag("--simulated", o.script.build.simulated, kSimulatedHelp);
  add_settings_option(command, o.script);
}

int run_plan(PlanCli& o, const CommandLine&) {
  int rc = kExitOk;
  auto p = load_and_report(o.script, rc);
  if (!p || rc != kExitOk) return rc;
  if (o.json) {
    write_plan_json(std::cout, p->plan);
    std::cout << "\n";
  } else {
    std::cout << plan_table(p->plan);
  }
  return kExitOk;
}

}  // namespace

CommandEntry plan_command() {
  return make_command("plan", "print the plan (jobs, settings, launch design)", add_plan_options,
                      run_plan);
}

}  // namespace metron
