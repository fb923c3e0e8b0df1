// RoundTimeSync (see roundtime.h).
#include "runtime/procsync/roundtime.h"

#include <algorithm>
#include <vector>

#include "runtime/clocksync/local_clock.h"
#include "runtime/procsync/clock_cache.h"
#include "runtime/procsync/global_times.h"

namespace metron::rt {

namespace {

class RoundTimeSync final : public ProcSync, public BatchStamps {
 public:
  RoundTimeSync(MPI_Comm comm, const SynchronizedClock& clock, double start_wait_s)
      : comm_(comm), clock_(*clock.clock), wait_s_(start_wait_s) {
    MPI_Comm_rank(comm, &rank_);
    stats_.clock = clock.method;
    stats_.clock_sync_s = clock.duration_s;
    stats_.start_wait_s = start_wait_s;
  }
  std::string_view name() const override { return "roundtime"; }

  void begin_batch(std::int64_t n) override {
    begin_stamps(n);
    k_ = 0;
  }
  void before_observation(std::int64_t) override {
    note(MPI_Barrier(comm_));
    double start = rank_ == 0 ? clock_.now() + wait_s_ : 0.0;
    note(MPI_Bcast(&start, 1, MPI_DOUBLE, 0, comm_));
    double t = clock_.now();
    late_ = t > start;
    while (t < start) t = clock_.now();  // busy-wait: a sleep would wake up late
    gstart_[static_cast<std::size_t>(k_)] = t;
    ++g_sync_points;
  }
  bool after_observation(std::int64_t, double, double) override {
    gend_[static_cast<std::size_t>(k_)] = clock_.now();
    ++k_;
    stats_.late += late_;
    return !late_;
  }
  SyncStats stats() const override { return stats_; }

 private:
  MPI_Comm comm_;
  const clocksync::GlobalClock& clock_;
  double wait_s_;
  int rank_ = 0;
  std::int64_t k_ = 0;
  bool late_ = false;
  SyncStats stats_;
};

}  // namespace

double measure_bcast_time(MPI_Comm comm, int reps) {
  std::vector<double> t(static_cast<std::size_t>(reps));
  double x = 0;
  MPI_Bcast(&x, 1, MPI_DOUBLE, 0, comm);  // warm-up: the first message sets up the connection
  for (double& d : t) {
    MPI_Barrier(comm);
    const double t0 = MPI_Wtime();
    MPI_Bcast(&x, 1, MPI_DOUBLE, 0, comm);
    d = MPI_Wtime() - t0;
  }
  MPI_Allreduce(MPI_IN_PLACE, t.data(), reps, MPI_DOUBLE, MPI_MAX, comm);
  std::sort(t.begin(), t.end());
  const std::size_t n = t.size();
  return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

std::unique_ptr<ProcSync> make_roundtime_sync(MPI_Comm comm, const Settings& s) {
  const SynchronizedClock clock = synchronized_clock(comm, s.sync.clock);
  // ReproMPI measures the broadcast with --bcast-nrep repetitions; 20 keep the set-up short.
  const double wait = s.sync.bcast_mult * measure_bcast_time(comm, 20);
  return std::make_unique<RoundTimeSync>(comm, clock, wait);
}

}  // namespace metron::rt
