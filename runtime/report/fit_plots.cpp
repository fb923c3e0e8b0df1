// Model fits over their points (see fit_plots.h).
#include "runtime/report/fit_plots.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include <fmt/format.h>

#include "runtime/report/axes.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

using analysis::cell_double;

// The fitted line of one segment, sampled on a log grid so that it is straight on neither axis
// but follows alpha + beta m exactly at the sizes the plot shows.
std::vector<std::string> segment_line(double from, double to, double alpha, double beta) {
  std::vector<std::string> rows;
  const int steps = 32;
  const double lo = std::log(std::max(from, 1.0)), hi = std::log(std::max(to, 1.0));
  for (int i = 0; i <= steps; ++i) {
    const double m = std::exp(lo + (hi - lo) * i / steps);
    rows.push_back(gp_number(m) + " " + gp_number((alpha + beta * m) * 1e6));
  }
  return rows;
}

std::string segment_label(const analysis::CsvTable& f, std::size_t r) {
  const double alpha = cell_double(f.cell(r, "alpha_s"));
  const double beta = cell_double(f.cell(r, "beta_s_per_byte"));
  return fmt::format("{:.4g} us + {:.4g} ns/B x m ({} to {})", alpha * 1e6, beta * 1e9,
                     size_label(cell_double(f.cell(r, "from_bytes"))),
                     size_label(cell_double(f.cell(r, "to_bytes"))));
}

}  // namespace

std::vector<Plot> fit_plots(const analysis::CsvTable& fits, const analysis::CsvTable& points) {
  std::map<std::string, std::vector<std::string>> pts;
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> xy;
  for (std::size_t r = 0; r < points.rows.size(); ++r) {
    const std::string fam = points.cell(r, "family");
    const double m = cell_double(points.cell(r, "bytes"));
    const double t = cell_double(points.cell(r, "time_s")) * 1e6;
    if (!(m > 0) || !(t > 0)) continue;  // 0 B has no place on a log axis
    pts[fam].push_back(gp_number(m) + " " + gp_number(t));
    xy[fam].first.push_back(m);
    xy[fam].second.push_back(t);
  }
  std::vector<Plot> out;
  std::map<std::string, std::size_t> index;
  for (std::size_t r = 0; r < fits.rows.size(); ++r) {
    const std::string fam = fits.cell(r, "family");
    if (pts.find(fam) == pts.end()) continue;
    if (index.find(fam) == index.end()) {
      index[fam] = out.size();
      Plot p;
      p.kind = PlotKind::Fit;
      p.title = "Model fit: " + fam;
      add_data_block(p, "pts", pts[fam]);
      p.commands =
          "plot $pts using 1:2 with points pt 6 lc rgb '#000000' title 'per-launch medians'";
      out.push_back(std::move(p));
    }
    Plot& p = out[index[fam]];
    const double seg = cell_double(fits.cell(r, "segment"));
    const std::string n = "s" + std::to_string(r);
    add_data_block(
        p, n,
        segment_line(cell_double(fits.cell(r, "from_bytes")), cell_double(fits.cell(r, "to_bytes")),
                     cell_double(fits.cell(r, "alpha_s")),
                     cell_double(fits.cell(r, "beta_s_per_byte"))));
    p.commands += ", $" + n + " using 1:2 with lines lw 2 lc rgb " +
                  gp_quote(curve_color(seg > 0 ? static_cast<std::size_t>(seg) : 0)) + " title " +
                  gp_quote(segment_label(fits, r));
  }
  for (auto& [fam, i] : index) {
    Plot& p = out[i];
    const auto& [xs, ys] = xy[fam];
    const double lo = *std::min_element(xs.begin(), xs.end());
    const double hi = *std::max_element(xs.begin(), xs.end());
    p.commands = bytes_x_axis(std::max(lo, 1.0), std::max(hi, 2.0)) +
                 value_y_axis("time [us]", ys, 10) +
                 "set key below left Left reverse maxcols 1\nset grid\n" + p.commands + "\n";
    p.caption =
        "Hockney's model T = alpha + beta m fitted by weighted least squares (weights 1/T^2) to "
        "the per-launch medians (circles), one line per segment; two segments where BIC prefers "
        "a breakpoint (a protocol change). Parameters with their bootstrap CIs are in fits.csv "
        "and the analyze table (docs/statistics.md, Model fits).";
  }
  return out;
}

}  // namespace metron::report
