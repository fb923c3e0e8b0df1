// Checking performance guidelines (PGMPI: Hunold, Carpen-Amarie, Lübbe, Träff, "Automatic
// Verification of Self-Consistent MPI Performance Guidelines"): each `expect A <= k * B` check
// of a results folder, per-launch medians of A against k times those of B paired by launch, a
// one-sided Wilcoxon signed-rank test (H1: A slower), the ratio A / (k B) with its CI, p-values
// adjusted across all checks of the folder, and a verdict that also needs a minimum relative
// effect. guidelines.csv and a summary per guideline like the paper's Table 2. No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/analysis/noise_flags.h"
#include "runtime/analysis/results_data.h"
#include "runtime/analysis/undecided.h"
#include "runtime/stats/p_adjust.h"

namespace metron::analysis {

struct GuidelineOptions {
  double alpha = 0.05;
  double margin = 0.05;  // a violation is slower by more than this share (A > (1 + margin) k B)
  stats::PAdjust adjust = stats::PAdjust::Holm;
  bool strict = false;  // a check on launches with noise flags is undecided (noise_flags.h)
};

enum class GuidelineVerdict {
  Violated,      // significantly slower, and by more than the margin
  WithinMargin,  // significantly slower, but by no more than the margin
  Holds,         // not significantly slower, with launches enough to have found it
  Undecided,     // too few launches for the corrected test to reject at all
};
const char* guideline_verdict_name(GuidelineVerdict v);  // "violated", "within_margin", ...

struct GuidelineCheck {
  std::string guideline;
  std::string op_lhs, op_rhs;
  double factor = 1;           // k
  std::int64_t bytes = 0;      // the left side's reported size
  std::int64_t bytes_rhs = 0;  // the right side's
  std::int64_t comm_size = 0;
  std::vector<std::pair<std::string, std::string>> vars;     // loop variables of the left side
  std::vector<std::pair<std::string, std::string>> factors;  // launch factor levels
  std::vector<double> lhs, rhs;           // per-launch medians (seconds) of the launches both have
  double median_lhs = 0, median_rhs = 0;  // medians of those
  double ratio = 0, ratio_lo = 0, ratio_hi = 0;  // A / (k B): Hodges-Lehmann estimate and CI
  double ci_level = 0;
  double p_value = 0, p_adjusted = 0;  // NaN when not testable
  GuidelineVerdict verdict = GuidelineVerdict::Undecided;
  // Undecided: the launches (pairs) at which the exact test can reach the corrected level, or why
  // no number would.
  std::optional<std::size_t> launches_needed;
  Undecided undecided = Undecided::Planned;
  // MPICH's algorithm variable for the left side's operation with its value when the run set it
  // ("MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial"), else empty: MPICH chose by itself.
  std::string algorithm;
  NoiseSummary noise;  // of the launches of both sides behind lhs and rhs
};

// The checks of `d` in plan order (left side's first appearance); empty when the folder has no
// `expect` jobs. Adjusted and decided.
std::vector<GuidelineCheck> check_guidelines(const ResultsData& d, const GuidelineOptions& o);

// MPICH's variable that selects the algorithm of `op` ("MPIR_CVAR_BCAST_INTRA_ALGORITHM"), or
// empty for operations without one (mock-ups, Synthetic, ping-pongs).
std::string algorithm_variable(const std::string& op);

// Fills each check's `algorithm` from the launch factors that set the variable (`design` of
// the run manifest: name and env of each factor) or else from the environment recorded in a
// launch manifest (`system.environment`).
void annotate_algorithms(std::vector<GuidelineCheck>& cs, const nlohmann::json& run_manifest,
                         const nlohmann::json& launch_environment);

// The tuning hints for the violated checks (what PGMPI's PGMPITuneLib does by hand): the faster
// replacement at that size and what MPICH ran. Empty when nothing is violated.
std::string tuning_hints(const std::vector<GuidelineCheck>& c, const GuidelineOptions& o);

// guidelines.csv (docs/output.md); false with `error` set when it cannot be written.
bool write_guidelines_csv(const std::string& path, const std::vector<GuidelineCheck>& c,
                          const GuidelineOptions& o, std::string& error);

// The terminal view: per guideline and process count, the checks, how many are violated, at
// which sizes, and the worst slowdown; then one line per violation.
std::string guideline_table(const std::vector<GuidelineCheck>& c, const GuidelineOptions& o);

}  // namespace metron::analysis
