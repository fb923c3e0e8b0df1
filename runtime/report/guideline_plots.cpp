// Guideline matrix (see guideline_plots.h).
#include "runtime/report/guideline_plots.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "runtime/report/text_format.h"

namespace metron::report {

std::vector<Plot> guideline_plot(const analysis::CsvTable& t) {
  if (!t.column("guideline") || !t.column("bytes") || !t.column("verdict")) return {};
  std::vector<std::string> names;
  std::set<double> sizes;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const std::string& g = t.cell(r, "guideline");
    if (std::find(names.begin(), names.end(), g) == names.end()) names.push_back(g);
    double b = analysis::cell_double(t.cell(r, "bytes"));
    if (!std::isnan(b)) sizes.insert(b);
  }
  if (names.empty() || sizes.empty()) return {};
  std::vector<double> xs(sizes.begin(), sizes.end());
  // Verdict classes: violated (red), holds (green), anything else (grey).
  std::map<std::string, std::vector<std::string>> cells;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    double b = analysis::cell_double(t.cell(r, "bytes"));
    if (std::isnan(b)) continue;
    auto x = std::find(xs.begin(), xs.end(), b) - xs.begin() + 1;
    auto y = std::find(names.begin(), names.end(), t.cell(r, "guideline")) - names.begin() + 1;
    const std::string& v = t.cell(r, "verdict");
    std::string cls = v == "violated"               ? "violated"
                      : (v == "ok" || v == "holds") ? "holds"
                                                    : "other";
    cells[cls].push_back(std::to_string(x) + " " + std::to_string(y));
  }
  Plot p;
  p.kind = PlotKind::Guideline;
  p.title = "Guideline checks";
  std::string xt, yt, cmds = "plot ";
  for (std::size_t i = 0; i < xs.size(); ++i)
    xt += (i ? ", " : "") + gp_quote(size_label(xs[i])) + " " + std::to_string(i + 1);
  for (std::size_t i = 0; i < names.size(); ++i)
    yt += (i ? ", " : "") + gp_quote(names[i]) + " " + std::to_string(i + 1);
  const std::map<std::string, std::pair<const char*, const char*>> styles = {
      {"violated", {"#d55e00", "violated"}},
      {"holds", {"#009e73", "holds"}},
      {"other", {"#bbbbbb", "not assessed"}}};
  for (const auto& [cls, rows] : cells) {
    add_data_block(p, cls, rows);
    cmds += "$" + cls + " using 1:2:(0.48):(0.48) with boxxyerror fs solid 0.9 noborder lc rgb " +
            gp_quote(styles.at(cls).first) + " title " + gp_quote(styles.at(cls).second) + ", ";
  }
  cmds.resize(cmds.size() - 2);
  p.commands = "set xrange [0.5:" + gp_number(xs.size() + 0.5) +
               "]\nset yrange [0.5:" + gp_number(names.size() + 0.5) + "]\nset xtics (" + xt +
               ")\nset ytics (" + yt +
               ")\nset xtics rotate by -30 left\nset xlabel 'message size'\nset ylabel ''\n"
               "set key below left Left reverse maxcols 2\n" +
               cmds + "\n";
  p.caption =
      "One row per guideline (A(n) <= B(n)), one column per message size; red: violated "
      "(significant after correction and slower by more than the minimum effect), green: "
      "holds, grey: not assessed (guidelines.csv verdict column).";
  return {p};
}

}  // namespace metron::report
