// The preview of a campaign from its simulated run (`metron run --simulate`, docs/simulation.md):
// each simulated launch's and job's time on the platform, the campaign's time and launch count
// at the planned replicates, the deadline each launch would get, and what would fail at that
// scale (a launch that failed, a deadline or job budget passed, clock synchronizations past
// their allowance, the buffers a host would hold). Pure: reads the run folder's manifests.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace metron::analysis {

struct PreviewJob {
  std::int64_t id = 0;
  std::string what;        // "block 'b', Bcast 16 B, 64 ranks"
  double simulated_s = 0;  // the job's simulated time (warm-up included)
  double budget_s = 0;     // what the launch deadline allows it
  std::int64_t n = 0;      // observations
  std::string stop_reason;
  std::int64_t buffer_bytes = 0;  // send + receive buffers per rank
};

struct PreviewLaunch {
  std::int64_t id = 0;
  std::string levels;  // "a=0,b=1" ("" without launch factors)
  int np = 0;
  std::string status;       // the simulated launch's ("complete", "failed", ...)
  std::string error;        // why it failed
  double simulated_s = 0;   // from the simulation's start to the final manifest
  double deadline_s = 0;    // what `metron run` would give the real launch
  double clock_sync_s = 0;  // simulated clock synchronizations
  double clock_sync_allowed_s = 0;
  int hosts = 0;  // distinct simulated hosts
  int max_ranks_per_host = 0;
  std::size_t communicators = 0;  // distinct communicators of the plan
  int largest_comm = 0;
  std::vector<PreviewJob> jobs;
};

struct Preview {
  std::string platform;
  std::int64_t replicates = 1;         // of the real campaign
  bool replicates_by_default = false;  // metron run's default: replicates is the most it adds
  std::int64_t launch_count = 0;       // replicates x combinations
  double campaign_s = 0;               // simulated, every launch of the real campaign
  double deadlines_s = 0;              // sum of their deadlines
  std::int64_t max_buffer_bytes = 0;   // per rank, over all jobs
  std::int64_t max_buffer_job = -1;
  std::int64_t host_buffer_bytes = 0;        // max ranks per host x max_buffer_bytes
  std::int64_t simulation_buffer_bytes = 0;  // largest np x max_buffer_bytes: this machine's share
  std::vector<PreviewLaunch> launches;       // one per launch-factor combination
  std::vector<std::string> problems;         // what would fail, one catalogue line each
};

// `run_manifest`: the run folder's manifest.json; `launch_manifests[i]`: the manifest.json of
// the run's i-th launch entry (null when it has none); `replicates`: launches per combination in
// the real campaign; `available_bytes`: this machine's available memory (0: unknown), against
// which the simulation's buffers (every rank's, in one process) are checked.
Preview build_preview(const nlohmann::json& run_manifest,
                      const std::vector<nlohmann::json>& launch_manifests, std::int64_t replicates,
                      std::int64_t available_bytes = 0);

// The table printed after the run: a row per job of each launch, then the campaign's totals and
// the problems (or that none was found).
std::string preview_text(const Preview& p);

// DIR/preview.json.
nlohmann::json preview_json(const Preview& p);

}  // namespace metron::analysis
