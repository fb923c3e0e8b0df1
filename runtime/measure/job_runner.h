// JobRunner: the operation of one Job bound on its communicator (buffers, MPI handles, counts)
// with its process sync, and the calls that run it: a batch of observations with the job's scheme
// and timer, untimed calls (warm-up, spacers) and the verification. What runs when (the job's
// course and its decisions) is measure_job's (job_measure.h). Every call is collective over the
// job communicator; the executor walks the plan in lockstep on all its ranks.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/ops/bound_op.h"
#include "runtime/plan/plan.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

// Per-rank observations, appended by run_batch. The caller owns them and may reserve capacity
// for the maximum number of repetitions up front; run_batch appends after its timed loop.
struct Observations {
  std::vector<double> start_s;      // local start, seconds on the job's timer
  std::vector<double> end_s;        // local end; end - start is one operation (see schemes/)
  std::vector<std::uint8_t> valid;  // 0: this rank's sync flagged the observation
  void reserve(std::int64_t n);
  void clear();
  std::size_t size() const { return start_s.size(); }
};

// Makes the process sync for kinds that need more than a communicator (window, round-time):
// called with the sync's own communicator (a duplicate of the job communicator) and the settings.
using SyncFactory = std::function<std::unique_ptr<ProcSync>(MPI_Comm sync_comm, const Settings&)>;

class JobRunner {
 public:
  // Binds job.op on job_comm (which the executor created; JobRunner sets MPI_ERRORS_RETURN on
  // it and duplicates it for the sync's messages). Throws std::runtime_error with a message for
  // the user if the job cannot run: too few ranks, root out of range, buffers that do not fit,
  // timer unavailable, a sync kind without a factory. The checks depend only on the job and the
  // communicator size, so all ranks throw alike.
  JobRunner(const Job& job, MPI_Comm job_comm, const Settings& settings,
            SyncFactory sync_factory = nullptr);
  ~JobRunner();
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;

  // n observations with the job's scheme, results discarded; then the observation index (and
  // Synthetic's seed sequence) restarts at 0.
  void warmup(std::int64_t n);
  // n observations with the job's scheme, results discarded, the observation index running on:
  // a confirmation's spacer (adapt::Confirmation).
  void run_untimed(std::int64_t n);
  // Appends n observations to out. Throws std::runtime_error (on every rank) if an MPI call of
  // the operation or the sync returned an error.
  void run_batch(std::int64_t n, Observations& out);
  // `set verify = on`: once, outside any timed region (see verify_op).
  std::optional<std::string> verify();

  // False on ranks that only watch (ranks >= 2 of a ping-pong); their durations are NaN in
  // gather_local_durations.
  bool participates() const { return op_.participates; }
  // Operations per reported time: ping-pong iterations (and, for MS2/MS3, loop_iterations).
  std::int64_t ops_per_observation() const;
  std::int64_t observations() const { return next_index_; }
  const BoundOp& op() const { return op_; }
  ProcSync& sync() { return *sync_; }
  MPI_Comm comm() const { return comm_; }
  // Things the user should know about this job: cache not cold, TSC caveats.
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  void run(std::int64_t n, double* start_s, double* end_s, std::uint8_t* valid);
  MPI_Comm group_comm(const Job& job, MPI_Comm job_comm);
  void check_errors();

  Settings settings_;
  MPI_Comm comm_ = MPI_COMM_NULL;
  MPI_Comm sync_comm_ = MPI_COMM_NULL;
  MPI_Comm group_comm_ = MPI_COMM_NULL;  // `set multi = on`: this rank's group
  BoundOp op_;
  std::unique_ptr<ProcSync> sync_;
  std::unique_ptr<BarrierSync> own_barrier_;  // MS3's in-loop barrier when the sync is none
  BarrierSync* loop_barrier_ = nullptr;
  std::int64_t next_index_ = 0;
  std::vector<std::uint64_t> stamps_start_, stamps_end_;
  std::vector<std::uint8_t> valid_scratch_;
  std::vector<std::string> warnings_;
};

}  // namespace metron::rt
