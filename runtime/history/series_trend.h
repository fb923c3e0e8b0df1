// The change points of one series (its runs' per-launch medians in time order) and the verdict
// on its latest run: E-Divisive means by Hunter's procedure (default) or with Matteson and
// James's permutation test (runtime/stats/), changes only between runs. Pure logic. No MPI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/history/regression_gate.h"
#include "runtime/stats/hodges_lehmann.h"

namespace metron::history {

enum class ChangeMethod { Hunter, Permutation };
std::optional<ChangeMethod> parse_change_method(const std::string& name);  // hunter, permutation
const char* change_method_name(ChangeMethod m);

// The permutation test costs O(R n^2) per change: series of more values are not analyzed.
inline constexpr std::size_t kPermutationMaxValues = 2000;

struct TrendOptions {
  ChangeMethod method = ChangeMethod::Hunter;
  double max_p = -1;        // a change's significance; negative: 0.001 (Hunter), 0.05 (permutation)
  std::size_t window = 50;  // Hunter: runs per window
  double min_magnitude = 0.0;      // Hunter: the merge's relative change
  std::size_t permutations = 199;  // permutation test
  std::uint64_t seed = 1;
  double margin = 0.05;  // the gate: a regression is slower by more than this
  double alpha = 0.05;   // the gate's level
  double level() const;  // max_p or the method's default
};

struct RunChange {
  std::size_t run = 0;  // the first run after the change (an index into the series' runs)
  double p_value = 0.0;
  std::size_t before_from = 0;  // runs [before_from, run) and [run, after_to) are its sides
  std::size_t after_to = 0;
  std::size_t n_before = 0, n_after = 0;  // launches on each side
  // after / before: the Hodges-Lehmann ratio of the per-launch medians with its 95% CI.
  std::optional<stats::ShiftEstimate> ratio;
};

struct SeriesTrend {
  std::vector<RunChange> changes;
  GateResult latest;
  bool too_long = false;  // the permutation test was not run (more than kPermutationMaxValues)
};

SeriesTrend analyze_series(const std::vector<std::vector<double>>& runs, const TrendOptions& o);

}  // namespace metron::history
