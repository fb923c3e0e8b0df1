// Time and rate against size (see time_plots.h).
#include "runtime/report/time_plots.h"

#include <cmath>
#include <functional>

#include "runtime/report/axes.h"
#include "runtime/report/curves.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

// How a job's time statistic becomes the plotted value: time in us, or a rate in MB/s. A rate
// is a decreasing function of the time, so the CI bounds swap.
struct Measure {
  std::string y_label;
  bool rate = false;
  double operator()(double t_s, std::int64_t bytes) const {
    if (!rate) return t_s * 1e6;
    return t_s > 0 ? static_cast<double>(bytes) / (t_s / 2) / 1e6 : NAN;
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
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  if (p.x_kind == XKind::Bytes) return bytes_x_axis(lo, hi);
  if (p.x_kind == XKind::Variable) return numeric_x_axis(p.x_var, lo, hi);
  std::string tics;
  for (std::size_t i = 0; i < p.categories.size(); ++i)
    tics += (i ? ", " : "") + gp_quote(p.categories[i]) + " " + std::to_string(i + 1);
  return "set xrange [0.5:" + gp_number(p.categories.size() + 0.5) + "]\nset xtics (" + tics +
         ")\nset xtics rotate by -30 left\nset xlabel ''\n";
}

std::string caption_for(const ReportInput& in, bool rate, XKind kind) {
  std::string c;
  bool several = false, single = false;
  for (const auto* v : views_of(in))
    for (const auto& s : v->stats) (s.ci_from_observations ? single : several) = true;
  if (several)
    c += "Line: the median of the per-launch medians (Metron's reported value); band: its 95% "
         "confidence interval from order statistics of the per-launch medians (drawn where "
         "there are at least 6 launches); circles: each launch's median. ";
  if (single)
    c += std::string(several ? "Jobs measured in one launch only: " : "One launch: ") +
         "line: the median of the observations left after the outlier filter; band: its 95% "
         "nonparametric confidence interval; launch-to-launch variation is not shown (use metron "
         "run with replicates). ";
  c += "A band narrower than the line is hidden behind it. ";
  if (rate)
    c += "Rate = bytes / (round-trip time / 2) in MB/s (10^6 B/s), computed from the time "
         "statistics (a decreasing function, so the CI bounds swap). ";
  if (kind == XKind::Category)
    c += "The jobs of this panel have no numeric size or loop variable that varies, so they are "
         "shown as categories, without lines between them. ";
  return c;
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
    for (std::size_t ci = 0; ci < p.curves.size(); ++ci) {
      const Curve& c = p.curves[ci];
      std::vector<std::string> line, launches;
      bool band = false;
      // Curves of a category panel are shifted a little so that their points do not overlap.
      double shift = p.x_kind == XKind::Category
                         ? (static_cast<double>(ci) - (p.curves.size() - 1) / 2.0) * 0.08
                         : 0;
      for (const auto& pt : c.points) {
        const ResultsView& v = *views[pt.view];
        if (!keep(v, pt.job)) continue;
        const JobStats& s = v.stats[pt.job];
        std::int64_t bytes = v.data.jobs[pt.job].key.bytes;
        double y = m(s.median_s, bytes);
        if (!std::isfinite(y)) continue;  // a job without a value (every launch failed)
        double lo = m(m.rate ? s.ci_hi_s : s.ci_lo_s, bytes);
        double hi = m(m.rate ? s.ci_lo_s : s.ci_hi_s, bytes);
        if (std::isfinite(lo) && std::isfinite(hi)) band = true;
        double x = pt.x + shift;
        line.push_back(gp_number(x) + " " + gp_number(y) + " " + gp_number(lo) + " " +
                       gp_number(hi));
        xs.push_back(pt.x);
        ys.push_back(y);
        ys.push_back(lo);
        ys.push_back(hi);
        if (s.launch_medians.size() > 1)
          for (double t : s.launch_medians) {
            launches.push_back(gp_number(x) + " " + gp_number(m(t, bytes)));
            ys.push_back(m(t, bytes));
          }
      }
      if (line.empty()) continue;
      std::string n = std::to_string(ci);
      add_data_block(plot, "c" + n, line);
      std::string color = gp_quote(curve_color(ci));
      std::string title = c.label.empty() ? "median" : c.label;
      if (band)
        cmds += "$c" + n + " using 1:3:4 with filledcurves fc rgb " + color +
                " fs transparent solid 0.2 noborder notitle, ";
      if (!launches.empty()) {
        add_data_block(plot, "l" + n, launches);
        cmds += "$l" + n + " using 1:2 with points pt 6 ps 0.5 lc rgb " + color + " notitle, ";
      }
      cmds += "$c" + n + " using 1:2 with " +
              std::string(p.x_kind == XKind::Category ? "points" : "linespoints") +
              " pt 7 ps 0.6 lw 1.5 lc rgb " + color + " title " + gp_quote(title) + ", ";
      ++drawn;
    }
    if (drawn == 0) continue;
    cmds.resize(cmds.size() - 2);
    plot.commands = x_axis(p, xs) + value_y_axis(m.y_label, ys) +
                    "set key below left Left reverse maxcols 2\n"
                    "set grid\n" +
                    cmds + "\n";
    plot.caption = caption_for(in, m.rate, p.x_kind);
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
  auto keep = [](const ResultsView& v, std::size_t j) {
    return v.stats[j].round_trip && v.data.jobs[j].key.bytes > 0;
  };
  return build(in, m, PlotKind::Rate, keep);
}

}  // namespace metron::report
