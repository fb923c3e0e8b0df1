// metron run: an experiment, every launch (replicates x launch factors) through the launcher,
// then merged and analyzed; or with --simulate its preview under SimGrid SMPI. Not an MPI
// process: it starts the launches (runtime/launcher/).
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/cli/shared_options.h"
#include "interpreter/cli/simulate_run.h"
#include "interpreter/program.h"
#include "interpreter/stdlib_path.h"
#include "runtime/analysis/startup_summary.h"
#include "runtime/launcher/auto_replicates.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launcher.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

namespace {

struct RunCli {
  launcher::RunOptions run;            // the options that are the launcher's own, bound as they are
  launcher::AutoReplicates automatic;  // --replicates auto: --budget, --alpha
  std::string file;
  std::string out;
  std::string resume;
  std::string replicates;  // --replicates: a count or "auto"
  VerdictText verdicts;
  bool report = false;
  std::string history;  // --history URL: add the finished run there
  SimulateOptions simulate;
};

std::string run_default_out_dir(const std::string& script) {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return "results/" + std::filesystem::path(script).stem().string() + "-" + buf;
}

// The script and folder of a fresh run, or the folder of --resume; an exit code.
int run_folder(RunCli& o) {
  launcher::RunOptions& r = o.run;
  if (!o.resume.empty()) {
    if (!o.file.empty() || !o.out.empty() || !r.settings_file.empty()) {
      print_message(DiagId::cli_resume_with_file);
      return kExitUsage;
    }
    r.resume = true;
    r.out_dir = o.resume;
    return kExitOk;
  }
  if (o.file.empty()) {
    print_message(DiagId::cli_run_needs_script);
    return kExitUsage;
  }
  r.script = resolve_script_path(o.file);  // a stdlib suite by its name, from any folder
  r.out_dir = o.out.empty() ? run_default_out_dir(o.file) : o.out;
  return kExitOk;
}

// --replicates N into the run's options ("auto" is not a count); an exit code.
int run_replicates(RunCli& o) {
  if (o.replicates.empty() || o.replicates == "auto") return kExitOk;
  try {
    std::size_t used = 0;
    long long n = std::stoll(o.replicates, &used);
    if (used != o.replicates.size() || n < 1) throw std::invalid_argument("");
    o.run.replicates = n;
  } catch (...) {
    print_message(DiagId::cli_bad_replicates, o.replicates);
    return kExitUsage;
  }
  return kExitOk;
}

// --simulate starts a fresh run through its own launcher; --hostfile and --smpi-metron need it.
int run_simulate_options(RunCli& o, bool automatic) {
  const SimulateOptions& s = o.simulate;
  if (s.platform.empty()) {
    if (s.hostfile.empty() && s.smpi_metron.empty()) return kExitOk;
    print_message(DiagId::cli_simulate_needed, s.hostfile.empty() ? "--smpi-metron" : "--hostfile");
    return kExitUsage;
  }
  const char* clash = !o.resume.empty()         ? "--resume"
                      : !o.run.launcher.empty() ? "--launcher"
                      : automatic               ? "--replicates auto"
                                                : nullptr;
  if (clash) {
    print_message(DiagId::cli_simulate_with, clash);
    return kExitUsage;
  }
  return prepare_simulated_run(s, o.run);
}

// After the launches: the preview, startup lines, results line, report and history.
int finish_run(const RunCli& o, const launcher::RunOutcome& outcome, int rc) {
  if (rc != kExitOk && rc != kExitRuntime) return rc;
  const bool quiet = o.run.quiet;
  if (!o.simulate.platform.empty()) {
    std::fflush(stdout);
    if (int written = write_simulated_preview(outcome.dir, quiet); written != kExitOk) rc = written;
  }
  if ((rc == kExitOk || rc == kExitRuntime) && !quiet)
    for (const std::string& line : analysis::startup_lines(outcome.startup))
      std::printf("%s\n", line.c_str());
  if (rc != kExitOk && rc != kExitRuntime) return rc;
  std::printf("results: %s\n", outcome.dir.c_str());
  if (o.report) {
    std::fflush(stdout);
    int report_rc = write_report_for(outcome.dir, "", "", "", "");
    if (report_rc != kExitOk && rc == kExitOk) return report_rc;
  }
  if (!o.history.empty()) {
    std::fflush(stdout);
    int history_rc = add_run_to_history(outcome.dir, o.history);
    if (history_rc != kExitOk && rc == kExitOk) return history_rc;
  }
  return rc;
}

int run_run(RunCli& o, const CommandLine& line) {
  launcher::RunOptions& r = o.run;
  r.load = load_script_for_runtime;
  if (int rc = run_folder(o); rc != kExitOk) return rc;
  if (!o.history.empty())
    if (const int rc = check_history_url(o.history); rc != kExitOk) return rc;
  if (int rc = run_replicates(o); rc != kExitOk) return rc;
  // A fresh, measured run whose count no one gave: launches by precision (docs/experiments.md).
  // A script that cannot be loaded keeps the plain way, which reports why.
  if (o.replicates.empty() && !r.resume && o.simulate.platform.empty()) {
    const std::optional<bool> stated = launcher::script_sets_replicates(r);
    o.automatic.by_default = stated.has_value() && !*stated;
    if (o.automatic.by_default && o.automatic.time_budget_s <= 0)
      o.automatic.time_budget_s = launcher::kDefaultTimeBudgetS;
  }
  const bool automatic = o.replicates == "auto" || o.automatic.by_default;
  if (automatic && r.resume) {
    print_message(DiagId::cli_auto_with_resume);
    return kExitUsage;
  }
  r.argv.assign(line.argv, line.argv + line.argc);
  if (!guideline_margin_option(o.verdicts, r.guideline_margin)) return kExitUsage;
  if (int rc = run_simulate_options(o, automatic); rc != kExitOk) return rc;
  if (r.simulated && o.replicates.empty()) r.default_replicates = o.automatic.budget;
  launcher::RunOutcome outcome;
  int rc;
  if (automatic) {
    if (!verdict_options(o.verdicts, o.automatic.margin, o.automatic.adjust)) return kExitUsage;
    rc = launcher::run_auto_replicates(r, o.automatic, outcome);
  } else {
    rc = launcher::run_experiment(r, outcome);
  }
  return finish_run(o, outcome, rc);
}

// --replicates, --budget, --budget-time, --margin, --adjust, --alpha, --seed, --out, --launcher,
// --resume.
void add_run_design_options(CLI::App& command, RunCli& o) {
  std::string placeholders;
  for (const auto& p : launcher::launcher_placeholders()) placeholders += " {" + p + "}";
  command.add_option("--replicates", o.replicates,
                     "launches per factor combination (default: the script's `replicate`, else "
                     "auto), or auto: add launches until the verdicts are decided, or a rerun "
                     "could show equivalence (within --budget)");
  command
      .add_option("--budget", o.automatic.budget,
                  "--replicates auto (the default without `replicate`): most launches per "
                  "combination (default 30)")
      ->check(CLI::Range(1, 1 << 20));
  command
      .add_option("--budget-time", o.automatic.time_budget_s,
                  "--replicates auto: seconds the run may take; no further round of launches "
                  "once the run would take longer, at the time per launch so far (the first "
                  "round always runs; default: no limit, 600 without `replicate`)")
      ->check(positive_seconds());
  command.add_option("--margin", o.verdicts.margin,
                     "--replicates auto: equivalence margin the launches must resolve "
                     "(default 5%)");
  command.add_option("--adjust", o.verdicts.adjust, "--replicates auto: holm | bh | none");
  command.add_option("--alpha", o.automatic.alpha, "--replicates auto: significance level")
      ->check(alpha_check());
  command
      .add_option("--seed", o.run.seed,
                  "run seed (launch order, job order; default: the script's "
                  "`shuffle seed`, else random, recorded)")
      ->check(seed_check())
      ->each([&o](const std::string&) { o.run.seed_given = true; });
  command.add_option("--out", o.out, "results folder (default results/<script>-<time>)")
      ->check(non_empty_check());
  command
      .add_option("--launcher", o.run.launcher,
                  std::string("command template of one launch; placeholders") + placeholders +
                      " (default \"" + launcher::default_launcher() + "\")")
      ->check(non_empty_check());
  command.add_option("--resume", o.resume, "continue the interrupted run in this folder");
}

// --launch-timeout, --finalize-grace, --startup-timeout, --retries.
void add_run_limit_options(CLI::App& command, RunCli& o) {
  command
      .add_option("--launch-timeout", o.run.launch_timeout_s,
                  "seconds a launch may run before it is killed and retried (default: its "
                  "deadline from the plan, recorded in the manifest)")
      ->check(positive_seconds());
  add_finalize_grace_option(command, o.run.finalize_grace_s);
  command
      .add_option("--startup-timeout", o.run.startup_timeout_s,
                  "seconds a launch may take to reach its first job (default 60)")
      ->check(positive_seconds());
  command
      .add_option("--retries", o.run.retries,
                  "times a launch killed at a time limit is run again before it counts as "
                  "failed (default 1)")
      ->check(CLI::Range(0, 1000));
}

// --simulate, --hostfile, --smpi-metron.
void add_run_simulate_options(CLI::App& command, SimulateOptions& s) {
  command
      .add_option("--simulate", s.platform,
                  "preview the campaign on this SimGrid platform file (or a shipped one by "
                  "name, e.g. cluster_64.xml): launches under smpirun, a report of simulated "
                  "times, deadlines and what would fail (docs/simulation.md)")
      ->check(non_empty_check());
  command
      .add_option("--hostfile", s.hostfile,
                  "--simulate: smpirun's host file (which host each rank runs on)")
      ->check(non_empty_check());
  command
      .add_option("--smpi-metron", s.smpi_metron,
                  "--simulate: the SMPI build of metron (default: smpi/metron beside this one)")
      ->check(non_empty_check());
}

void add_run_options(CLI::App& command, RunCli& o) {
  command.add_option("file", o.file, "script");
  command.add_option("--np", o.run.np, "ranks per launch (a `procs` factor overrides)")
      ->check(CLI::Range(1, 1 << 20));
  add_run_design_options(command, o);
  command.add_flag("--trust-launcher", o.run.trust_launcher, kTrustLauncherHelp);
  command.add_flag("--quiet", o.run.quiet, "no progress line and no analysis table");
  command.add_flag("--skip-unsupported", o.run.skip_unsupported,
                   std::string(kSkipUnsupportedHelp) + "; appended to each launch's command");
  command.add_option("--settings", o.run.settings_file,
                     "settings file: its settings replace the script's own assignments of them; "
                     "copied into DIR/settings/ and given to each launch");
  add_run_limit_options(command, o);
  command.add_flag("--report", o.report, "also write DIR/report.html (docs/report.md)");
  command
      .add_option("--history", o.history,
                  "add the finished run to this history database: a file, sqlite:FILE or "
                  "postgresql://... (docs/history.md)")
      ->check(non_empty_check());
  add_guideline_margin_option(command, o.verdicts);
  command.add_flag("--strict", o.run.strict, kStrictHelp);
  add_run_simulate_options(command, o.simulate);
}

}  // namespace

CommandEntry run_command() {
  return make_command("run",
                      "run an experiment: every launch (replicates x launch factors) in a seeded "
                      "random order, each through the launcher; then merge and analyze (not "
                      "under mpiexec)",
                      add_run_options, run_run);
}

}  // namespace metron
