// metron replay: a recorded run (script, seed, design) rerun into a new folder and compared with
// the recording. Not an MPI process: it starts the launches (runtime/launcher/replay.h).
#include <cstdio>
#include <filesystem>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/cli/shared_options.h"
#include "interpreter/program.h"
#include "runtime/launcher/replay.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

namespace {

struct ReplayCli {
  // --out, --replicates, --launcher, --alpha, --quiet, --launch-timeout, --finalize-grace,
  // --allow-simulated, --strict, --allow-modified, --trust-launcher, --skip-unsupported
  launcher::ReplayOptions replay;
  std::vector<std::string> dirs;
  std::string lead = "auto";  // --lead
  VerdictText verdicts;
  bool report = false;
};

int run_replay(ReplayCli& o, const CommandLine& line) {
  launcher::ReplayOptions& r = o.replay;
  r.load = load_script_for_runtime;
  r.recorded_dir = o.dirs.front();
  // r.out_dir empty: next to the recording (a bundle's: the folder it unpacks to)
  if (o.lead == "findings")
    r.lead = launcher::ReplayLead::Findings;
  else if (o.lead == "jobs")
    r.lead = launcher::ReplayLead::Jobs;
  else if (o.lead != "auto") {
    print_message(DiagId::cli_bad_lead, o.lead);
    return kExitUsage;
  }
  if (!verdict_options(o.verdicts, r.margin, r.adjust)) return kExitUsage;
  if (!guideline_margin_option(o.verdicts, r.guideline_margin)) return kExitUsage;
  r.argv.assign(line.argv, line.argv + line.argc);
  std::string out_dir;
  int rc = launcher::replay_experiment(r, &out_dir);
  // A replay that measured: its verdicts' codes (docs/cli.md, Exit codes), or a failed launch.
  const bool measured =
      rc == kExitOk || rc == kExitReplayDiffers || rc == kExitReplayUndecided || rc == kExitRuntime;
  if (measured && o.report && !out_dir.empty() &&
      std::filesystem::exists(std::filesystem::path(out_dir) / "summary.csv")) {
    std::fflush(stdout);
    int report_rc = write_report_for(out_dir, "", "", "", "");
    if (report_rc != kExitOk && rc != kExitRuntime) return report_rc;
  }
  return rc;
}

// --lead, --out, --replicates, --launcher, --alpha, --margin, --adjust.
void add_replay_verdict_options(CLI::App& command, ReplayCli& o) {
  command.add_option("--lead", o.lead,
                     "what the verdicts lead with: auto (findings when the environment "
                     "differs from the recording, else jobs) | findings | jobs");
  command.add_option("--out", o.replay.out_dir, "new results folder (default <dir>-replay)")
      ->check(non_empty_check());
  command
      .add_option("--replicates", o.replay.replicates,
                  "launches per combination (default: as "
                  "recorded)")
      ->check(CLI::Range(1, 1 << 20));
  command.add_option("--launcher", o.replay.launcher, "launcher template (default: as recorded)")
      ->check(non_empty_check());
  command.add_option("--alpha", o.replay.alpha, "significance level of the verdicts")
      ->check(alpha_check());
  command.add_option("--margin", o.verdicts.margin,
                     "equivalence margin of the verdicts (default 5%)");
  command.add_option("--adjust", o.verdicts.adjust,
                     "p-value adjustment across the jobs: holm (default) | bh | none");
}

void add_replay_options(CLI::App& command, ReplayCli& o) {
  launcher::ReplayOptions& r = o.replay;
  command.add_option("dir", o.dirs, "recorded results folder, or a bundle written by metron pack")
      ->required()
      ->expected(1);
  add_replay_verdict_options(command, o);
  command.add_flag("--quiet", r.quiet, "no progress line");
  command
      .add_option("--launch-timeout", r.launch_timeout_s,
                  "seconds a launch may run before it is killed and retried (default: its "
                  "deadline from the plan)")
      ->check(positive_seconds());
  add_finalize_grace_option(command, r.finalize_grace_s);
  add_guideline_margin_option(command, o.verdicts);
  command.add_flag("--allow-simulated", r.allow_simulated,
                   "replay a simulated recording (docs/simulation.md)");
  command.add_flag("--strict", r.strict, kStrictHelp);
  command.add_flag("--allow-modified", r.allow_modified,
                   "replay a recording whose script does not match its recorded sha256");
  command.add_flag("--trust-launcher", r.trust_launcher, kTrustLauncherHelp);
  command.add_flag("--report", o.report, "also write NEW/report.html (docs/report.md)");
  command.add_flag("--skip-unsupported", r.skip_unsupported,
                   std::string(kSkipUnsupportedHelp) + " (default: as recorded)");
}

}  // namespace

CommandEntry replay_command() {
  return make_command("replay",
                      "rerun a recorded run (script, seed, design) into a new folder and compare",
                      add_replay_options, run_replay);
}

}  // namespace metron
