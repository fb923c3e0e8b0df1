// manifest.json of one launch: everything that shapes the numbers (script and hash, seed, plan,
// settings, versions, hosts, CPU, timers, environment) plus the status and per-job outcomes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/output/json_splice.h"
#include "runtime/plan/loaded_script.h"
#include "runtime/results/clock_sync_event.h"
#include "runtime/results/exec_options.h"
#include "runtime/results/job_result.h"
#include "runtime/results/job_summary.h"
#include "runtime/results/launch_facts.h"

namespace metron::out {

using rt::ClockSyncEvent;
using rt::ExecOptions;
using rt::JobResult;
using rt::JobSummary;
using rt::LaunchFacts;

inline constexpr int kManifestSchemaVersion = 1;

class ManifestBuilder {
 public:
  // With the facts gathered from every rank (exec/gather_facts.h). Elsewhere than on world
  // rank 0 the facts have no "system" and the builder stays empty.
  ManifestBuilder(const LoadedScript& program, const ExecOptions& opt, const LaunchFacts& facts);
  void set_status(const std::string& status, const std::string& time);
  void set_order(const std::vector<std::size_t>& order, const Plan& plan);
  // The job's entry; `superseded`: the measurements `set noisy_job = remeasure` replaced.
  void add_job(const JobResult& r, const JobSummary& s, const std::string& error,
               const std::vector<rt::SupersededAttempt>& superseded = {});
  void set_error(const std::string& error) { j_["error"] = error; }
  // Clock synchronizations world rank 0 took part in (method, parameters, duration).
  void set_clock_syncs(const std::vector<ClockSyncEvent>& events);
  // One autorefine loop execution; `first` is its first regular job (block, variable, and the
  // enclosing loops' values, which tell the executions of a nested loop apart).
  void add_refinement(int group, const Job& first, const std::string& algorithm, int rounds,
                      const std::string& stop_reason, std::size_t points);
  // The launch's noise check (launch_noise.h), under "noise".
  void set_noise(const nlohmann::json& noise) { j_["noise"] = noise; }
  void set_io(const nlohmann::json& io) { j_["io"] = io; }  // MPI-IO: folders, page cache
  // A simulated launch: "simulation"."simulated_s", the simulated seconds since its start.
  void set_simulated_time(double s) {
    if (j_.contains("simulation")) j_["simulation"]["simulated_s"] = s;
  }
  const nlohmann::json& json() const { return j_; }
  // json().dump(2), without rendering the plan and the jobs again each time: what the executor
  // writes after every job (json_splice.h).
  std::string text() const;
  // One line for people, e.g. "[ 3/26] block  Bcast 16 B on 4 ranks: median 12.300 us
  // [12.100, 12.600] 95% CI (n = 32, rule_met, warm-up 100 stable, cycling off)" and flags
  // for truncation, a trend and noise.
  std::string progress_line(const JobResult& r, const JobSummary& s, std::size_t pos,
                            std::size_t total) const;

 private:
  nlohmann::json j_;
  std::string plan_text_;  // member_text(j_["plan"]), which never changes
  ArrayText jobs_text_;    // j_["jobs"], one job at a time
};

}  // namespace metron::out
