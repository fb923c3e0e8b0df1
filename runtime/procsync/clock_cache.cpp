// Clock cache (see clock_cache.h).
#include "runtime/procsync/clock_cache.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "runtime/clocksync/clock_sync.h"
#include "runtime/plan/diagnostics.h"

namespace metron::rt {

namespace {

namespace cs = clocksync;

struct Cached {
  std::unique_ptr<cs::GlobalClock> clock;
  std::chrono::steady_clock::time_point at;
  std::int64_t uses = 0;  // jobs that used this clock since it was synchronized
};
using Key = std::tuple<std::vector<int>, std::string, std::int64_t, std::int64_t>;

std::map<Key, Cached>& cache() {
  static std::map<Key, Cached> c;
  return c;
}
std::vector<ClockSyncEvent>& events() {
  static std::vector<ClockSyncEvent> e;
  return e;
}
std::optional<std::chrono::steady_clock::time_point>& first_sync() {
  static std::optional<std::chrono::steady_clock::time_point> t;
  return t;
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

}  // namespace

std::string clock_method_name(const ClockSettings& c) {
  switch (c.kind) {
    case ClockKind::SkampiOffset:
      return "skampi";  // offset-only by construction
    case ClockKind::NetgaugeOffset:
      return "netgauge";
    case ClockKind::Hca3:
      return c.offset_only ? "hca3o" : "hca3";
    case ClockKind::None:
      return c.offset_only ? "hca3o" : "hca3";
    case ClockKind::Topo2:
      if (c.offset_only) throw std::runtime_error(message_text(DiagId::job_offset_only_hca3));
      return "topo2:" + c.topo_inter + ":" + c.topo_intra;
    case ClockKind::JonesKoenig:
    case ClockKind::Hca:
    case ClockKind::Hca2:
      if (c.offset_only) throw std::runtime_error(message_text(DiagId::job_offset_only_hca3));
      return c.kind == ClockKind::JonesKoenig ? "jk" : c.kind == ClockKind::Hca ? "hca" : "hca2";
  }
  return "hca3";
}

SynchronizedClock synchronized_clock(MPI_Comm comm, ClockSettings c) {
  const std::string method = clock_method_name(c);
  Key key{world_ranks(comm), method, c.fitpoints, c.exchanges};
  Cached& slot = cache()[key];
  // Every rank of comm must agree on re-synchronizing: the root decides and broadcasts.
  int redo = !slot.clock;
  if (!redo && c.resync_every_s > 0)
    redo = std::chrono::duration<double>(std::chrono::steady_clock::now() - slot.at).count() >=
           c.resync_every_s;
  if (!redo && c.resync_every_jobs > 0) redo = slot.uses >= c.resync_every_jobs;
  MPI_Bcast(&redo, 1, MPI_INT, 0, comm);
  SynchronizedClock out;
  out.method = method;
  if (redo) {
    cs::SyncParams p;
    p.fitpoints = static_cast<int>(c.fitpoints);
    p.exchanges = static_cast<int>(c.exchanges);
    const cs::LocalClock local = cs::LocalClock::from_env(cs::ClockSource::Monotonic);
    auto sync = cs::make_clock_sync(method, local, p);
    const cs::SyncResult r = cs::run_sync(*sync, comm);
    slot.clock = std::make_unique<cs::GlobalClock>(r.clock);
    slot.at = std::chrono::steady_clock::now();
    slot.uses = 0;
    if (!first_sync()) first_sync() = slot.at;
    ClockSyncEvent e;
    e.method = method;
    for (const auto& [name, value] : sync->used_params())
      e.params += (e.params.empty() ? "" : ";") + name + "=" + value;
    MPI_Comm_size(comm, &e.ranks);
    e.duration_s = r.duration_s;
    e.at_s = std::chrono::duration<double>(slot.at - *first_sync()).count();
    events().push_back(std::move(e));
    out.synced_now = true;
    out.duration_s = r.duration_s;
  }
  ++slot.uses;
  out.clock = slot.clock.get();
  return out;
}

const std::vector<ClockSyncEvent>& clock_sync_events() {
  return events();
}

}  // namespace metron::rt
