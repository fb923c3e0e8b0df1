// Refinement rounds (see refinement_plots.h).
#include "runtime/report/refinement_plots.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "runtime/report/axes.h"
#include "runtime/report/curves.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

// The x axis over the points' positions: sizes on a log2 axis with 0 B at its own tick, or the
// panel's variable.
std::string x_axis_of(const Panel& panel, const std::vector<double>& xs) {
  double lo = INFINITY, hi = -INFINITY;
  bool zero = false;
  for (double x : xs) {
    if (panel.x_kind == XKind::Bytes && panel.zero_x > 0 && x == panel.zero_x) {
      zero = true;  // 0 B, at its own tick
      continue;
    }
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  return panel.x_kind == XKind::Bytes ? bytes_x_axis(lo, hi, zero ? panel.zero_x : 0)
                                      : numeric_x_axis(panel.x_var, lo, hi);
}

// One panel's plot: each curve's measured points as a grey line, and the points by refinement
// round.
Plot refinement_plot(const ResultsView& v, const Panel& panel) {
  Plot p;
  p.kind = PlotKind::Refinement;
  p.title = "Refinement: " + panel_title(panel);
  std::map<int, std::vector<std::string>> rounds;
  std::vector<double> xs, ys;
  std::string cmds = "plot ";
  for (std::size_t ci = 0; ci < panel.curves.size(); ++ci) {
    std::vector<std::string> line;
    for (const auto& pt : panel.curves[ci].points) {
      const JobStats& s = v.stats[pt.job];
      if (s.refine_round < 0) continue;
      double y = s.value_s * 1e6;
      line.push_back(gp_number(pt.x) + " " + gp_number(y));
      rounds[s.refine_round].push_back(gp_number(pt.x) + " " + gp_number(y));
      xs.push_back(pt.x);
      ys.push_back(y);
    }
    if (line.empty()) continue;
    std::string n = std::to_string(ci);
    add_data_block(p, "c" + n, line);
    cmds += "$c" + n + " using 1:2 with lines lc rgb '#999999' " +
            (panel.curves[ci].label.empty() ? std::string("notitle")
                                            : "title " + gp_quote(panel.curves[ci].label)) +
            ", ";
  }
  for (const auto& [round, pts] : rounds) {
    std::string n = "r" + std::to_string(round);
    add_data_block(p, n, pts);
    cmds += "$" + n + " using 1:2 with points pt " + std::to_string(round == 0 ? 6 : 7) + " ps " +
            (round == 0 ? "1.2" : "0.8") + " lc rgb " +
            gp_quote(round == 0 ? "#000000" : curve_color(static_cast<std::size_t>(round - 1))) +
            " title " + gp_quote(round == 0 ? "grid (round 0)" : "round " + std::to_string(round)) +
            ", ";
  }
  cmds.resize(cmds.size() - 2);
  p.commands = x_axis_of(panel, xs) + value_y_axis("time per call [us]", ys) +
               "set key below left Left reverse maxcols 2\nset grid\n" + cmds + "\n";
  p.caption =
      "The points an autorefine loop measured, by round (summary.csv refine_round of the first "
      "launch): open circles are the regular grid, filled points the sizes the refiner added "
      "in each round, where the curve bends more than the tolerance and the CIs allow "
      "(docs/refinement.md). Value: the Hodges-Lehmann location of the per-launch medians (with "
      "one launch, its median).";
  return p;
}

}  // namespace

std::vector<Plot> refinement_plots(const ReportInput& in) {
  std::vector<Plot> out;
  if (!in.main) return out;
  const ResultsView& v = *in.main;
  std::vector<const analysis::ResultsData*> data = {&v.data};
  for (const Panel& panel : make_panels(data, {v.label})) {
    // Only panels with refined points, and only curves that have them.
    bool refined = false;
    for (const auto& c : panel.curves)
      for (const auto& pt : c.points) refined = refined || v.stats[pt.job].refine_round > 0;
    if (!refined || panel.x_kind == XKind::Category) continue;
    out.push_back(refinement_plot(v, panel));
  }
  return out;
}

}  // namespace metron::report
