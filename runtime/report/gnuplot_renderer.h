// Drawing the plots with gnuplot's SVG terminal: one gnuplot child process (no shell) reads a
// script that writes each plot to its own file in a private temporary folder; the SVGs are then
// read back and made safe to inline side by side in one page (ids prefixed per figure). A plot
// that gnuplot rejects is retried alone, so one bad plot costs only itself. No MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/report/plot.h"

namespace metron::report {

// The gnuplot to run: $METRON_GNUPLOT when set, else "gnuplot" from PATH.
std::string gnuplot_program();

struct RenderOutcome {
  bool tool_found = false;  // the program exists and is executable
  std::string tool;         // what was looked for
  std::size_t drawn = 0;    // plots with an SVG
};

// Fills plot.svg, or plot.error with the reason (gnuplot missing or its message).
RenderOutcome render_plots(std::vector<Plot>& plots, const std::string& program);

// An SVG as gnuplot wrote it, ready to inline: XML prolog dropped, ids and references
// prefixed with `prefix`, the title replaced.
std::string inline_svg(const std::string& svg, const std::string& prefix, const std::string& title);

}  // namespace metron::report
