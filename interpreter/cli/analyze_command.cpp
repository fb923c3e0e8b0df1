// metron analyze: a results folder analyzed across its launches (analysis.csv, and with --fit
// the model fits). Not an MPI process.
#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/cli/shared_options.h"
#include "runtime/analysis/analyze_folder.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron {

namespace {

struct AnalyzeCli {
  analysis::AnalyzeOptions analyze;  // --alpha, --fit, --peak-bandwidth, --strict
  std::vector<std::string> dirs;
  VerdictText verdicts;
  double peak_latency_us = 0;  // --peak-latency, in us
};

int run_analyze(AnalyzeCli& o, const CommandLine&) {
  analysis::AnalyzeOptions& a = o.analyze;
  if (!verdict_options(o.verdicts, a.margin, a.adjust)) return kExitUsage;
  if (!guideline_margin_option(o.verdicts, a.guideline_margin)) return kExitUsage;
  if (!a.fit.empty() && a.fit != "hockney" && a.fit != "loggp") {
    print_message(DiagId::cli_bad_fit, a.fit);
    return kExitUsage;
  }
  if ((a.peak.bandwidth_mb_s > 0 || o.peak_latency_us > 0) && a.fit.empty()) {
    print_message(DiagId::cli_peak_without_fit);
    return kExitUsage;
  }
  a.peak.latency_s = o.peak_latency_us * 1e-6;
  std::string err;
  int rc = analysis::analyze_folder(o.dirs.front(), a, err);
  if (rc != 0) print_error(err);
  return rc == 0 ? kExitOk : kExitIo;
}

void add_analyze_options(CLI::App& command, AnalyzeCli& o) {
  command.add_option("dir", o.dirs, "results folder")->required()->expected(1);
  command.add_option("--alpha", o.analyze.alpha, "significance level of level comparisons")
      ->check(alpha_check());
  command.add_option("--margin", o.verdicts.margin,
                     "equivalence margin of their verdicts (default 5%)");
  command.add_option("--adjust", o.verdicts.adjust,
                     "p-value adjustment: holm (default) | bh | none");
  add_guideline_margin_option(command, o.verdicts);
  command.add_option("--fit", o.analyze.fit,
                     "fit each size sweep: hockney (alpha + beta m) or loggp (G, L + 2o); "
                     "writes fits.csv and fit_points.csv");
  command
      .add_option("--peak-bandwidth", o.analyze.peak.bandwidth_mb_s,
                  "with --fit: the link's peak bandwidth in MB/s (10^6 bytes/s)")
      ->check(positive_finite_check());
  command.add_option("--peak-latency", o.peak_latency_us, "with --fit: the link's latency in us")
      ->check(positive_finite_check());
  command.add_flag("--strict", o.analyze.strict, kStrictHelp);
}

}  // namespace

CommandEntry analyze_command() {
  return make_command("analyze",
                      "analyze a results folder across launches (writes analysis.csv; no MPI)",
                      add_analyze_options, run_analyze);
}

}  // namespace metron
