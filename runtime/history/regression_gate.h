// The CI gate of `metron history trend`: is the latest run of a series slower than the runs
// since the last change point before it, by more than a margin? Two one-sided Wilcoxon rank-sum
// tests on the log per-launch medians decide it (as the replay's equivalence test does, with the
// margin as the shift under H0). Pure logic, no database. No MPI.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "runtime/stats/hodges_lehmann.h"

namespace metron::history {

enum class Gate { Regression, NoRegression, Undecided };
const char* gate_name(Gate g);  // "regression", "no regression", "undecided"

enum class GateWhy {
  Decided,         // one of the two tests rejected
  FirstRun,        // no earlier run to compare with
  TooFewLaunches,  // the exact test cannot reach alpha with these launch counts
  Inconclusive,    // neither test rejected
};

struct GateResult {
  Gate gate = Gate::Undecided;
  GateWhy why = GateWhy::FirstRun;
  std::size_t baseline_from = 0, baseline_to = 0;  // runs [from, to): the baseline
  std::size_t n_latest = 0, n_baseline = 0;        // launches
  // latest / baseline: Hodges-Lehmann ratio with its 95% CI (empty when undefined).
  std::optional<stats::ShiftEstimate> ratio;
  // Rank-sum p-values on log values with mu = log(1 + margin): H0 ratio <= 1 + margin (a
  // rejection shows a regression) and H0 ratio >= 1 + margin (a rejection shows none).
  double p_slower = 1.0, p_within = 1.0;
};

// `runs`: the per-launch medians of each run in time order; `changes`: the run indexes where a
// change point starts a new regime (sorted). The baseline is the runs from the last change
// before the latest run (or the first run) up to the latest; a change at the latest run itself
// does not move it. Regression when p_slower <= alpha, else no regression when p_within <= alpha,
// else undecided.
GateResult latest_run_gate(const std::vector<std::vector<double>>& runs,
                           const std::vector<std::size_t>& changes, double margin, double alpha);

}  // namespace metron::history
