// metron report: the HTML report of a results folder, or of two folders compared
// (runtime/report/report.h, docs/report.md). Not an MPI process.
#include <cstdio>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/program.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/report/report.h"

namespace metron {

namespace {

struct ReportCli {
  std::vector<std::string> dirs;
  std::string out;
  std::string history;  // --history URL: the history database's report instead of a folder's
  std::string job;      // --history's --job FILTER
};
void add_report_options(CLI::App& command, ReportCli& o) {
  command.add_option("dirs", o.dirs, "DIR, or DIR_A DIR_B")->expected(0, 2);
  command.add_option("--out", o.out,
                     "the HTML file (default DIR/report.html; compare-report.html for two "
                     "folders; history-report.html with --history)");
  command
      .add_option("--history", o.history,
                  "the report of a history database instead (a file, sqlite:FILE or "
                  "postgresql://...): each series with its change points (docs/history.md)")
      ->check(non_empty_check());
  command.add_option("--job", o.job,
                     "with --history: the series to draw (as metron history trend --job)");
}

int run_report(ReportCli& o, const CommandLine&) {
  if (o.history.empty() == o.dirs.empty() || (o.history.empty() && !o.job.empty())) {
    print_message(DiagId::cli_report_operands);
    return kExitUsage;
  }
  if (!o.history.empty()) return write_history_report(o.history, o.job, o.out);
  return write_report_for(o.dirs.front(), o.dirs.size() > 1 ? o.dirs[1] : "", "", "", o.out);
}

}  // namespace

int write_report_for(const std::string& dir, const std::string& dir_b,
                     const std::string& comparison_csv, const std::string& comparison_what,
                     const std::string& out) {
  report::ReportOptions o;
  o.request.dir = dir;
  o.request.dir_b = dir_b;
  o.request.comparison_csv = comparison_csv;
  o.request.comparison_what = comparison_what;
  o.out = out;
  report::ReportOutcome outcome;
  std::string error, warning;
  int rc = report::write_report(o, outcome, error, warning);
  if (rc != 0) {
    print_error(error);
    return kExitIo;
  }
  if (!warning.empty()) print_warning(warning);
  std::printf("report: %s\n", outcome.path.c_str());
  return kExitOk;
}

CommandEntry report_command() {
  return make_command("report",
                      "write report.html for a results folder (exec, run or replay), or for two "
                      "folders compared: plots (gnuplot), header, per-job values; "
                      "self-contained, no MPI",
                      add_report_options, run_report);
}

}  // namespace metron
