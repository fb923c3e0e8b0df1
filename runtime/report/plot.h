// One figure of the report: what a plot builder produces (gnuplot data blocks and commands, a
// title and the caption that says how to read it) and what the renderer adds (the SVG). No MPI.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace metron::report {

// The kinds of figure, in the order the report shows them (docs/report.md has one each).
enum class PlotKind {
  Time,
  Rate,
  Spread,
  Series,
  Ratio,
  Guideline,
  Refinement,
  Fit,
  Clock,
  History
};
const char* plot_kind_name(PlotKind k);  // "time", "rate", ... (the figure's data-kind)

struct Plot {
  PlotKind kind = PlotKind::Time;
  std::string title;    // plain text
  std::string caption;  // plain text: the statistic, the CI, the axes
  // Gnuplot input: `data` defines the data blocks ($d0, $d1, ...; names are local to the plot)
  // and `commands` sets the axes and plots them. The renderer adds terminal and output.
  std::string data;
  std::string commands;
  int height = 420;   // SVG units; the width is 760
  std::string svg;    // filled by render_plots; empty when not drawn
  std::string error;  // why it was not drawn
};

// Appends `$NAME << EOD` ... `EOD` to plot.data; each row is one line of blank-separated cells.
void add_data_block(Plot& p, const std::string& name, const std::vector<std::string>& rows);

// Colour of curve i ("#1b6ca8", ...): eight colours that stay apart for common colour blindness
// (Okabe & Ito's palette), repeating after eight.
const char* curve_color(std::size_t i);

}  // namespace metron::report
