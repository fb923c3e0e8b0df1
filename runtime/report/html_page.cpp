// The report page (see html_page.h).
#include "runtime/report/html_page.h"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/report/claims_section.h"
#include "runtime/report/curves.h"
#include "runtime/report/noise_banner.h"
#include "runtime/report/published_section.h"
#include "runtime/report/report_header.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1.5em auto; max-width: 1000px; color: #222; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.9em; }
td.good { color: #1a7f37; font-weight: bold; } td.bad { color: #b42318; font-weight: bold; }
td.open { color: #8a6d00; }
table.header { width: 100%; table-layout: fixed; }
table.header th { text-align: left; vertical-align: top; padding: 0.2em 1em 0.2em 0; width: 13em; }
table.header td { padding: 0.2em 0; overflow-wrap: anywhere; }
table.jobs td, table.jobs th { border-bottom: 1px solid #eee; padding: 0.15em 0.6em; text-align: right; }
table.jobs td:first-child, table.jobs th:first-child { text-align: left; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; font-size: 0.85em; }
pre.cmd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
figure.plot { margin: 1.5em 0; }
figure.plot svg { width: 100%; height: auto; max-width: 900px; display: block; }
figcaption { font-size: 0.85em; color: #444; max-width: 900px; }
.missing { border: 1px dashed #c33; padding: 0.8em; color: #933; background: #fff6f6; }
.note { border-left: 4px solid #e69f00; padding: 0.3em 0.8em; background: #fffaf0; }
.noise { border: 2px solid #d55e00; padding: 0.6em 0.8em; background: #fff4ec; }
)";

struct Section {
  PlotKind kind;
  const char* id;
  const char* heading;
  const char* intro;
};

// ORDER PlotKind: the sections follow the enum.
constexpr Section kSections[] = {
    {PlotKind::Time, "time", "Time against message size",
     "One panel per measurement block and operation; curves for the launch-factor levels and "
     "other differences."},
    {PlotKind::Rate, "rate", "Rate against message size",
     "Operations with a rate (ping-pongs): bandwidth from the same statistics."},
    {PlotKind::Spread, "spread", "Launch-to-launch spread",
     "The distribution behind each reported value."},
    {PlotKind::Series, "series", "Observation series",
     "The measured observations in order: warm-up, truncation and trends show here."},
    {PlotKind::Ratio, "ratio", "Comparison", "Ratios with their uncertainty and verdicts."},
    {PlotKind::Guideline, "guideline", "Guideline checks", ""},
    {PlotKind::Refinement, "refinement", "Refinement", ""},
    {PlotKind::Fit, "fit", "Model fits",
     "Latency and bandwidth models fitted by metron analyze --fit, drawn over their points."},
    {PlotKind::Clock, "clock", "Clock check", ""},
    {PlotKind::History, "history", "History", ""},
};

}  // namespace

std::string figure_html(const Plot& p, std::size_t n, const std::string& fallback_data) {
  std::string id = "fig" + std::to_string(n);
  std::string h =
      "<figure class=\"plot\" id=\"" + id + "\" data-kind=\"" + plot_kind_name(p.kind) + "\">\n";
  if (!p.svg.empty()) {
    h += inline_svg(p.svg, id + "-", p.title) + "\n";
  } else {
    h += "<div class=\"missing\">plot not drawn: " + html_escape(p.error) + "; the data are in " +
         html_escape(fallback_data) + "</div>\n";
  }
  h += "<figcaption><b>" + html_escape(p.title) + ".</b> " + html_escape(p.caption) +
       "</figcaption>\n</figure>\n";
  return h;
}

std::string page_start(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>" +
         html_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" +
         html_escape(title) + "</h1>\n";
}

namespace {

std::string data_file_of(PlotKind k, const ReportInput& in) {
  switch (k) {
    case PlotKind::Series:
      return "raw.csv";
    case PlotKind::Ratio:
      return in.comparisons_file;
    case PlotKind::Guideline:
      return "guidelines.csv";
    case PlotKind::Clock:
      return "the clock-check CSV";
    case PlotKind::Fit:
      return "fits.csv and fit_points.csv";
    default:
      return "summary.csv and analysis.csv";
  }
}

std::string us(double s) {
  return std::isnan(s) ? "-" : analysis::format_us(s);
}

std::string jobs_table(const ResultsView& v) {
  std::string h =
      "<details><summary>" + html_escape(v.label) + ": " + std::to_string(v.data.jobs.size()) +
      " jobs</summary>\n<table class=\"jobs\"><tr><th>job</th><th>launches</th><th>value "
      "us</th><th>95% CI us</th><th>min us</th><th>max us</th><th>spread</th></tr>\n";
  for (std::size_t j = 0; j < v.data.jobs.size(); ++j) {
    const auto& s = v.stats[j];
    double lo = NAN, hi = NAN;
    for (double m : s.launch_medians) {
      lo = std::isnan(lo) ? m : std::min(lo, m);
      hi = std::isnan(hi) ? m : std::max(hi, m);
    }
    std::string ci = std::isnan(s.ci_lo_s) ? "-" : "[" + us(s.ci_lo_s) + ", " + us(s.ci_hi_s) + "]";
    if (!std::isnan(s.ci_lo_s) && s.ci_level < 0.95 - 1e-9)
      ci += fmt::format(" at {:.1f}%", 100 * s.ci_level);
    std::string spread =
        std::isnan(s.rel_spread) ? "-" : fmt::format("{:.1f}%", s.rel_spread * 100);
    const std::string mark = analysis::noise_of(v.data.jobs[j]).any()
                                 ? std::string(" ") + analysis::kNoiseMark
                                 : std::string();
    h += "<tr><td>" +
         html_escape(v.data.jobs[j].key.block + ": " + v.data.jobs[j].key.label() + mark) +
         "</td><td>" + std::to_string(s.launch_medians.size()) + "</td><td>" + us(s.value_s) +
         "</td><td>" + ci + "</td><td>" + us(lo) + "</td><td>" + us(hi) + "</td><td>" + spread +
         "</td></tr>\n";
  }
  return h + "</table></details>\n";
}

std::string files_list(const ReportInput& in) {
  namespace fs = std::filesystem;
  std::string h;
  for (const char* f : {"summary.csv", "raw.csv", "analysis.csv", "comparisons.csv", "replay.csv",
                        "guidelines.csv", "claims.csv", "claim_checks.csv", "replay_findings.csv",
                        "published_vs_measured.csv", "manifest.json"})
    if (fs::exists(fs::path(in.request.dir) / f))
      h += "<li><a href=\"" + html_escape(f) + "\">" + html_escape(f) + "</a></li>";
  return h.empty() ? "" : "<h2 id=\"files\">Files</h2>\n<ul>" + h + "</ul>\n";
}

}  // namespace

std::string render_page(const ReportInput& in, const std::vector<Plot>& plots,
                        const RenderOutcome& render, const std::vector<std::string>& notes) {
  std::string title = "Metron report: " + in.request.dir +
                      (in.request.dir_b.empty() ? "" : " vs " + in.request.dir_b);
  std::string h = page_start(title);
  h += header_html(in);
  h += noise_banner_html(in);
  if (!render.tool_found && !plots.empty())
    h += "<p class=\"missing\" id=\"no-plots\">The plots are not drawn: '" +
         html_escape(render.tool) +
         "' was not found. Install gnuplot (Debian: apt-get install gnuplot-nox) or set "
         "METRON_GNUPLOT to its path and run metron report again. Every number is in the CSV "
         "files of this folder and in the tables below.</p>\n";
  for (const auto& n : notes) h += "<p class=\"note\">" + html_escape(n) + "</p>\n";
  h += findings_replay_section(in);
  h += claims_section(in);
  if (in.published) h += published_html(*in.published);
  std::size_t n = 0;
  for (const Section& s : kSections) {
    std::string figs;
    for (const auto& p : plots)
      if (p.kind == s.kind) figs += figure_html(p, ++n, data_file_of(p.kind, in));
    if (figs.empty() && s.kind == PlotKind::Guideline && in.main) {
      h += std::string("<h2 id=\"") + s.id + "\">" + s.heading + "</h2>\n<p>" +
           (in.guidelines ? "guidelines.csv has no guideline, bytes and verdict columns to plot."
                          : "No guideline checks in this folder (no guidelines.csv).") +
           "</p>\n";
      continue;
    }
    if (figs.empty()) continue;
    h += std::string("<h2 id=\"") + s.id + "\">" + s.heading + "</h2>\n";
    if (*s.intro) h += std::string("<p>") + s.intro + "</p>\n";
    h += figs;
  }
  if (in.main) {
    h += "<h2 id=\"values\">Per-job values</h2>\n";
    h += "<p>Value: the Hodges-Lehmann location of the per-launch medians (with one launch, the "
         "median of its observations); 95% CI as in the plots; min, max: smallest and largest "
         "per-launch median; spread: max / min - "
         "1; ! after a job: some of its launches carry noise flags (summary.csv column "
         "noise).</p>\n";
    h += jobs_table(*in.main);
    if (in.other) h += jobs_table(*in.other);
  }
  h += files_list(in);
  h += "<p><small>Written by metron report; plots drawn with gnuplot's SVG terminal.</small></p>\n";
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace metron::report
