// Refinement of autorefine loops during a launch: after the regular grid is measured, the root
// asks each loop's Refiner for further loop values, broadcasts them, every rank rebuilds just
// those loops' jobs at those values (deterministically, from the same script), and the jobs are
// measured under the same stopping rule; round by round over all loops at once (one shuffled
// order per round when the script shuffles) until every Refiner is done.
#pragma once

#include <deque>
#include <functional>
#include <vector>

#include "runtime/exec/executor.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/loaded_script.h"
#include "runtime/results/job_summary.h"

namespace metron::rt {

using RunJobFn = std::function<bool(const Job&, int refine_round, JobSummary* summary)>;

class RefineDriver {
 public:
  RefineDriver(const LoadedScript& program, const ExecOptions& opt, MPI_Comm world,
               out::ManifestBuilder& manifest)
      : program_(program), opt_(opt), world_(world), manifest_(manifest) {}
  // Collective over world. `summaries` (rank 0) holds the regular jobs' statistics by plan
  // index; `total` grows with the refined jobs (progress lines). False if a job failed.
  bool run(const std::vector<JobSummary>& summaries, const RunJobFn& run_job, std::size_t& total);

 private:
  const LoadedScript& program_;
  const ExecOptions& opt_;
  MPI_Comm world_;
  out::ManifestBuilder& manifest_;
  std::deque<Plan> rounds_;  // keeps the refined jobs alive while results reference them
};

}  // namespace metron::rt
