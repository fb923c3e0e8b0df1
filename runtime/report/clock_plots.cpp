// Clock-check plot (see clock_plots.h).
#include "runtime/report/clock_plots.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "runtime/report/axes.h"
#include "runtime/report/text_format.h"

namespace metron::report {

std::vector<Plot> clock_plot(const std::string& file, const analysis::CsvTable& t) {
  using analysis::cell_double;
  Plot p;
  p.kind = PlotKind::Clock;
  p.title = "Clock check: " + file;
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::pair<double, double>>> methods;
  double lo = INFINITY, hi = 0, xmax = 0;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    double x = cell_double(t.cell(r, "elapsed_s"));
    double y = cell_double(t.cell(r, "max_abs_offset_s")) * 1e6;
    if (std::isnan(x) || std::isnan(y)) continue;
    std::string m = t.cell(r, "method");
    if (!methods.count(m)) order.push_back(m);
    methods[m].emplace_back(x, y);
    xmax = std::max(xmax, x);
    if (y > 0) lo = std::min(lo, y);
    hi = std::max(hi, y);
  }
  if (order.empty()) return {};
  // Offsets from 0.01 us to milliseconds are common (offset-only methods drift away), so the
  // axis is logarithmic when they span more than 100x; a zero offset is drawn at the bottom.
  bool log = hi > 0 && hi / lo > 100;
  double floor_us = log ? lo / 2 : 0;
  std::string cmds = "plot ";
  for (std::size_t i = 0; i < order.size(); ++i) {
    auto pts = methods[order[i]];
    std::sort(pts.begin(), pts.end());
    std::vector<std::string> rows;
    for (auto [x, y] : pts) rows.push_back(gp_number(x) + " " + gp_number(std::max(y, floor_us)));
    std::string n = "m" + std::to_string(i);
    add_data_block(p, n, rows);
    cmds += "$" + n + " using 1:2 with linespoints pt 7 ps 0.6 lc rgb " + gp_quote(curve_color(i)) +
            " title " + gp_quote(order[i]) + ", ";
  }
  cmds.resize(cmds.size() - 2);
  std::string y = log ? "set logscale y 10\nset yrange [" + gp_number(floor_us / 1.5) + ":" +
                            gp_number(hi * 2) +
                            "]\nset ylabel 'max |offset to rank 0| [us], log scale'\n"
                      : "set yrange [0:*]\nset ylabel 'max |offset to rank 0| [us], axis from 0'\n";
  p.commands = numeric_x_axis("time since synchronization [s]", 0, xmax) + y +
               "set key below left Left reverse maxcols 2\nset grid\n" + cmds + "\n";
  p.caption =
      "For each clock synchronization method, the largest absolute offset of any rank's "
      "synchronized clock to rank 0's, measured at each probe time after the "
      "synchronization (docs/clocksync.md). Methods that model drift stay flat; "
      "offset-only methods grow with the drift.";
  if (log) p.caption += " Offsets of 0 are drawn at the bottom of the axis.";
  return {p};
}

}  // namespace metron::report
