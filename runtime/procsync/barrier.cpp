// The factory of the barrier-type process syncs.
#include "runtime/procsync/barrier.h"

#include "runtime/procsync/dissemination.h"
#include "runtime/procsync/double_barrier.h"

namespace metron::rt {

std::unique_ptr<ProcSync> make_barrier_sync(ProcSyncKind kind, MPI_Comm comm) {
  switch (kind) {
    case ProcSyncKind::None:
      return std::make_unique<NoSync>();
    case ProcSyncKind::Barrier:
      return std::make_unique<MpiBarrier>(comm);
    case ProcSyncKind::DoubleBarrier:
      return std::make_unique<DoubleMpiBarrier>(comm);
    case ProcSyncKind::Dissemination:
      return std::make_unique<DisseminationBarrier>(comm);
    case ProcSyncKind::Window:
    case ProcSyncKind::RoundTime:
      break;
  }
  return nullptr;
}

}  // namespace metron::rt
