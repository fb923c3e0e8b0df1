// Ratio plots (see ratio_plots.h).
#include "runtime/report/ratio_plots.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "runtime/report/axes.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

using analysis::cell_double;
using analysis::CsvTable;

// The first of several possible column names that the table has ("" when none).
std::string first_column(const CsvTable& t, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (t.column(n)) return n;
  return "";
}

struct VerdictStyle {
  const char* name;  // legend text
  const char* color;
  int point;
};

// Verdict classes, drawn with their own colour and symbol.
VerdictStyle style_of(const std::string& verdict) {
  if (verdict == "equivalent" || verdict == "reproduced") return {"equivalent", "#009e73", 7};
  if (verdict == "differs within margin" || verdict == "differs_within_margin")
    return {"differs within margin", "#e69f00", 9};
  if (verdict == "differs") return {"differs", "#d55e00", 5};
  if (verdict == "no difference found") return {"no difference found", "#56b4e9", 7};
  return {"inconclusive or untested", "#777777", 6};
}

}  // namespace

std::string row_verdict(const CsvTable& t, std::size_t row) {
  if (t.column("verdict") && !t.cell(row, "verdict").empty()) return t.cell(row, "verdict");
  double p = cell_double(t.cell(row, "p_value"));
  if (std::isnan(p)) return "untested";
  return t.cell(row, "significant") == "1" ? "differs" : "no difference found";
}

