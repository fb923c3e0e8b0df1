// metron: the command-line entry point. The subcommands are declared in commands.h (check, plan
// and ast in front_commands.cpp, the others in runtime_commands.cpp and *_command.cpp); this file
// only parses arguments and maps failures to exit codes (0 ok, 64 usage, 65 script error, 70
// runtime, 74 I/O).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
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
  CliOptions o;

  auto* check =
      app.add_subcommand("check", "report the script's errors and warnings; nothing else");
  add_script_options(check, o);
  check->add_option("--np", o.np, "number of ranks to check against")
      ->check(CLI::Range(1, 1 << 20));
  check->add_flag("--skip-unsupported", o.skip_unsupported, kSkipUnsupportedHelp);
  check->add_flag("--simulated", o.simulated, kSimulatedHelp);
  add_settings_option(check, o);

  auto* plan = app.add_subcommand("plan", "print the plan (jobs, settings, launch design)");
  add_script_options(plan, o);
  plan->add_option("--np", o.np, "number of ranks")->check(CLI::Range(1, 1 << 20));
  plan->add_option("--seed", o.seed, "run seed")
      ->check(seed_check())
      ->each([&o](const std::string&) { o.seed_given = true; });
  plan->add_flag("--json", o.json, "print JSON (schema: docs/plan-json.md)");
  plan->add_flag("--skip-unsupported", o.skip_unsupported, kSkipUnsupportedHelp);
  plan->add_flag("--simulated", o.simulated, kSimulatedHelp);
  add_settings_option(plan, o);

  auto* astc = app.add_subcommand("ast", "print the parsed script (for debugging the front end)");
  add_script_options(astc, o);

  register_runtime_commands(app, o);
  register_history_command(app);
  if (auto rc = run_doc_generator(app, argc, argv)) return *rc;

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  try {
    if (check->parsed()) return cmd_check(o);
    if (plan->parsed()) return cmd_plan(o);
    if (astc->parsed()) return cmd_ast(o);
    if (history_command_parsed()) return cmd_history();
    return run_runtime_command(app, o, argc, argv);
  } catch (const std::exception& e) {
    print_message(DiagId::internal_error, e.what());
    return kExitRuntime;
  }
}
