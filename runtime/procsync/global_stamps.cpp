// GlobalStamps (see global_stamps.h).
#include "runtime/procsync/global_stamps.h"

#include <vector>

#include "runtime/clocksync/local_clock.h"
#include "runtime/procsync/clock_cache.h"
#include "runtime/procsync/global_times.h"

namespace metron::rt {

namespace {

class GlobalStamps final : public ProcSync, public BatchStamps {
 public:
  GlobalStamps(std::unique_ptr<ProcSync> inner, const SynchronizedClock& clock)
      : inner_(std::move(inner)), clock_(*clock.clock) {
    stats_.clock = clock.method;
    stats_.clock_sync_s = clock.duration_s;
  }
  std::string_view name() const override { return inner_->name(); }
  void begin_batch(std::int64_t n) override {
    inner_->begin_batch(n);
    begin_stamps(n);
    k_ = 0;
  }
  void before_observation(std::int64_t i) override {
    inner_->before_observation(i);
    gstart_[static_cast<std::size_t>(k_)] = clock_.now();
  }
  bool after_observation(std::int64_t i, double t0, double t1) override {
    gend_[static_cast<std::size_t>(k_++)] = clock_.now();
    return inner_->after_observation(i, t0, t1);
  }
  void end_batch() override {
    inner_->end_batch();
    note(inner_->error());  // JobRunner checks this sync's error only
    inner_->clear_error();
  }
  SyncStats stats() const override { return stats_; }

 private:
  std::unique_ptr<ProcSync> inner_;
  const clocksync::GlobalClock& clock_;
  std::int64_t k_ = 0;
  SyncStats stats_;
};

}  // namespace

std::unique_ptr<ProcSync> make_global_stamps(std::unique_ptr<ProcSync> inner, MPI_Comm comm,
                                             const Settings& s) {
  const SynchronizedClock clock = synchronized_clock(comm, s.sync.clock);
  return std::make_unique<GlobalStamps>(std::move(inner), clock);
}

}  // namespace metron::rt
