// Trends of the selected series (see trend.h).
#include "runtime/history/trend.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <tuple>

#include "runtime/history/run_changes.h"

namespace metron::history {

namespace {

std::vector<std::vector<double>> values_of(const std::vector<RunValues>& runs) {
  std::vector<std::vector<double>> out;
  for (const auto& r : runs) out.push_back(r.medians);
  return out;
}

std::string run_label(std::size_t index) {
  return "run " + std::to_string(index + 1);
}

std::string runs_span(std::size_t from, std::size_t to) {
  return to - from == 1 ? run_label(from)
                        : "runs " + std::to_string(from + 1) + "-" + std::to_string(to);
}

std::string p_text(double p) {
  return std::isnan(p) ? "-" : fmt::format("{:.2g}", p);
}

// Series' latest runs against their group's (script, machine, np) latest run.
void mark_gated(std::vector<SeriesReport>& reports) {
  using Group = std::tuple<std::string, std::string, std::int64_t>;
  std::map<Group, std::pair<std::string, std::int64_t>> latest;
  for (const auto& r : reports) {
    if (r.runs.empty()) continue;
    const auto key = Group{r.info.script, r.info.machine, r.info.np};
    const auto at = std::pair{r.runs.back().started_at, r.runs.back().run_id};
    auto it = latest.find(key);
    if (it == latest.end() || it->second < at) latest[key] = at;
  }
  for (auto& r : reports)
    r.gated = !r.runs.empty() && latest[Group{r.info.script, r.info.machine, r.info.np}].second ==
                                     r.runs.back().run_id;
}

std::string change_text(const SeriesReport& s, std::size_t i) {
  const RunChange& c = s.trend.changes[i];
  const RunValues& run = s.runs[c.run];
  std::string t = fmt::format(
      "  change at {} ({}, {}): {} after/before ({}: {} launches; {}: {} launches), p = {}\n",
      run_label(c.run), run.started_at, run.folder, ratio_text(c.ratio),
      runs_span(c.before_from, c.run), c.n_before, runs_span(c.run, c.after_to), c.n_after,
      p_text(c.p_value));
  if (s.changed[i].empty())
    t += "    changed: nothing recorded (same library, launcher, environment)\n";
  for (const auto& line : s.changed[i]) t += "    changed: " + line + "\n";
  return t;
}

std::string latest_text(const SeriesReport& s, const TrendOptions& o) {
  const GateResult& g = s.trend.latest;
  std::string t = "  latest " + run_label(s.runs.size() - 1) + ": " + gate_name(g.gate);
  switch (g.why) {
    case GateWhy::FirstRun:
      t += " (no earlier run)";
      break;
    case GateWhy::TooFewLaunches:
      t += fmt::format(" ({} vs {} launches cannot reach alpha {})", g.n_latest, g.n_baseline,
                       o.alpha);
      break;
    default:
      t += fmt::format(": {} against {} ({} vs {} launches, margin {}%, p = {} slower, {} within)",
                       ratio_text(g.ratio), runs_span(g.baseline_from, g.baseline_to), g.n_latest,
                       g.n_baseline, ratio_number(o.margin * 100), p_text(g.p_slower),
                       p_text(g.p_within));
  }
  if (!s.gated) t += "; not gated: the series has no value in its script's latest run";
  return t + "\n";
}

}  // namespace

std::string ratio_number(double v) {
  if (std::isnan(v)) return "-";
  return std::fabs(v) >= 1000 ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v);
}

std::string ratio_text(const std::optional<stats::ShiftEstimate>& r) {
  if (!r) return "-";
  return ratio_number(r->estimate) + "x [" + ratio_number(r->lower) + ", " +
         ratio_number(r->upper) + "]";
}

std::vector<SeriesReport> trend_reports(Database& db, const std::vector<FilterTerm>& filter,
                                        const std::string& since, const TrendOptions& o) {
  std::vector<SeriesReport> out;
  for (SeriesInfo& info : list_series(db)) {
    if (!series_matches(info, filter)) continue;
    SeriesReport s;
    s.info = std::move(info);
    s.runs = series_runs(db, s.info.id, since);
    if (s.runs.empty()) continue;
    s.trend = analyze_series(values_of(s.runs), o);
    for (const RunChange& c : s.trend.changes) {
      const RunIdentity before = run_identity(db, s.runs[c.run - 1].run_id);
      const RunIdentity after = run_identity(db, s.runs[c.run].run_id);
      s.changed.push_back(run_changes(before, after, run_label(c.run - 1), run_label(c.run)));
    }
    out.push_back(std::move(s));
  }
  mark_gated(out);
  return out;
}

std::string trend_text(const std::vector<SeriesReport>& reports, const TrendOptions& o) {
  std::string t;
  std::size_t counts[3] = {0, 0, 0};
  for (const SeriesReport& s : reports) {
    std::size_t launches = 0;
    for (const auto& r : s.runs) launches += r.medians.size();
    t += s.info.name() + "\n";
    t += fmt::format("  {} run{}, {} launches, {} .. {}\n", s.runs.size(),
                     s.runs.size() == 1 ? "" : "s", launches, s.runs.front().started_at,
                     s.runs.back().started_at);
    if (s.trend.too_long)
      t += fmt::format(
          "  change points not computed: {} launch values, the permutation test "
          "takes at most {} (use --since, or --method hunter)\n",
          launches, kPermutationMaxValues);
    for (std::size_t i = 0; i < s.trend.changes.size(); ++i) t += change_text(s, i);
    if (s.trend.changes.empty() && !s.trend.too_long) t += "  no change point\n";
    t += latest_text(s, o);
    if (s.gated) ++counts[static_cast<int>(s.trend.latest.gate)];
  }
  t += fmt::format(
      "{} series ({} method, change p < {}): {} regression, {} undecided, {} no "
      "regression in the latest run\n",
      reports.size(), change_method_name(o.method), o.level(), counts[0], counts[2], counts[1]);
  return t;
}

int trend_exit_code(const std::vector<SeriesReport>& reports) {
  bool undecided = reports.empty();
  for (const SeriesReport& s : reports) {
    if (!s.gated) continue;
    if (s.trend.latest.gate == Gate::Regression) return 1;
    if (s.trend.latest.gate == Gate::Undecided) undecided = true;
  }
  return undecided ? 2 : 0;
}

}  // namespace metron::history
