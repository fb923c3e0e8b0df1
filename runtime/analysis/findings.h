// Findings, recorded and replayed (docs/claims.md, "Replaying a published setup"): what a replay
// on another machine compares. A finding is a claim (`claim`) or a guideline (`expect`, all its
// checks: violated at some size or not), with its verdict, the effect behind it and its CI, n
// and noise. A replay sets each recorded finding beside the replayed one: reproduced, not
// reproduced, or inconclusive with the launches that would decide it. No MPI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/claims.h"
#include "runtime/analysis/guidelines.h"
#include "runtime/analysis/undecided.h"

namespace metron::analysis {

struct Finding {
  std::string id;    // the claim's id, or "expect GL3"
  std::string kind;  // "claim" or "guideline"
  std::string text;  // the statement
  ClaimVerdict verdict = ClaimVerdict::Inconclusive;
  double effect = 0, effect_lo = 0, effect_hi = 0;  // of the deciding check; NaN when none
  std::string effect_name;                          // "median A/B", "slowdown A/(k B)", ...
  std::size_t n = 0;                                // launches behind the deciding check
  std::optional<std::size_t> launches_needed;
  Undecided undecided = Undecided::Planned;  // why an inconclusive finding has no count
  std::string noise;
  std::vector<std::string> ops;  // the operations its jobs run
};

std::vector<Finding> findings_from_claims(const std::vector<ClaimResult>& r);
// One finding per guideline id: fails when a check is violated, holds when every check holds
// (or is within the margin), inconclusive otherwise.
std::vector<Finding> findings_from_guidelines(const std::vector<GuidelineCheck>& c);

enum class ReplayOutcome { Reproduced, NotReproduced, Inconclusive };
const char* replay_outcome_name(ReplayOutcome o);  // "reproduced", "not reproduced", ...

struct FindingReplay {
  Finding recorded, replayed;
  bool replayed_found = true;  // the replay has this finding (same id)
  ReplayOutcome outcome = ReplayOutcome::Inconclusive;
  // Why the replay cannot evaluate it ("the replay skipped 'Bcast_init'"); "" when it can.
  std::string not_evaluated;
};

// Matched by id, in the recording's order. Reproduced: the same decided verdict; not
// reproduced: the replay decided otherwise than the recording (or the finding is gone);
// inconclusive: the replay did not decide it (with its launches needed), or the recording did
// not, or the replay cannot evaluate it: it skipped an operation of the finding
// (`replay_skipped`: the measurement functions its plan left out, e.g. those its MPI library
// lacks under --skip-unsupported).
std::vector<FindingReplay> replay_findings(const std::vector<Finding>& recorded,
                                           const std::vector<Finding>& replayed,
                                           const std::vector<std::string>& replay_skipped = {});

// The table people read: per finding the recorded and the replayed verdict with effect and CI,
// and the outcome; the machines named in the header; a count line.
std::string findings_replay_table(const std::vector<FindingReplay>& r,
                                  const std::string& recorded_machine,
                                  const std::string& replay_machine);
bool write_findings_replay_csv(const std::string& path, const std::vector<FindingReplay>& r,
                               std::string& error);

// 0: every finding reproduced (or there are none); 1: a finding did not reproduce; 2: none
// failed to reproduce but some are inconclusive (docs/cli.md, Exit codes).
int findings_exit_code(const std::vector<FindingReplay>& r);

// "Intel Xeon X (16 cores), MPICH 4.0.2, 2 ranks": a machine as a launch's `system` records it.
std::string machine_name(const nlohmann::json& system, std::int64_t np);
// "MPICH 4.0.2": the first line of `system.mpi_library_version`, short; "" when not recorded.
std::string mpi_library_name(const nlohmann::json& system);

}  // namespace metron::analysis
