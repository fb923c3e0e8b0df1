// `set sync = double_barrier`: two MPI_Barrier calls before each observation (ReproMPI's
// Double_MPI_Barrier, ReproMPI's process_sync): the second starts with the ranks closer together
// than the first, so they leave it closer together.
#pragma once

#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

class DoubleMpiBarrier final : public BarrierSync {
 public:
  explicit DoubleMpiBarrier(MPI_Comm comm) : comm_(comm) {}
  std::string_view name() const override { return "double_barrier"; }
  void wait() noexcept override {
    note(MPI_Barrier(comm_));
    note(MPI_Barrier(comm_));
  }

 private:
  MPI_Comm comm_;
};

}  // namespace metron::rt
