// Checking the claims of a results folder (docs/claims.md): each claim's sides select jobs, the
// jobs pair (a check per pair, or per job against a reference value), each check gets one-sided
// tests of the claim and of its negation on the per-launch values, the p-values of all checks of
// the folder are adjusted together (Holm by default), and each claim gets a verdict: holds, fails
// or inconclusive with the launches that would decide it. Pure logic over records; no MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"
#include "runtime/analysis/undecided.h"
#include "runtime/plan/claim.h"
#include "runtime/stats/p_adjust.h"

namespace metron::analysis {

struct ClaimOptions {
  double alpha = 0.05;
  stats::PAdjust adjust = stats::PAdjust::Holm;
  double power = 0.8;         // of the launch plan for inconclusive verdicts
  int resamples = 4000;       // bootstrap resamples of a launch_spread check
  std::uint64_t seed = 2024;  // of the bootstrap: the same data always give the same verdict
  bool strict = false;        // --strict: a check on launches with noise flags is inconclusive
};

enum class ClaimVerdict { Holds, Fails, Inconclusive };
const char* claim_verdict_name(ClaimVerdict v);  // "holds", "fails", "inconclusive"

// One comparison behind a claim: a job of the left side against its partner on the right, or
// against the reference value.
struct ClaimCheck {
  std::string label_a, label_b;  // JobKey labels; label_b is the reference ("2.1 us") for those
  JobKey key_a;
  std::vector<double> a, b;  // per-launch values of the statistic (launch_spread: the medians)
  bool paired = false;       // the same launches on both sides (signed-rank, joint resampling)
  std::string method;        // "signed-rank", "rank-sum", "bootstrap"
  double value_a = 0, value_b = 0;  // the statistic per side (median of the per-launch values,
                                    // or the spread), or the reference
  double effect = 0, effect_lo = 0, effect_hi = 0;  // A / B (or A / reference) with its CI
  double ci_level = 0;
  double bound_lo = 0, bound_hi = 0;  // the claimed ratio: below bound_hi (<), above bound_lo
                                      // (>), or between them (==)
  double p_holds = 0, p_fails = 0;    // raw one-sided p-values of the claim and of its negation
  double p_holds_adjusted = 0, p_fails_adjusted = 0;
  double sd_log = 0;  // the noise the launch plan uses (sd of log values, or of the bootstrap)
  ClaimVerdict verdict = ClaimVerdict::Inconclusive;
  std::optional<std::size_t> launches_needed;  // per side
  Undecided undecided = Undecided::Planned;    // why an inconclusive check has no count
  std::string noise;                           // the noise flags of the launches behind it
};

struct ClaimResult {
  Claim claim;
  std::vector<ClaimCheck> checks;
  std::size_t unpaired = 0;  // jobs of the left side with no partner on the right
  ClaimVerdict verdict = ClaimVerdict::Inconclusive;
  std::optional<std::size_t> launches_needed;
  Undecided undecided = Undecided::Planned;  // the deciding check's (NotTested: no check)
  // The check the verdict rests on: for `every`, the weakest that holds, or a failing one, or
  // the inconclusive one that needs the most launches; for `some`, the strongest. -1: none.
  int deciding = -1;
  std::string noise;  // union over the checks
};

// The claims a folder's plan carries (plan.claims of the folder's manifest, or of its first
// launch's for a run). Empty without claims; nullopt with `error` when they cannot be read.
std::optional<std::vector<Claim>> claims_of_folder(const ResultsData& d, std::string& error);

// Every claim checked on the folder's data; the p-values of all checks adjusted together.
std::vector<ClaimResult> check_claims(const ResultsData& d, const std::vector<Claim>& claims,
                                      const ClaimOptions& o);

// claims.csv (one row per claim) and claim_checks.csv (one row per check): docs/output.md.
bool write_claims_csv(const std::string& path, const std::vector<ClaimResult>& r,
                      const ClaimOptions& o, std::string& error);
bool write_claim_checks_csv(const std::string& path, const std::vector<ClaimResult>& r,
                            const ClaimOptions& o, std::string& error);

// One sentence a reader can quote, e.g.
//   holds: Bcast[bcast_alg = "binomial"] < Bcast[...] by 10% for every bytes >= 4KiB: 3 of 3
//   checks hold; weakest at Bcast 4096 B, 2 ranks: A/B = 0.55 (95% CI 0.50-0.61), 10 launches each
std::string claim_sentence(const ClaimResult& r, const ClaimOptions& o);
// The terminal view: a header with the method, one sentence per claim, the verdict counts.
std::string claims_table(const std::vector<ClaimResult>& r, const ClaimOptions& o);
// For manifests: per claim its id, text, verdict, effect and CI, n, launches needed, noise.
nlohmann::json claims_json(const std::vector<ClaimResult>& r, const ClaimOptions& o);

}  // namespace metron::analysis
