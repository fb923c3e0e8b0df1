// WindowSync (see window.h).
#include "runtime/procsync/window.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>

#include "runtime/clocksync/clock_sync.h"

namespace metron::rt {

namespace {

namespace cs = clocksync;

ClockSyncRecord g_record;

// Synchronized clocks are expensive (fitpoints x exchanges ping-pongs): keep one per set of
// world ranks and clock settings for the whole launch, refreshed after `resync` seconds.
struct CachedClock {
  std::unique_ptr<cs::GlobalClock> clock;
  std::chrono::steady_clock::time_point at;
};
using Key = std::tuple<std::vector<int>, int, std::int64_t, std::int64_t, bool>;
std::map<Key, CachedClock>& cache() {
  static std::map<Key, CachedClock> c;
  return c;
}

std::vector<int> world_ranks(MPI_Comm comm) {
  MPI_Group g, w;
  MPI_Comm_group(comm, &g);
  MPI_Comm_group(MPI_COMM_WORLD, &w);
  int n = 0;
  MPI_Group_size(g, &n);
  std::vector<int> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) in[static_cast<std::size_t>(i)] = i;
  MPI_Group_translate_ranks(g, n, in.data(), w, out.data());
  MPI_Group_free(&g);
  MPI_Group_free(&w);
  return out;
}

const char* method_name(ClockKind k) {
  switch (k) {
    case ClockKind::SkampiOffset:
      return "skampi";
    case ClockKind::NetgaugeOffset:
      return "netgauge";
    case ClockKind::JonesKoenig:
      return "jk";
    case ClockKind::Hca:
      return "hca";
    case ClockKind::Hca2:
      return "hca2";
    case ClockKind::Hca3:
      return "hca3";
    default:
      return "none";
  }
}

const cs::GlobalClock& synchronized_clock(MPI_Comm comm, const ClockSettings& c) {
  Key key{world_ranks(comm), static_cast<int>(c.kind), c.fitpoints, c.exchanges, c.offset_only};
  auto& slot = cache()[key];
  // Every rank of comm must agree on re-synchronizing: decide on the root, broadcast.
  int redo = !slot.clock;
  if (!redo && c.resync_every_s > 0) {
    double age = std::chrono::duration<double>(std::chrono::steady_clock::now() - slot.at).count();
    redo = age >= c.resync_every_s;
  }
  MPI_Bcast(&redo, 1, MPI_INT, 0, comm);
  if (!redo) return *slot.clock;
  cs::SyncParams p;
  p.fitpoints = static_cast<int>(c.fitpoints);
  p.exchanges = static_cast<int>(c.exchanges);
  cs::LocalClock local = cs::LocalClock::from_env(cs::ClockSource::Monotonic);
  auto method = cs::make_clock_sync(method_name(c.kind), local, p);
  cs::SyncResult r = cs::run_sync(*method, comm);
  slot.clock = std::make_unique<cs::GlobalClock>(r.clock);
  slot.at = std::chrono::steady_clock::now();
  g_record.method = method_name(c.kind);
  g_record.duration_s = r.duration_s;
  ++g_record.syncs;
  return *slot.clock;
}

class WindowSync final : public ProcSync, public GlobalTimes {
 public:
  WindowSync(MPI_Comm comm, const Settings& s, const cs::GlobalClock& clock)
      : comm_(comm),
        clock_(clock),
        window_s_(s.sync.window_s),
        wait_s_(s.sync.wait_time_s),
        adaptive_(s.sync.adaptive) {
    MPI_Comm_rank(comm, &rank_);
  }
  std::string_view name() const override { return "window"; }

  void begin_batch(std::int64_t n) override {
    double start = rank_ == 0 ? clock_.now() + wait_s_ : 0.0;
    note(MPI_Bcast(&start, 1, MPI_DOUBLE, 0, comm_));
    start_ = start;
    gstart_.assign(static_cast<std::size_t>(n), 0.0);
    gend_.assign(static_cast<std::size_t>(n), 0.0);
    k_ = 0;
    invalid_ = 0;
  }
  // SKaMPI's adaptation (anchors.md §1.10): when more than a quarter of a batch was invalid on
  // some rank, the next batch gets twice the window. Decided alike on every rank (Allreduce).
  void end_batch() override {
    if (!adaptive_) return;
    std::int64_t worst = invalid_;
    note(MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_INT64_T, MPI_MAX, comm_));
    if (worst * 4 > k_) window_s_ *= 2;
  }
  void before_observation(std::int64_t) override {
    target_ = start_ + static_cast<double>(k_) * window_s_;
    double t = clock_.now();
    late_ = t > target_;
    while (t < target_) t = clock_.now();  // busy-wait: a sleep would wake up late
    if (k_ < static_cast<std::int64_t>(gstart_.size())) gstart_[static_cast<std::size_t>(k_)] = t;
  }
  bool after_observation(std::int64_t, double, double) override {
    double t = clock_.now();
    if (k_ < static_cast<std::int64_t>(gend_.size())) gend_[static_cast<std::size_t>(k_)] = t;
    ++k_;
    bool ok = !late_ && t <= target_ + window_s_;
    if (!ok) ++invalid_;
    return ok;
  }
  const std::vector<double>& global_start() const override { return gstart_; }
  const std::vector<double>& global_end() const override { return gend_; }

 private:
  MPI_Comm comm_;
  const cs::GlobalClock& clock_;
  double window_s_, wait_s_;
  int rank_ = 0;
  double start_ = 0, target_ = 0;
  std::int64_t k_ = 0;
  bool late_ = false;
  bool adaptive_ = false;
  std::int64_t invalid_ = 0;
  std::vector<double> gstart_, gend_;
};

}  // namespace

const ClockSyncRecord& clock_sync_record() {
  return g_record;
}

std::unique_ptr<ProcSync> make_window_sync(MPI_Comm comm, const Settings& s) {
  if (s.sync.kind != ProcSyncKind::Window)
    throw std::runtime_error("process sync '" + proc_sync_name(s.sync.kind) +
                             "' is not implemented");
  if (!(s.sync.window_s > 0)) throw std::runtime_error("window sync needs a size above 0");
  ClockSettings c = s.sync.clock;
  if (c.kind == ClockKind::None) c.kind = ClockKind::Hca3;  // a window needs a global clock
  return std::make_unique<WindowSync>(comm, s, synchronized_clock(comm, c));
}

}  // namespace metron::rt
