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

}  // namespace metron::report
