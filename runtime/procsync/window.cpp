// WindowSync (see window.h).
#include "runtime/procsync/window.h"

#include <stdexcept>
#include <vector>

#include "runtime/clocksync/local_clock.h"
#include "runtime/plan/message_error.h"
#include "runtime/procsync/clock_cache.h"
#include "runtime/procsync/global_times.h"

namespace metron::rt {

namespace {

class WindowSync final : public ProcSync, public BatchStamps {
 public:
  WindowSync(MPI_Comm comm, const Settings& s, const SynchronizedClock& clock)
      : comm_(comm),
        clock_(*clock.clock),
        window_s_(s.sync.window_s),
        wait_s_(s.sync.wait_time_s),
        adaptive_(s.sync.adaptive) {
    MPI_Comm_rank(comm, &rank_);
    stats_.clock = clock.method;
    stats_.clock_sync_s = clock.duration_s;
  }
  std::string_view name() const override { return "window"; }

  // A fresh start time per batch: the gathers and the stopping rule between batches take an
  // unknown time, so slots cannot simply continue across batches.
  void begin_batch(std::int64_t n) override {
    double start = rank_ == 0 ? clock_.now() + wait_s_ : 0.0;
    note(MPI_Bcast(&start, 1, MPI_DOUBLE, 0, comm_));
    start_ = start;
    begin_stamps(n);
    k_ = 0;
    batch_invalid_ = 0;
    batch_busy_s_ = 0;
  }
  void before_observation(std::int64_t) override {
    target_ = start_ + static_cast<double>(k_) * window_s_;
    double t = clock_.now();
    late_ = t > target_;
    while (t < target_) t = clock_.now();  // busy-wait: a sleep would wake up late
    gstart_[static_cast<std::size_t>(k_)] = t;
    ++g_sync_points;
  }
  bool after_observation(std::int64_t, double, double) override {
    const double t = clock_.now();
    gend_[static_cast<std::size_t>(k_)] = t;
    batch_busy_s_ += t - gstart_[static_cast<std::size_t>(k_)];
    ++k_;
    const bool overran = t > target_ + window_s_;
    stats_.late += late_;
    stats_.overran += overran;
    const bool ok = !late_ && !overran;
    batch_invalid_ += !ok;
    return ok;
  }
  // SKaMPI's adaptation ("MPI Benchmarking Revisited" §4.5): when a quarter or more of a batch was
  // invalid on some rank, the next batch gets win = max(2 win, 1.5 x the mean observation time).
  // Decided alike on every rank (Allreduce of the worst rank's figures).
  void end_batch() override {
    stats_.window_s = window_s_;
    if (!adaptive_ || k_ == 0) return;
    double worst[2] = {static_cast<double>(batch_invalid_), batch_busy_s_};
    note(MPI_Allreduce(MPI_IN_PLACE, worst, 2, MPI_DOUBLE, MPI_MAX, comm_));
    if (worst[0] * 4 >= static_cast<double>(k_))
      window_s_ = std::max(2 * window_s_, worst[1] / static_cast<double>(k_ + 1) * 1.5);
    stats_.window_s = window_s_;
  }
  SyncStats stats() const override { return stats_; }

 private:
  MPI_Comm comm_;
  const clocksync::GlobalClock& clock_;
  double window_s_, wait_s_;
  bool adaptive_ = false;
  int rank_ = 0;
  double start_ = 0, target_ = 0;
  std::int64_t k_ = 0;
  bool late_ = false;
  std::int64_t batch_invalid_ = 0;
  double batch_busy_s_ = 0;
  SyncStats stats_;
};

}  // namespace

std::unique_ptr<ProcSync> make_window_sync(MPI_Comm comm, const Settings& s) {
  Settings adjusted = s;
  // An adaptive window may start at 0: it then starts at 10 us and doubles until it fits.
  if (!(adjusted.sync.window_s > 0)) {
    if (!adjusted.sync.adaptive)
      throw_message(DiagId::bad_setting_window_size, "sync");  // the front end refuses it first
    adjusted.sync.window_s = 10e-6;
  }
  const SynchronizedClock clock = synchronized_clock(comm, adjusted.sync.clock);
  return std::make_unique<WindowSync>(comm, adjusted, clock);
}

}  // namespace metron::rt
