// The history report (see history_report.h).
#include "runtime/report/history_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "runtime/analysis/analysis.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/report/axes.h"
#include "runtime/report/gnuplot_renderer.h"
#include "runtime/report/html_page.h"
#include "runtime/report/plot.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

namespace fs = std::filesystem;

// Run r's launches (x = r + 1, spread sideways) and its median with min and max.
void run_rows(const history::RunValues& run, std::size_t r, std::vector<std::string>& points,
              std::vector<std::string>& runs, std::vector<double>& ys) {
  const std::size_t n = run.medians.size();
  for (std::size_t k = 0; k < n; ++k) {
    const double dx = n > 1 ? -0.2 + 0.4 * static_cast<double>(k) / (n - 1.0) : 0.0;
    points.push_back(gp_number(static_cast<double>(r + 1) + dx) + " " +
                     gp_number(run.medians[k] * 1e6));
    ys.push_back(run.medians[k] * 1e6);
  }
  const analysis::Distribution d = analysis::distribution(run.medians);
  runs.push_back(std::to_string(r + 1) + " " + gp_number(d.median * 1e6) + " " +
                 gp_number(d.min * 1e6) + " " + gp_number(d.max * 1e6));
}

// A dashed line between the last run before a change and its first run, with the ratio.
std::string change_marks(const history::SeriesReport& s) {
  std::string cmds;
  for (const history::RunChange& c : s.trend.changes) {
    const std::string x = gp_number(static_cast<double>(c.run) + 0.5);
    cmds += "set arrow from " + x + ", graph 0 to " + x +
            ", graph 1 nohead dashtype 2 lw 2 lc rgb '#d55e00'\n";
    const std::string text = c.ratio ? history::ratio_number(c.ratio->estimate) + "x" : "change";
    cmds += "set label " + gp_quote(text) + " at " + x +
            ", graph 0.96 offset 0.4,0 left textcolor rgb '#d55e00'\n";
  }
  return cmds;
}

std::string caption_of(const history::SeriesReport& s) {
  std::string c =
      "Each run of the series in time order (x: its number in the series). Blue dots: the "
      "per-launch medians of each run; black: the run's median of its launch medians, bars "
      "from its smallest to its largest launch median (the launch spread). Orange dashed lines: "
      "change points, between the last run before and the first run after, labelled with the "
      "ratio after/before.";
  for (const history::RunChange& ch : s.trend.changes)
    c += fmt::format(" Change at run {} ({}): {}, p = {:.2g}.", ch.run + 1,
                     s.runs[ch.run].started_at, history::ratio_text(ch.ratio), ch.p_value);
  c += std::string(" Latest run: ") + history::gate_name(s.trend.latest.gate) + ".";
  return c;
}

std::string summary_table(const std::vector<history::SeriesReport>& reports) {
  std::string h =
      "<table class=\"jobs\"><tr><th>series</th><th>runs</th><th>changes</th><th>latest "
      "run</th><th>latest / baseline</th></tr>\n";
  for (const auto& s : reports) {
    const auto& g = s.trend.latest;
    const bool bad = g.gate == history::Gate::Regression;
    const bool good = g.gate == history::Gate::NoRegression;
    h += "<tr><td>" + html_escape(s.info.name()) + "</td><td>" + std::to_string(s.runs.size()) +
         "</td><td>" + std::to_string(s.trend.changes.size()) + "</td><td class=\"" +
         (bad    ? "bad"
          : good ? "good"
                 : "open") +
         "\">" + html_escape(history::gate_name(g.gate)) + (s.gated ? "" : " (not gated)") +
         "</td><td>" + html_escape(history::ratio_text(g.ratio)) + "</td></tr>\n";
  }
  return h + "</table>\n";
}

std::string runs_table(const history::SeriesReport& s) {
  std::string h = "<details><summary>" + html_escape(s.info.name()) +
                  ": runs</summary>\n<table class=\"jobs\"><tr><th>run</th><th>started</th>"
                  "<th>folder</th><th>launches</th><th>median us</th></tr>\n";
  for (std::size_t r = 0; r < s.runs.size(); ++r) {
    const auto d = analysis::distribution(s.runs[r].medians);
    h += "<tr><td>" + std::to_string(r + 1) + "</td><td>" + html_escape(s.runs[r].started_at) +
         "</td><td>" + html_escape(s.runs[r].folder) + "</td><td>" +
         std::to_string(s.runs[r].medians.size()) + "</td><td>" + analysis::format_us(d.median) +
         "</td></tr>\n";
  }
  return h + "</table></details>\n";
}

