// metron quick: an OSU-style one-liner. It generates the script for one operation over a sweep
// of message sizes and runs it as metron exec would (under mpiexec, one launch), or prints it.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/program.h"
#include "interpreter/quick_script.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/osu_style_table.h"
#include "runtime/ops/thread_level.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

namespace {

struct QuickCli {
  LaunchOptions launch;  // --out, --seed, --quiet, --settings
  QuickRequest request;
  bool print_script = false;
};

void add_quick_options(CLI::App& command, QuickCli& o) {
  command
      .add_option("op", o.request.op,
                  "measurement function, e.g. Bcast, Allreduce, Latency, "
                  "Pingpong_Send_Recv (ping-pongs use ranks 0 and 1), in any case, or an OSU "
                  "program name: osu_latency, osu_bw, osu_allreduce, ...")
      ->required();
  command
      .add_option("--sizes", o.request.sizes,
                  "MIN:MAX or MAX message sizes in bytes, units as in scripts (default "
                  "0:1MiB)")
      ->each([&o](const std::string&) { o.request.sizes_given = true; });
  command.add_flag("--print-script", o.print_script,
                   "print the generated script and exit (no MPI; run it without mpiexec)");
  command.add_option("--out", o.launch.exec.out_dir,
                     "results folder (default results/quick-<op>-<time>)");
  add_seed_option(command, o.launch.script, "run seed");
  command.add_flag("--quiet", o.launch.exec.quiet, "no progress lines");
  add_settings_option(command, o.launch.script);
}

int run_quick(QuickCli& o, const CommandLine& line) {
  QuickError error;
  auto text = quick_script(o.request, error);
  if (!text) {
    // Every rank finds the same error; under mpiexec (Hydra sets PMI_RANK) only rank 0 says so.
    const char* rank = std::getenv("PMI_RANK");
    if (!rank || std::string(rank) == "0") {
      print_error(error.text);
      if (!error.did_you_mean.empty()) print_message(DiagId::did_you_mean, error.did_you_mean);
    }
    return kExitUsage;
  }
  if (o.print_script && !o.launch.script.build.settings_file.empty()) {
    // The printed script is the generated one alone; the settings file belongs to its run.
    print_message(DiagId::quick_print_script_settings);
    return kExitUsage;
  }
  if (o.print_script) {
    std::fputs(text->c_str(), stdout);
    return kExitOk;
  }
  // The numbers as OSU prints them, with their CI, unless --quiet.
  auto print_table = [&o](const std::string& dir) {
    if (o.launch.exec.quiet) return;
    std::string error;
    if (auto t = analysis::read_csv_table(dir + "/summary.csv", error))
      std::fputs(("\n" + analysis::osu_style_table(*t) + "\n").c_str(), stdout);
    else
      print_error(error);
  };
  // quick starts MPI itself (exec_script): a threaded operation gets MPI_THREAD_MULTIPLE without
  // the user setting METRON_THREAD_LEVEL (a value they did set is kept).
  if (quick_needs_threads(o.request.op)) ::setenv(rt::kThreadLevelEnv, "multiple", 0);
  return exec_script(script_from_text(kQuickName, *text, "quick-" + o.request.op), o.launch, line,
                     print_table);
}

}  // namespace

CommandEntry quick_command() {
  return make_command("quick",
                      "measure one operation over message sizes 0, 1, 2, 4, ... bytes, as the OSU "
                      "micro-benchmarks do: run under mpiexec, one launch (e.g. mpiexec -n 4 "
                      "metron quick Bcast --sizes 0:1MiB)",
                      add_quick_options, run_quick);
}

}  // namespace metron
