// sync_factory_for (see sync_choice.h).
#include "runtime/measure/sync_choice.h"

#include <stdexcept>

#include "runtime/plan/diagnostics.h"
#include "runtime/procsync/barrier.h"
#include "runtime/procsync/clock_cache.h"
#include "runtime/procsync/global_stamps.h"
#include "runtime/procsync/roundtime.h"
#include "runtime/procsync/window.h"

namespace metron::rt {

bool uses_global_clock(const Settings& s) {
  return s.sync.kind == ProcSyncKind::Window || s.sync.kind == ProcSyncKind::RoundTime ||
         s.runtime == RuntimeKind::Global;
}

SyncFactory sync_factory_for(const Settings& s) {
  if (s.runtime == RuntimeKind::Global && s.scheme != SchemeKind::PerCall)
    throw std::runtime_error(message_text(DiagId::job_global_needs_per_call));
  if (uses_global_clock(s)) clock_method_name(s.sync.clock);  // rejects bad clock settings early
  switch (s.sync.kind) {
    case ProcSyncKind::Window:
      return make_window_sync;
    case ProcSyncKind::RoundTime:
      return make_roundtime_sync;
    default:
      if (s.runtime != RuntimeKind::Global) return nullptr;
      return [](MPI_Comm comm, const Settings& st) {
        return make_global_stamps(make_barrier_sync(st.sync.kind, comm), comm, st);
      };
  }
}

}  // namespace metron::rt