namespace {

// The comparison file's columns a ratio plot reads (their names differ between writers).
struct RatioColumns {
  std::string y, lo, hi, margin;
  bool has_verdict = false;
};

// A panel's curves: communicator size and the other factors' levels (and the loop variables
// when the points are categories), with each row's x.
struct RatioCurves {
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> rows;
  std::vector<std::string> categories;  // when the x axis is not the size
  std::map<std::size_t, double> x_of;
};

RatioCurves ratio_curves(const CsvTable& t, const std::vector<std::size_t>& rows, bool by_size,
                         double zero_x) {
  RatioCurves out;
  for (auto r : rows) {
    std::string c = t.cell(r, "comm_size") + " ranks";
    if (!t.cell(r, "factors").empty()) c += ", " + t.cell(r, "factors");
    if (!by_size) {
      std::string cat = size_label(cell_double(t.cell(r, "bytes")));
      if (!t.cell(r, "vars").empty()) cat += ", " + t.cell(r, "vars");
      auto it = std::find(out.categories.begin(), out.categories.end(), cat);
      if (it == out.categories.end()) it = out.categories.insert(out.categories.end(), cat);
      out.x_of[r] = static_cast<double>(it - out.categories.begin() + 1);
    } else {
      const double b = cell_double(t.cell(r, "bytes"));
      out.x_of[r] = b > 0 ? b : zero_x;
    }
    if (!out.rows.count(c)) out.order.push_back(c);
    out.rows[c].push_back(r);
  }
  return out;
}

// The data blocks and plot commands of the curves and of the verdict symbols; collects the y
// values the axis must show and the file's margin.
std::string ratio_commands(Plot& p, const CsvTable& t, RatioCurves& curves,
                           const RatioColumns& cols, const std::string& what, bool by_size,
                           std::vector<double>& ys, double& margin) {
  std::string cmds = "plot ";
  std::map<std::string, std::vector<std::string>> by_verdict;
  for (std::size_t ci = 0; ci < curves.order.size(); ++ci) {
    auto cr = curves.rows[curves.order[ci]];
    std::stable_sort(cr.begin(), cr.end(),
                     [&](std::size_t a, std::size_t b) { return curves.x_of[a] < curves.x_of[b]; });
    std::vector<std::string> line;
    for (auto r : cr) {
      double ratio = cell_double(t.cell(r, cols.y));
      if (!std::isfinite(ratio)) ratio = cell_double(t.cell(r, "ratio"));
      const double lo = cols.lo.empty() ? NAN : cell_double(t.cell(r, cols.lo));
      const double hi = cols.hi.empty() ? NAN : cell_double(t.cell(r, cols.hi));
      if (!cols.margin.empty() && std::isnan(margin)) margin = cell_double(t.cell(r, cols.margin));
      const double x = curves.x_of[r];
      for (double y : {ratio, lo, hi})
        if (std::isfinite(y) && y > 0) ys.push_back(y);
      line.push_back(gp_number(x) + " " + gp_number(ratio) + " " +
                     gp_number(std::isfinite(lo) ? lo : ratio) + " " +
                     gp_number(std::isfinite(hi) ? hi : ratio));
      by_verdict[style_of(row_verdict(t, r)).name].push_back(gp_number(x) + " " + gp_number(ratio));
    }
    std::string n = std::to_string(ci);
    add_data_block(p, "r" + n, line);
    std::string color = gp_quote(curve_color(ci));
    if (!cols.lo.empty())
      cmds += "$r" + n + " using 1:2:3:4 with yerrorbars pt -1 lc rgb " + color + " notitle, ";
    // One curve: the legend says what the line is; several: what tells them apart.
    const std::string title = curves.order.size() == 1
                                  ? "ratio " + what + (cols.lo.empty() ? "" : ", bars: its CI")
                                  : curves.order[ci];
    cmds += "$r" + n + " using 1:2 with " + (by_size ? "lines" : "points pt -1") + " lc rgb " +
            color + " title " + gp_quote(title) + ", ";
  }
  int vi = 0;
  for (const auto& [name, pts] : by_verdict) {
    VerdictStyle s = style_of(name);
    std::string n = "v" + std::to_string(vi++);
    add_data_block(p, n, pts);
    cmds += "$" + n + " using 1:2 with points pt " + std::to_string(s.point) + " ps 1.1 lc rgb " +
            gp_quote(s.color) + " title " + gp_quote("verdict: " + name) + ", ";
  }
  cmds.resize(cmds.size() - 2);
  return cmds;
}

// The x axis (sizes, or categories), the margin band and the log2 ratio axis around 1.
std::string ratio_axes(const std::set<double>& bytes, double zero_x, bool by_size,
                       const std::vector<std::string>& categories, double margin,
                       std::vector<double> ys, const std::string& what) {
  std::string axes;
  if (by_size) {
    const double xlo = zero_x > 0 ? *std::next(bytes.begin()) : *bytes.begin();
    axes = bytes_x_axis(xlo, *bytes.rbegin(), zero_x);
  } else {
    std::string tics;
    for (std::size_t i = 0; i < categories.size(); ++i)
      tics += (i ? ", " : "") + gp_quote(categories[i]) + " " + std::to_string(i + 1);
    axes = "set xrange [0.5:" + gp_number(categories.size() + 0.5) + "]\nset xtics (" + tics +
           ")\nset xtics rotate by -30 left\nset xlabel ''\n";
  }
  if (std::isfinite(margin) && margin > 0 && margin < 1) {
    ys.push_back(1 - margin);
    ys.push_back(1 + margin);
    // The margin band behind everything: ratio in [1 - m, 1 + m].
    axes += "set object 1 rectangle from graph 0, first " + gp_number(1 - margin) +
            " to graph 1, first " + gp_number(1 + margin) +
            " behind fc rgb '#009e73' fs transparent solid 0.12 noborder\n";
  }
  const double ylo = *std::min_element(ys.begin(), ys.end());
  const double yhi = *std::max_element(ys.begin(), ys.end());
  axes += "set logscale y 2\nset yrange [" + gp_number(ylo / 1.15) + ":" + gp_number(yhi * 1.15) +
          "]\nset ylabel " + gp_quote("ratio " + what + ", log scale") + "\n";
  axes += "set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb '#333333' dt 2\n";
  return axes;
}

std::string ratio_caption(const RatioColumns& cols, const std::string& what, double margin) {
  std::string c =
      "Ratio " + what +
      (cols.y == "ratio_hl" ? " as the Hodges-Lehmann estimate on the per-launch medians (ratio_hl)"
                            : " of the medians of the per-launch medians") +
      ", on a log scale (a ratio r and 1/r are equally far from 1; dashed line: 1, "
      "no difference). ";
  c += cols.lo.empty()
           ? "No confidence interval of the ratio is recorded in this file. "
           : "Error bars: the ratio's confidence interval (" + cols.lo + ", " + cols.hi + "). ";
  c += std::isfinite(margin)
           ? "Green band: the equivalence margin, ratio within 1 -+ " + gp_number(margin) + ". "
           : "No equivalence margin is recorded in this file. ";
  c += cols.has_verdict ? "Symbols: the verdict of each point (verdict column)."
                        : "Symbols: the Wilcoxon rank-sum test's outcome at the file's alpha "
                          "(significant column): 'differs' when significant, else 'no "
                          "difference found', which is not evidence of equivalence.";
  return c;
}

// One panel: a block, an operation and a pair of levels.
Plot ratio_panel(const CsvTable& t, const std::vector<std::size_t>& rows, const RatioColumns& cols,
                 const std::string& what) {
  const std::size_t r0 = rows.front();
  std::set<double> bytes;
  for (auto r : rows) bytes.insert(cell_double(t.cell(r, "bytes")));
  const bool by_size = bytes.size() > 1 && !std::isnan(*bytes.begin());
  // 0 B at a tick of its own, left of the smallest size (axes.h).
  const double zero_x = by_size && *bytes.begin() == 0 ? zero_size_x(*std::next(bytes.begin())) : 0;
  Plot p;
  p.kind = PlotKind::Ratio;
  p.title = "Ratio " + what + ": block '" + t.cell(r0, "block") + "': " + t.cell(r0, "op");
  if (!t.cell(r0, "level_a").empty())
    p.title += " (" + t.cell(r0, "level_b") + " / " + t.cell(r0, "level_a") + ")";
  RatioCurves curves = ratio_curves(t, rows, by_size, zero_x);
  std::vector<double> ys = {1.0};
  double margin = NAN;
  const std::string cmds = ratio_commands(p, t, curves, cols, what, by_size, ys, margin);
  p.commands = ratio_axes(bytes, zero_x, by_size, curves.categories, margin, ys, what) +
               "set key below left Left reverse maxcols 2\nset grid\n" + cmds + "\n";
  p.caption = ratio_caption(cols, what, margin);
  return p;
}

}  // namespace

