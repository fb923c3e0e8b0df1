// `set sync = barrier`: one MPI_Barrier before each observation (MS1 as SKaMPI, OSU and the
// paper's own experiments use it, "MPI Benchmarking Revisited", §4), and the factory of the barrier
// kinds.
#pragma once

#include <memory>

#include "runtime/plan/settings.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

class MpiBarrier final : public BarrierSync {
 public:
  explicit MpiBarrier(MPI_Comm comm) : comm_(comm) {}
  std::string_view name() const override { return "barrier"; }
  void wait() noexcept override { note(MPI_Barrier(comm_)); }

 private:
  MPI_Comm comm_;
};

// None, Barrier, DoubleBarrier and Dissemination on `comm` (which the sync uses for its own
// messages: give it a communicator no operation uses); nullptr for kinds that need more than a
// communicator (Window, RoundTime).
std::unique_ptr<ProcSync> make_barrier_sync(ProcSyncKind kind, MPI_Comm comm);

}  // namespace metron::rt
