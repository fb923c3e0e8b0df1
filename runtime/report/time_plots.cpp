// Time and rate against size (see time_plots.h).
#include "runtime/report/time_plots.h"

#include <cmath>
#include <functional>

#include "runtime/report/axes.h"
#include "runtime/report/curves.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

// How a job's time statistic becomes the plotted value: time in us, or a rate in MB/s (the bytes
// one time moves, JobStats::rate_bytes, over the time). A rate is a decreasing function of the
// time, so the CI bounds swap.
struct Measure {
  std::string y_label;
  bool rate = false;
  double operator()(double t_s, double rate_bytes) const {
    if (!rate) return t_s * 1e6;
    return t_s > 0 ? rate_bytes / t_s / 1e6 : NAN;
  }
};

std::vector<const ResultsView*> views_of(const ReportInput& in) {
  std::vector<const ResultsView*> v;
  if (in.main) v.push_back(&*in.main);
  if (in.other) v.push_back(&*in.other);
  return v;
}

std::string x_axis(const Panel& p, const std::vector<double>& xs) {
  double lo = INFINITY, hi = -INFINITY;
  for (double x : xs) {
    if (p.x_kind == XKind::Bytes && p.zero_x > 0 && x <= p.zero_x) continue;  // the 0 B tick
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  bool zero = false;
  for (double x : xs) zero = zero || (p.zero_x > 0 && x == p.zero_x);
  if (p.x_kind == XKind::Bytes) return bytes_x_axis(lo, hi, zero ? p.zero_x : 0);
  if (p.x_kind == XKind::Variable) return numeric_x_axis(p.x_var, lo, hi);
  std::string tics;
  for (std::size_t i = 0; i < p.categories.size(); ++i)
    tics += (i ? ", " : "") + gp_quote(p.categories[i]) + " " + std::to_string(i + 1);
  return "set xrange [0.5:" + gp_number(p.categories.size() + 0.5) + "]\nset xtics (" + tics +
         ")\nset xtics rotate by -30 left\nset xlabel ''\n";
}

// Curves of one panel are drawn a little apart so that their error bars do not overlap: on a
// category axis by a fixed step, on a log2 size axis by a fraction of an octave.
double shifted(const Panel& p, std::size_t curve, double x) {
  const double k = static_cast<double>(curve) - (static_cast<double>(p.curves.size()) - 1) / 2.0;
  if (p.x_kind == XKind::Category) return x + k * 0.08;
  if (p.x_kind == XKind::Bytes) return x * std::exp2(k * 0.06);
  return x;
}

std::string caption_for(const ReportInput& in, bool rate, const Panel& p) {
  std::string c;
  bool several = false, single = false;
  for (const auto* v : views_of(in))
    for (const auto& s : v->stats) (s.ci_from_observations ? single : several) = true;
  if (several)
    c += "Line: the Hodges-Lehmann location of the per-launch medians (Metron's reported value); "
         "error bars: its signed-rank confidence interval across the launches (drawn where there "
         "are at least 5 launches); circles: each launch's median. ";
  if (single)
    c += std::string(several ? "Jobs measured in one launch only: " : "One launch: ") +
         "line: the median of the observations left after the outlier filter; error bars: its "
         "95% nonparametric confidence interval; launch-to-launch variation is not shown (use "
         "metron run with replicates). ";
  c += "Error bars are drawn at the measured sizes only (a bar shorter than the point is hidden "
       "behind it); the lines between points only connect them. ";
  if (p.curves.size() > 1 && p.x_kind != XKind::Variable)
    c += "Curves are drawn slightly apart along x so that their bars do not overlap. ";
  if (rate)
    c += "Rate in MB/s (10^6 B/s): the bytes one reported time moves (summary.csv mb_per_s, as "
         "OSU and IMB count them: a ping-pong's message there and back per round trip, a "
         "bandwidth window's messages) over the time; computed from the time statistics, so the "
         "CI bounds swap. ";
  if (p.zero_x > 0)
    c += "0 B sits at a tick of its own, one step left of the smallest size: a log axis has no "
         "0. ";
  if (p.x_kind == XKind::Category)
    c += "The jobs of this panel have no numeric size or loop variable that varies, so they are "
         "shown as categories, without lines between them. ";
  return c;
}

// One curve's data blocks and plot commands: the line with points, the error bars, the launch
// circles. `xs` and `ys` collect what the axes must show. False when no point has a value.
bool add_curve(Plot& plot, const Panel& p, std::size_t ci,
               const std::vector<const ResultsView*>& views, const Measure& m,
               const std::function<bool(const ResultsView&, std::size_t)>& keep, std::string& cmds,
               std::vector<double>& xs, std::vector<double>& ys) {
  const Curve& c = p.curves[ci];
  std::vector<std::string> line, bars, launches;
  for (const auto& pt : c.points) {
    const ResultsView& v = *views[pt.view];
    if (!keep(v, pt.job)) continue;
    const JobStats& s = v.stats[pt.job];
    const double y = m(s.value_s, s.rate_bytes);
    if (!std::isfinite(y)) continue;  // a job without a value (every launch failed)
    const double lo = m(m.rate ? s.ci_hi_s : s.ci_lo_s, s.rate_bytes);
    const double hi = m(m.rate ? s.ci_lo_s : s.ci_hi_s, s.rate_bytes);
    const double x = shifted(p, ci, pt.x);
    line.push_back(gp_number(x) + " " + gp_number(y));
    if (std::isfinite(lo) && std::isfinite(hi))
      bars.push_back(gp_number(x) + " " + gp_number(y) + " " + gp_number(lo) + " " + gp_number(hi));
    xs.push_back(pt.x);
    for (double v : {y, lo, hi}) ys.push_back(v);
    if (s.launch_medians.size() > 1)
      for (double t : s.launch_medians) {
        launches.push_back(gp_number(x) + " " + gp_number(m(t, s.rate_bytes)));
        ys.push_back(m(t, s.rate_bytes));
      }
  }
  if (line.empty()) return false;
  const std::string n = std::to_string(ci);
  const std::string color = gp_quote(curve_color(ci));
  add_data_block(plot, "c" + n, line);
  if (!bars.empty()) {
    add_data_block(plot, "e" + n, bars);
    cmds += "$e" + n + " using 1:2:3:4 with yerrorbars pt -1 lw 1.2 lc rgb " + color + " notitle, ";
  }
  if (!launches.empty()) {
    add_data_block(plot, "l" + n, launches);
    cmds += "$l" + n + " using 1:2 with points pt 6 ps 0.5 lc rgb " + color + " notitle, ";
  }
  cmds += "$c" + n + " using 1:2 with " +
          std::string(p.x_kind == XKind::Category ? "points" : "linespoints") +
          " pt 7 ps 0.6 lw 1.5 lc rgb " + color + " title " +
          gp_quote(c.label.empty() ? "median" : c.label) + ", ";
  return true;
}

std::vector<Plot> build(const ReportInput& in, const Measure& m, PlotKind kind,
                        const std::function<bool(const ResultsView&, std::size_t)>& keep) {
  auto views = views_of(in);
  std::vector<const analysis::ResultsData*> data;
  std::vector<std::string> labels;
  for (const auto* v : views) {
    data.push_back(&v->data);
    labels.push_back(v->label);
  }
  std::vector<Plot> out;
  for (const Panel& p : make_panels(data, labels)) {
    Plot plot;
    plot.kind = kind;
    plot.title = (m.rate ? "Rate: " : "Time: ") + panel_title(p);
    std::vector<double> xs, ys;
    std::string cmds = "plot ";
    int drawn = 0;
    for (std::size_t ci = 0; ci < p.curves.size(); ++ci)
      drawn += add_curve(plot, p, ci, views, m, keep, cmds, xs, ys) ? 1 : 0;
    if (drawn == 0) continue;
    cmds.resize(cmds.size() - 2);
    plot.commands = x_axis(p, xs) + value_y_axis(m.y_label, ys) +
                    "set key below left Left reverse maxcols 2\n"
                    "set grid\n" +
                    cmds + "\n";
    plot.caption = caption_for(in, m.rate, p);
    out.push_back(std::move(plot));
  }
  return out;
}

}  // namespace

std::vector<Plot> time_plots(const ReportInput& in) {
  Measure m{"time per call [us]", false};
  return build(in, m, PlotKind::Time, [](const ResultsView&, std::size_t) { return true; });
}

std::vector<Plot> rate_plots(const ReportInput& in) {
  Measure m{"rate [MB/s]", true};
  auto keep = [](const ResultsView& v, std::size_t j) { return v.stats[j].rate_bytes > 0; };
  return build(in, m, PlotKind::Rate, keep);
}

}  // namespace metron::report
