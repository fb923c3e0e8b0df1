// The report page: one self-contained HTML file (inline CSS and SVG, no script, no external
// resource), so that it opens offline and in any browser. No MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/report/gnuplot_renderer.h"
#include "runtime/report/plot.h"
#include "runtime/report/report_input.h"

namespace metron::report {

// Each figure is written as lines from `<figure ...>` to `</figure>` with data-kind set to its
// plot_kind_name, so that tests and scripts can pick figures out of the page.
std::string render_page(const ReportInput& in, const std::vector<Plot>& plots,
                        const RenderOutcome& render, const std::vector<std::string>& notes);

// The page up to its heading (doctype, head with the style, <body>, <h1>), and one figure (its
// SVG, or why it is missing and where the data are): shared with the history report.
std::string page_start(const std::string& title);
std::string figure_html(const Plot& p, std::size_t n, const std::string& fallback_data);

}  // namespace metron::report
