// The process-synchronization interface of the measurement schemes: how ranks line up before
// each observation, and whether an observation counts. Barrier kinds live in barrier.h,
// double_barrier.h and dissemination.h; window and round-time syncs (clock-sync issue) plug in
// here by implementing ProcSync.
//
// The schemes call these hooks outside the timed region:
//   begin_batch(n)                                  once before a batch of n observations
//   for i: before_observation(i)                    immediately before the first timer read
//          t_start = now(); op.call(); t_end = now()
//          valid = after_observation(i, t_start, t_end)   after the second read
//   end_batch()
// `i` is the index of the observation within the job (warm-up included), t_start and t_end are
// local seconds on the job's timer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/results/sync_stats.h"

namespace metron::rt {

// Per-observation syncs this process has run: every kind but `none` counts one in its
// before_observation, outside the timed region. The clock of Synthetic's sync-dependent transient
// (transient_sync = 1, runtime/ops/synthetic.cpp), which tests that the warm-up runs the loop
// it warms up, sync included.
inline std::int64_t g_sync_points = 0;

class ProcSync {
 public:
  virtual ~ProcSync() = default;
  virtual std::string_view name() const = 0;
  virtual void begin_batch(std::int64_t n) { (void)n; }
  virtual void before_observation(std::int64_t i) = 0;
  // False: this rank flags the observation invalid (e.g. it started after its window).
  virtual bool after_observation(std::int64_t i, double t_start_s, double t_end_s) {
    (void)i, (void)t_start_s, (void)t_end_s;
    return true;
  }
  virtual void end_batch() {}
  virtual SyncStats stats() const { return {}; }
  // The first MPI error of the sync's own calls since the last clear_error(), MPI_SUCCESS if none.
  int error() const { return error_; }
  void clear_error() { error_ = MPI_SUCCESS; }

 protected:
  void note(int rc) noexcept { error_ = error_ != MPI_SUCCESS ? error_ : rc; }

 private:
  int error_ = MPI_SUCCESS;
};

// `set sync = none`: observations start as soon as the previous one ended (ping-pongs are
// self-synchronizing; SKaMPI's NOSYNC).
class NoSync final : public ProcSync {
 public:
  std::string_view name() const override { return "none"; }
  void before_observation(std::int64_t) override {}
};

// A sync that is a barrier, so MS3 (loop_barrier) can also call it inside its loop.
class BarrierSync : public ProcSync {
 public:
  virtual void wait() noexcept = 0;
  void before_observation(std::int64_t) override {
    wait();
    ++g_sync_points;
  }
};

}  // namespace metron::rt
