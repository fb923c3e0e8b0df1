// Observation series (see series_plots.h).
#include "runtime/report/series_plots.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "runtime/report/axes.h"
#include "runtime/report/curves.h"
#include "runtime/report/text_format.h"
#include "runtime/results/result_columns.h"
#include "runtime/stats/quantile.h"

namespace metron::report {

namespace {

struct Obs {
  double rep, time_s;
  bool valid;
};

// Which jobs to show: the widest launch-to-launch spread first (max/min - 1 of the per-launch
// medians); with one launch, the widest observation spread ((p95 - p5) / median).
std::vector<std::size_t> pick_jobs(const ResultsView& v) {
  std::vector<std::pair<double, std::size_t>> score;
  for (std::size_t j = 0; j < v.data.jobs.size(); ++j) {
    if (v.data.jobs[j].launches.empty()) continue;
    const JobStats& s = v.stats[j];
    double w = s.rel_spread;
    if (std::isnan(w)) {
      std::size_t row = v.data.jobs[j].launches.front().row;
      double p5 = analysis::cell_double(v.summary.cell(row, col::p5_s));
      double p95 = analysis::cell_double(v.summary.cell(row, col::p95_s));
      w = s.value_s > 0 ? (p95 - p5) / s.value_s : NAN;
    }
    score.emplace_back(std::isnan(w) ? -1 : w, j);
  }
  std::stable_sort(score.begin(), score.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::size_t> jobs;
  for (std::size_t i = 0; i < score.size() && i < kMaxSeriesJobs; ++i)
    jobs.push_back(score[i].second);
  std::sort(jobs.begin(), jobs.end());
  return jobs;
}

// A column of summary.csv that records a truncation point (a warm-up truncation rule), if any.
std::string truncation_column(const analysis::CsvTable& t) {
  for (const char* c : {"truncated_n", "truncation", "truncated", "mser_truncation"})
    if (t.column(c)) return c;
  return "";
}

// The observations of the shown jobs, per launch (at most kMaxSeriesLaunches each), from
// raw.csv; nullopt with a note when it cannot be read.
struct SeriesData {
  std::vector<std::vector<std::vector<Obs>>> obs;     // [shown job][launch slot]
  std::vector<std::vector<std::int64_t>> launch_ids;  // [shown job][launch slot]
};

std::optional<SeriesData> read_series(const std::string& raw, const ResultsView& v,
                                      const std::vector<std::size_t>& jobs,
                                      std::vector<std::string>& notes) {
  analysis::CsvReader r;
  if (!r.open(raw)) {
    notes.push_back("no observation series: '" + raw + "' cannot be read");
    return std::nullopt;
  }
  auto c_launch = r.column(col::launch), c_job = r.column(col::job), c_rep = r.column(col::rep);
  auto c_time = r.column(col::time_s), c_valid = r.column(col::valid);
  if (!c_job || !c_rep || !c_time) {
    notes.push_back("no observation series: raw.csv has no job, rep or time_s column");
    return std::nullopt;
  }
  SeriesData d;
  d.launch_ids.resize(jobs.size());
  // (launch, job id in that launch) -> (shown job, launch slot)
  std::map<std::pair<std::int64_t, std::int64_t>, std::pair<std::size_t, std::size_t>> where;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    auto launches = v.data.jobs[jobs[i]].launches;
    std::sort(launches.begin(), launches.end(),
              [](const auto& a, const auto& b) { return a.launch < b.launch; });
    for (std::size_t k = 0; k < launches.size() && k < kMaxSeriesLaunches; ++k) {
      double id = analysis::cell_double(v.summary.cell(launches[k].row, col::job));
      if (std::isnan(id)) continue;
      where[{launches[k].launch, static_cast<std::int64_t>(id)}] = {i, d.launch_ids[i].size()};
      d.launch_ids[i].push_back(launches[k].launch);
    }
  }
  d.obs.resize(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) d.obs[i].resize(d.launch_ids[i].size());
  std::vector<std::string> f;
  while (r.next(f)) {
    auto get = [&](std::optional<std::size_t> c) {
      return c && *c < f.size() ? analysis::cell_double(f[*c]) : NAN;
    };
    double launch = c_launch ? get(c_launch) : 0;
    double job = get(c_job);
    if (std::isnan(launch) || std::isnan(job)) continue;
    auto it = where.find({static_cast<std::int64_t>(launch), static_cast<std::int64_t>(job)});
    if (it == where.end()) continue;
    bool valid = !c_valid || *c_valid >= f.size() || f[*c_valid] != "0";
    d.obs[it->second.first][it->second.second].push_back({get(c_rep), get(c_time), valid});
  }
  if (!r.error().empty()) {  // load_view read the same file whole first: not reached in practice
    notes.push_back("no observation series: " + r.error());
    return std::nullopt;
  }
  return d;
}

// One launch's points: every observation (valid in `ok`, invalid in `bad`), or above
// kMaxPointsPerLaunch the medians of consecutive bins of equal size, which keep the trend.
// True when binned.
bool launch_points(std::vector<Obs>& o, std::vector<std::string>& ok, std::vector<std::string>& bad,
                   std::vector<double>& ys) {
  std::sort(o.begin(), o.end(), [](const Obs& a, const Obs& b) { return a.rep < b.rep; });
  if (o.size() <= kMaxPointsPerLaunch) {
    for (const auto& q : o) {
      (q.valid ? ok : bad).push_back(gp_number(q.rep) + " " + gp_number(q.time_s * 1e6));
      ys.push_back(q.time_s * 1e6);
    }
    return false;
  }
  std::size_t bin = (o.size() + kMaxPointsPerLaunch - 1) / kMaxPointsPerLaunch;
  for (std::size_t b = 0; b < o.size(); b += bin) {
    std::vector<double> t;
    for (std::size_t q = b; q < std::min(o.size(), b + bin); ++q)
      if (o[q].valid) t.push_back(o[q].time_s * 1e6);
    if (t.empty()) continue;
    double m = stats::quantile(t, 0.5);
    double x = (o[b].rep + o[std::min(o.size(), b + bin) - 1].rep) / 2;
    ok.push_back(gp_number(x) + " " + gp_number(m));
    ys.push_back(m);
  }
  return true;
}

// The series plot of one job (nullopt when it has no observation to show).
std::optional<Plot> series_plot(const ResultsView& v, const analysis::JobSeries& s,
                                std::vector<std::vector<Obs>>& obs,
                                const std::vector<std::int64_t>& launch_ids,
                                const std::string& trunc) {
  Plot p;
  p.kind = PlotKind::Series;
  p.title = "Series: block '" + s.key.block + "': " + s.key.label();
  std::string cmds = "plot ";
  std::vector<double> ys;
  bool binned = false, invalid = false;
  std::size_t most = 0;
  for (std::size_t k = 0; k < obs.size(); ++k) {
    if (obs[k].empty()) continue;
    most = std::max(most, obs[k].size());
    std::vector<std::string> ok, bad;
    binned = launch_points(obs[k], ok, bad, ys) || binned;
    std::string n = std::to_string(k);
    std::string color = gp_quote(curve_color(k));
    std::string title = gp_quote("launch " + std::to_string(launch_ids[k]));
    if (!ok.empty()) {
      add_data_block(p, "s" + n, ok);
      cmds += "$s" + n + " using 1:2 with " + (binned ? "lines lw 1.2" : "points pt 7 ps 0.35") +
              " lc rgb " + color + " title " + title + ", ";
    }
    if (!bad.empty()) {
      invalid = true;
      add_data_block(p, "x" + n, bad);
      cmds += "$x" + n + " using 1:2 with points pt 2 ps 0.6 lc rgb '#cc0000' notitle, ";
    }
  }
  if (ys.empty()) return std::nullopt;
  cmds.resize(cmds.size() - 2);
  std::string marks;
  std::size_t row = s.launches.front().row;
  if (!trunc.empty()) {
    double t = analysis::cell_double(v.summary.cell(row, trunc));
    if (t > 0)
      marks += "set arrow from " + gp_number(t) + ", graph 0 to " + gp_number(t) +
               ", graph 1 nohead dt 2 lc rgb '#555555'\n";
  }
  p.commands = numeric_x_axis("observation (rep)", 0, static_cast<double>(most)) +
               value_y_axis("time [us]", ys) + marks +
               "set key below left Left reverse maxcols 5\nset grid\n" + cmds + "\n";
  std::string warmup = v.summary.cell(row, col::warmup);
  p.caption = "Each observation's time in the order measured, one colour per launch (" +
              std::to_string(obs.size()) + " of " + std::to_string(s.launches.size()) +
              " launches shown, at most " + std::to_string(kMaxSeriesLaunches) +
              "). A slope or steps show a trend or a change of state; high values at the start "
              "show a warm-up the untimed warm-up calls (" +
              (warmup.empty() ? std::string("none recorded") : warmup + " in the first launch") +
              ") did not absorb.";
  if (invalid) p.caption += " Red crosses: observations invalidated by process synchronization.";
  if (binned)
    p.caption += " Series longer than " + std::to_string(kMaxPointsPerLaunch) +
                 " observations are summarized: each point is the median of " +
                 "consecutive observations in equal bins (raw.csv has them all).";
  if (!trunc.empty()) p.caption += " Dashed line: the truncation point (" + trunc + ").";
  return p;
}

}  // namespace

std::vector<Plot> series_plots(const ReportInput& in, std::vector<std::string>& notes) {
  std::vector<Plot> out;
  if (!in.main) return out;
  const ResultsView& v = *in.main;
  const std::vector<std::size_t> jobs = pick_jobs(v);
  auto d =
      read_series((std::filesystem::path(in.request.dir) / "raw.csv").string(), v, jobs, notes);
  if (!d) return out;
  const std::string trunc = truncation_column(v.summary);
  for (std::size_t i = 0; i < jobs.size(); ++i)
    if (auto p = series_plot(v, v.data.jobs[jobs[i]], d->obs[i], d->launch_ids[i], trunc))
      out.push_back(std::move(*p));
  if (v.data.jobs.size() > jobs.size())
    notes.push_back("observation series: " + std::to_string(jobs.size()) + " of " +
                    std::to_string(v.data.jobs.size()) +
                    " jobs are shown, those whose launches (or observations) spread the most");
  return out;
}

}  // namespace metron::report
