// `metron report` (see report.h).
#include "runtime/report/report.h"

#include <cstring>
#include <filesystem>
#include <fstream>

#include "runtime/plan/diagnostics.h"
#include "runtime/report/clock_plots.h"
#include "runtime/report/fit_plots.h"
#include "runtime/report/gnuplot_renderer.h"
#include "runtime/report/guideline_plots.h"
#include "runtime/report/html_page.h"
#include "runtime/report/ratio_plots.h"
#include "runtime/report/refinement_plots.h"
#include "runtime/report/series_plots.h"
#include "runtime/report/spread_plots.h"
#include "runtime/report/time_plots.h"

namespace metron::report {

namespace fs = std::filesystem;

namespace {

void append(std::vector<Plot>& to, std::vector<Plot> from) {
  for (auto& p : from) to.push_back(std::move(p));
}

std::string ratio_name(const ReportInput& in) {
  if (in.kind == ReportKind::Replay) return "replay / recorded";
  return "B / A";
}

}  // namespace

std::string default_report_path(const ReportRequest& r) {
  if (!r.dir_b.empty()) return "compare-report.html";
  return (fs::path(r.dir) / "report.html").string();
}

int write_report(const ReportOptions& o, ReportOutcome& outcome, std::string& error,
                 std::string& warning) {
  auto in = load_report_input(o.request, error);
  if (!in) return 74;
  std::vector<std::string> notes = in->notes;
  std::vector<Plot> plots;
  if (in->main) {
    append(plots, time_plots(*in));
    append(plots, rate_plots(*in));
    append(plots, spread_plots(*in));
    append(plots, series_plots(*in, notes));
    append(plots, refinement_plots(*in));
    if (in->fits && in->fit_points) append(plots, fit_plots(*in->fits, *in->fit_points));
  }
  if (in->comparisons) append(plots, ratio_plots(*in->comparisons, ratio_name(*in)));
  if (in->guidelines) append(plots, guideline_plot(*in->guidelines));
  for (const auto& [file, table] : in->clock_checks) append(plots, clock_plot(file, table));

  std::string program = o.gnuplot.empty() ? gnuplot_program() : o.gnuplot;
  RenderOutcome r = render_plots(plots, program);
  if (!r.tool_found && !plots.empty())
    warning = message_text(DiagId::report_no_plots, program);
  else if (r.drawn < plots.size())
    warning = std::to_string(plots.size() - r.drawn) + " of " + std::to_string(plots.size()) +
              " plots could not be drawn (the report says why)";
  std::string page = render_page(*in, plots, r, notes);

  outcome.path = o.out.empty() ? default_report_path(o.request) : o.out;
  // Written beside the target and renamed, so a reader never sees half a page.
  fs::path tmp = fs::path(outcome.path).parent_path() /
                 ("." + fs::path(outcome.path).filename().string() + ".tmp");
  std::error_code ec;
  {
    std::ofstream f(tmp, std::ios::binary);
    f << page;
    f.close();
    if (!f) {
      const int e = errno;
      fs::remove(tmp, ec);  // a partial page on a full disk holds space for nothing
      error = message_text(DiagId::cannot_write_file_why, outcome.path, std::strerror(e));
      return 74;
    }
  }
  fs::rename(tmp, outcome.path, ec);
  if (ec) {
    error = message_text(DiagId::cannot_write_file_why, outcome.path, ec.message());
    return 74;
  }
  outcome.plots = plots.size();
  outcome.drawn = r.drawn;
  outcome.tool_found = r.tool_found;
  outcome.bytes = page.size();
  return 0;
}

}  // namespace metron::report
