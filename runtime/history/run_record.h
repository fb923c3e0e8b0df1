// A finished results folder as the history stores it: the run's identity from its manifest
// (script and sha256, plan, machine, MPI library and version, launcher, environment, Metron's
// version, times), each job's per-launch values and summary, and the claims' verdicts. Folders
// being written, damaged or simulated are refused. No MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"

namespace metron::history {

struct JobRecord {
  analysis::JobKey key;
  std::string job_key;  // key.text(): what makes two runs' jobs the same series
  std::string label;    // "block: op 8 B, 2 ranks, ..."
  std::int64_t job = 0;
  std::string time_is;
  std::vector<analysis::LaunchValue> launches;
  // Of the per-launch medians (analysis::distribution): median, 95% CI, min, max.
  double median_s = 0, ci_lo_s = 0, ci_hi_s = 0, min_s = 0, max_s = 0;
};

struct ClaimRecord {
  std::string id, text, verdict;
  double effect = 0, effect_lo = 0, effect_hi = 0;
};

struct RunRecord {
  std::string run_key;  // sha256 of what makes a run itself (start, seed, script, host, command)
  std::string folder, kind;  // kind: "run" (metron run) or "exec" (one launch)
  std::string status;        // "complete" or "failed" (a run with a failed launch)
  std::string script, script_sha256, plan_sha256;
  std::string machine;  // --machine, else the Slurm cluster, else rank 0's host
  std::string hosts;    // the processor names, comma-separated
  std::int64_t np = 0, launches = 0;
  std::string seed;  // a 64-bit unsigned number, as text
  std::string launcher, mpi_library, mpi_version, metron_version, metron_commit;
  std::string started_at, finished_at;
  nlohmann::json environment, system;
  nlohmann::json plan;  // without its seed (design.seed): the same for runs of the same plan
  std::vector<JobRecord> jobs;
  std::vector<ClaimRecord> claims;
};

// Reads DIR. nullopt with `error` set (a catalogue message) when DIR is being written (its lock
// is held), did not finish, is simulated, has no manifest.json, or is damaged (the reader's
// message). `machine` overrides the machine's name when not empty.
std::optional<RunRecord> read_run_folder(const std::string& dir, const std::string& machine,
                                         std::string& error);

}  // namespace metron::history
