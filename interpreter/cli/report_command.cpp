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
ReportCli g_report;
CLI::App* g_cmd = nullptr;

}  // namespace

void register_report_command(CLI::App& app) {
  g_cmd = app.add_subcommand(
      "report",
      "write report.html for a results folder (exec, run or replay), or for two folders "
      "compared: plots (gnuplot), header, per-job values; self-contained, no MPI");
  g_cmd->add_option("dirs", g_report.dirs, "DIR, or DIR_A DIR_B")->expected(0, 2);
  g_cmd->add_option("--out", g_report.out,
                    "the HTML file (default DIR/report.html; compare-report.html for two folders; "
                    "history-report.html with --history)");
  g_cmd
      ->add_option("--history", g_report.history,
                   "the report of a history database instead (a file, sqlite:FILE or "
                   "postgresql://...): each series with its change points (docs/history.md)")
      ->check(non_empty_check());
  g_cmd->add_option("--job", g_report.job,
                    "with --history: the series to draw (as metron history trend --job)");
}

bool report_command_parsed() {
  return g_cmd && g_cmd->parsed();
}

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

int cmd_report() {
  if (g_report.history.empty() == g_report.dirs.empty() ||
      (g_report.history.empty() && !g_report.job.empty())) {
    print_message(DiagId::cli_report_operands);
    return kExitUsage;
  }
  if (!g_report.history.empty())
    return write_history_report(g_report.history, g_report.job, g_report.out);
  return write_report_for(g_report.dirs.front(), g_report.dirs.size() > 1 ? g_report.dirs[1] : "",
                          "", "", g_report.out);
}

}  // namespace metron
