// The latest run against its baseline (see regression_gate.h).
#include "runtime/history/regression_gate.h"

#include <cmath>

#include "runtime/stats/verdict.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::history {

namespace {

std::vector<double> logs(const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v) out.push_back(std::log(x));
  return out;
}

double one_sided_p(const std::vector<double>& x, const std::vector<double>& y, double mu,
                   stats::Alternative alt) {
  stats::WilcoxonOptions o;
  o.alternative = alt;
  o.mu = mu;
  auto r = stats::wilcoxon_rank_sum(x, y, o);
  return r && !std::isnan(r->p_value) ? r->p_value : 1.0;
}

bool all_positive(const std::vector<double>& v) {
  for (double x : v)
    if (!(x > 0) || !std::isfinite(x)) return false;
  return !v.empty();
}

}  // namespace

const char* gate_name(Gate g) {
  switch (g) {
    case Gate::Regression:
      return "regression";
    case Gate::NoRegression:
      return "no regression";
    case Gate::Undecided:
      return "undecided";
  }
  return "undecided";
}

GateResult latest_run_gate(const std::vector<std::vector<double>>& runs,
                           const std::vector<std::size_t>& changes, double margin, double alpha) {
  GateResult g;
  if (runs.size() < 2) return g;
  const std::size_t latest = runs.size() - 1;
  for (std::size_t c : changes)
    if (c < latest) g.baseline_from = c;
  g.baseline_to = latest;
  const std::vector<double>& x = runs[latest];
  std::vector<double> y;
  for (std::size_t r = g.baseline_from; r < latest; ++r)
    y.insert(y.end(), runs[r].begin(), runs[r].end());
  g.n_latest = x.size();
  g.n_baseline = y.size();
  g.why = GateWhy::TooFewLaunches;
  if (!all_positive(x) || !all_positive(y)) return g;
  g.ratio = stats::hodges_lehmann_ratio(x, y);
  if (!stats::decidable(x.size(), y.size(), alpha, false, false)) return g;
  const std::vector<double> lx = logs(x), ly = logs(y);
  const double mu = std::log1p(margin);
  g.p_slower = one_sided_p(lx, ly, mu, stats::Alternative::Greater);
  g.p_within = one_sided_p(lx, ly, mu, stats::Alternative::Less);
  g.why = GateWhy::Decided;
  if (g.p_slower <= alpha)
    g.gate = Gate::Regression;
  else if (g.p_within <= alpha)
    g.gate = Gate::NoRegression;
  else
    g.why = GateWhy::Inconclusive;
  return g;
}

}  // namespace metron::history
