// Change points and the latest run's verdict of one series (see series_trend.h).
#include "runtime/history/series_trend.h"

#include <algorithm>

#include "runtime/stats/edivisive.h"
#include "runtime/stats/hunter_change_points.h"

namespace metron::history {

namespace {

struct Flat {
  std::vector<double> values;
  std::vector<std::size_t> cuts;    // where each run after the first begins
  std::vector<std::size_t> run_of;  // values index -> run index
};

Flat flatten(const std::vector<std::vector<double>>& runs) {
  Flat f;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (r > 0) f.cuts.push_back(f.values.size());
    for (double v : runs[r]) {
      f.values.push_back(v);
      f.run_of.push_back(r);
    }
  }
  return f;
}

std::vector<double> launches_of(const std::vector<std::vector<double>>& runs, std::size_t from,
                                std::size_t to) {
  std::vector<double> out;
  for (std::size_t r = from; r < to; ++r) out.insert(out.end(), runs[r].begin(), runs[r].end());
  return out;
}

RunChange change_at(std::size_t run, double p) {
  RunChange c;
  c.run = run;
  c.p_value = p;
  return c;
}

// Each change's sides (to the neighbouring changes) and its ratio.
void describe(const std::vector<std::vector<double>>& runs, std::vector<RunChange>& changes) {
  for (std::size_t i = 0; i < changes.size(); ++i) {
    RunChange& c = changes[i];
    c.before_from = i == 0 ? 0 : changes[i - 1].run;
    c.after_to = i + 1 == changes.size() ? runs.size() : changes[i + 1].run;
    const auto before = launches_of(runs, c.before_from, c.run);
    const auto after = launches_of(runs, c.run, c.after_to);
    c.n_before = before.size();
    c.n_after = after.size();
    c.ratio = stats::hodges_lehmann_ratio(after, before);
  }
}

}  // namespace

std::optional<ChangeMethod> parse_change_method(const std::string& name) {
  if (name == "hunter") return ChangeMethod::Hunter;
  if (name == "permutation") return ChangeMethod::Permutation;
  return std::nullopt;
}

const char* change_method_name(ChangeMethod m) {
  return m == ChangeMethod::Hunter ? "hunter" : "permutation";
}

double TrendOptions::level() const {
  if (max_p >= 0) return max_p;
  return method == ChangeMethod::Hunter ? 0.001 : 0.05;
}

SeriesTrend analyze_series(const std::vector<std::vector<double>>& runs, const TrendOptions& o) {
  SeriesTrend t;
  const Flat f = flatten(runs);
  if (o.method == ChangeMethod::Hunter) {
    stats::HunterOptions h;
    h.window = o.window;
    h.max_p = o.level();
    h.min_magnitude = o.min_magnitude;
    for (const auto& c : stats::hunter_change_points(f.values, f.cuts, h))
      t.changes.push_back(change_at(f.run_of[c.index], c.p_value));
  } else if (f.values.size() > kPermutationMaxValues) {
    t.too_long = true;
  } else {
    stats::EDivisiveOptions e;
    e.significance = o.level();
    e.permutations = o.permutations;
    e.seed = o.seed;
    e.min_size = 1;
    for (const auto& c : stats::edivisive_permutation(f.values, f.cuts, e))
      t.changes.push_back(change_at(f.run_of[c.index], c.p_value));
  }
  std::sort(t.changes.begin(), t.changes.end(),
            [](const RunChange& a, const RunChange& b) { return a.run < b.run; });
  describe(runs, t.changes);
  std::vector<std::size_t> at;
  for (const auto& c : t.changes) at.push_back(c.run);
  t.latest = latest_run_gate(runs, at, o.margin, o.alpha);
  return t;
}

}  // namespace metron::history