std::string page(const std::vector<history::SeriesReport>& reports, std::vector<Plot>& plots,
                 const RenderOutcome& render, const std::string& database,
                 const std::string& filter, const history::TrendOptions& o) {
  std::string h = page_start("Metron history: " + database);
  h += "<p>" + std::to_string(reports.size()) + " series" +
       (filter.empty() ? "" : " matching --job '" + html_escape(filter) + "'") +
       ". Change points: " + history::change_method_name(o.method) +
       fmt::format(
           " (p below {}); the latest run is a regression when its launches are "
           "slower than the runs since the last change by more than {}% (one-sided "
           "Wilcoxon rank-sum tests on log values, alpha {}; docs/history.md).</p>\n",
           o.level(), o.margin * 100, o.alpha);
  if (!render.tool_found && !plots.empty())
    h += "<p class=\"missing\" id=\"no-plots\">The plots are not drawn: '" +
         html_escape(render.tool) + "' was not found (Debian: apt-get install gnuplot-nox).</p>\n";
  h += summary_table(reports);
  h += "<h2 id=\"history\">Series</h2>\n";
  for (std::size_t i = 0; i < plots.size(); ++i)
    h += figure_html(plots[i], i + 1, "the history database") + runs_table(reports[i]);
  h += "<p><small>Written by metron report --history; plots drawn with gnuplot's SVG "
       "terminal.</small></p>\n</body>\n</html>\n";
  return h;
}

}  // namespace

Plot history_plot(const history::SeriesReport& s) {
  Plot p;
  p.kind = PlotKind::History;
  p.title = s.info.name();
  std::vector<std::string> points, runs;
  std::vector<double> ys;
  for (std::size_t r = 0; r < s.runs.size(); ++r) run_rows(s.runs[r], r, points, runs, ys);
  add_data_block(p, "p", points);
  add_data_block(p, "r", runs);
  const std::size_t n = s.runs.size();
  p.commands = "set xrange [0.5:" + gp_number(static_cast<double>(n) + 0.5) +
               "]\nset xlabel 'run'\nset grid y\nset key below\n" +
               (n <= 30 ? std::string("set xtics 1\n") : std::string()) +
               value_y_axis("time per call [us]", ys) + change_marks(s) +
               "plot $p using 1:2 with points pt 7 ps 0.5 lc rgb '#56b4e9' title 'launch "
               "medians', $r using 1:2:3:4 with yerrorlines pt 5 ps 0.6 lc rgb '#000000' title "
               "'run median, launch min-max'\n";
  p.caption = caption_of(s);
  return p;
}

int write_history_report(const std::vector<history::SeriesReport>& reports,
                         const std::string& database, const std::string& filter,
                         const history::TrendOptions& o, const std::string& out,
                         HistoryReportOutcome& outcome, std::string& error, std::string& warning) {
  std::vector<Plot> plots;
  for (const auto& s : reports) plots.push_back(history_plot(s));
  const std::string program = gnuplot_program();
  const RenderOutcome r = render_plots(plots, program);
  if (!r.tool_found && !plots.empty()) warning = message_text(DiagId::report_no_plots, program);
  const std::string html = page(reports, plots, r, database, filter, o);
  outcome.path = out;
  const fs::path tmp =
      fs::path(out).parent_path() / ("." + fs::path(out).filename().string() + ".tmp");
  std::error_code ec;
  {
    std::ofstream f(tmp, std::ios::binary);
    f << html;
    f.close();
    if (!f) {
      const int e = errno;
      fs::remove(tmp, ec);
      error = message_text(DiagId::cannot_write_file_why, out, std::strerror(e));
      return 74;
    }
  }
  fs::rename(tmp, out, ec);
  if (ec) {
    error = message_text(DiagId::cannot_write_file_why, out, ec.message());
    return 74;
  }
  outcome.plots = plots.size();
  outcome.drawn = r.drawn;
  return 0;
}

}  // namespace metron::report
