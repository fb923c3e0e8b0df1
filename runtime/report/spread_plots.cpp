// Box plots across launches (see spread_plots.h).
#include "runtime/report/spread_plots.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "runtime/report/axes.h"
#include "runtime/report/curves.h"
#include "runtime/report/text_format.h"
#include "runtime/results/result_columns.h"
#include "runtime/stats/quantile.h"

namespace metron::report {

namespace {

struct Box {
  double whisker_lo, q1, median, q3, whisker_hi;  // seconds
  std::vector<double> points;                     // per-launch medians (several launches)
};

// Several launches: quartiles (R type 7) of the per-launch medians, whiskers at their min and
// max. One launch: the observation quartiles and the 5th and 95th percentiles from summary.csv.
Box box_of(const ResultsView& v, std::size_t j) {
  const JobStats& s = v.stats[j];
  Box b;
  if (s.launch_medians.size() > 1) {
    static constexpr std::array<double, 5> kProbs = {0, 0.25, 0.5, 0.75, 1};
    auto q = stats::quantiles(s.launch_medians, kProbs);
    b = {q[0], q[1], q[2], q[3], q[4], s.launch_medians};
    return b;
  }
  std::size_t row = v.data.jobs[j].launches.empty() ? 0 : v.data.jobs[j].launches.front().row;
  auto cell = [&](const char* c) { return analysis::cell_double(v.summary.cell(row, c)); };
  b = {cell(col::p5_s), cell(col::p25_s), s.value_s, cell(col::p75_s), cell(col::p95_s), {}};
  return b;
}

const char* spread_caption(bool several_launches) {
  return several_launches
             ? "One box per job: the per-launch medians' quartiles (R type 7; the box spans the "
               "25th to 75th percentile, the black bar is the median), whiskers at the smallest "
               "and largest per-launch median; orange circles: each launch's median, in launch "
               "order from left to right. A tall box or far-apart circles mean that launches "
               "disagree, which one launch could not show."
             : "One launch: one box per job over its observations (after the outlier filter): "
               "the box spans the 25th to 75th percentile, the black bar is the median, "
               "whiskers "
               "at the 5th and 95th percentiles (summary.csv p5_s, p95_s). Launch-to-launch "
               "spread needs several launches (metron run with replicates).";
}

// One plot of a block's boxes: part `part` of `parts`, at most kMaxBoxesPerPlot jobs each; the
// view's label in the title when the report compares two.
Plot spread_plot(const ResultsView& v, const std::string& block,
                 const std::vector<std::size_t>& jobs, std::size_t part, std::size_t parts,
                 bool titled) {
  Plot p;
  p.kind = PlotKind::Spread;
  p.title = "Spread: block '" + block + "'" + (titled ? " (" + v.label + ")" : "");
  if (parts > 1) p.title += " (" + std::to_string(part + 1) + "/" + std::to_string(parts) + ")";
  std::vector<std::string> boxes, points, tics;
  std::vector<double> ys;
  std::size_t longest = 0, last = 0;  // characters of the longest and the last label
  std::size_t end = std::min(jobs.size(), (part + 1) * kMaxBoxesPerPlot);
  for (std::size_t i = part * kMaxBoxesPerPlot, x = 1; i < end; ++i, ++x) {
    Box b = box_of(v, jobs[i]);
    boxes.push_back(std::to_string(x) + " " + gp_number(b.q1 * 1e6) + " " +
                    gp_number(b.whisker_lo * 1e6) + " " + gp_number(b.whisker_hi * 1e6) + " " +
                    gp_number(b.q3 * 1e6) + " " + gp_number(b.median * 1e6));
    for (double y : {b.whisker_lo, b.q1, b.median, b.q3, b.whisker_hi}) ys.push_back(y * 1e6);
    // Launches spread sideways over the box's width, in launch order.
    for (std::size_t k = 0; k < b.points.size(); ++k) {
      double dx = b.points.size() > 1 ? -0.25 + 0.5 * k / (b.points.size() - 1.0) : 0;
      points.push_back(gp_number(x + dx) + " " + gp_number(b.points[k] * 1e6));
    }
    // Whole labels: a cut one ("scatter_recursive_...") hides the level that tells two
    // boxes apart. The margins below and right grow with the longest one instead.
    const std::string label = job_short_label(v.data.jobs[jobs[i]].key);
    longest = std::max(longest, label.size());
    last = label.size();
    tics.push_back(gp_quote(label) + " " + std::to_string(x));
  }
  std::string tic_list;
  for (const auto& t : tics) tic_list += (tic_list.empty() ? "" : ", ") + t;
  add_data_block(p, "b", boxes);
  // Labels slant down to the right at 45 degrees, in a 9-point font (about 5 SVG units
  // across and down per character): room below for the longest, right of the frame for
  // the last one.
  p.height = static_cast<int>(std::min<std::size_t>(420 + 5 * longest, 900));
  std::string cmds = "set xrange [0.3:" + std::to_string(end - part * kMaxBoxesPerPlot) +
                     ".7]\nset xtics (" + tic_list +
                     ")\nset xtics rotate by -45 left font ',9'\nset grid y\n"
                     "set boxwidth 0.6\nset style fill solid 0.25\nunset key\n";
  cmds += "set bmargin at screen " +
          gp_number(std::min(0.6, 0.08 + 5.0 * static_cast<double>(longest) / p.height)) +
          "\nset rmargin " + std::to_string(std::max<std::size_t>(3, last * 6 / 10)) + "\n";
  cmds += value_y_axis("time per call [us]", ys);
  cmds +=
      "plot $b using 1:2:3:4:5 with candlesticks lc rgb '#0072b2' whiskerbars 0.5, "
      "$b using 1:6:6:6:6 with candlesticks lc rgb '#000000' lw 2";
  if (!points.empty()) {
    add_data_block(p, "p", points);
    cmds += ", $p using 1:2 with points pt 6 ps 0.5 lc rgb '#d55e00'";
  }
  p.commands = cmds + "\n";
  p.caption = spread_caption(v.data.launches > 1);
  return p;
}

}  // namespace

std::vector<Plot> spread_plots(const ReportInput& in) {
  std::vector<Plot> out;
  std::vector<const ResultsView*> views;
  if (in.main) views.push_back(&*in.main);
  if (in.other) views.push_back(&*in.other);
  for (const ResultsView* v : views) {
    // Jobs by block, in plan order.
    std::vector<std::string> blocks;
    for (const auto& s : v->data.jobs)
      if (std::find(blocks.begin(), blocks.end(), s.key.block) == blocks.end())
        blocks.push_back(s.key.block);
    for (const auto& block : blocks) {
      std::vector<std::size_t> jobs;
      for (std::size_t j = 0; j < v->data.jobs.size(); ++j)
        if (v->data.jobs[j].key.block == block && !v->data.jobs[j].launches.empty())
          jobs.push_back(j);
      std::size_t parts = (jobs.size() + kMaxBoxesPerPlot - 1) / kMaxBoxesPerPlot;
      for (std::size_t part = 0; part < parts; ++part)
        out.push_back(spread_plot(*v, block, jobs, part, parts, views.size() > 1));
    }
  }
  return out;
}

}  // namespace metron::report