std::vector<Plot> ratio_plots(const CsvTable& t, const std::string& what) {
  std::vector<Plot> out;
  if (!t.column("ratio") || !t.column("block") || !t.column("op")) return out;
  RatioColumns cols;
  // The point: the Hodges-Lehmann ratio when the file has it (its CI is about that estimate),
  // else the ratio of the medians of the per-launch medians.
  cols.y = first_column(t, {"ratio_hl", "ratio"});
  cols.lo = first_column(t, {"ratio_ci_lo", "ratio_lo", "effect_ci_lo"});
  cols.hi = first_column(t, {"ratio_ci_hi", "ratio_hi", "effect_ci_hi"});
  if (cols.lo.empty() || cols.hi.empty()) cols.lo = cols.hi = "";
  cols.margin = first_column(t, {"margin", "equivalence_margin"});
  cols.has_verdict = t.column("verdict").has_value();
  // Panels: block, op and the pair of levels, in order of appearance.
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> panels;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    std::string key = t.cell(r, "block") + '\x1f' + t.cell(r, "op") + '\x1f' +
                      t.cell(r, "level_a") + '\x1f' + t.cell(r, "level_b");
    if (!panels.count(key)) order.push_back(key);
    panels[key].push_back(r);
  }
  for (const auto& key : order) out.push_back(ratio_panel(t, panels[key], cols, what));
  return out;
}

}  // namespace metron::report
