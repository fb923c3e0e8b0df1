// `set sync = dissemination`: Metron's own barrier from point-to-point calls, so two MPI
// libraries are compared with the same barrier ("MPI Benchmarking Revisited", §4). The
// dissemination algorithm (Hensgen, Finkel, Manber 1988): in round k = 0 .. ceil(log2 p) - 1, rank
// i sends an empty message to (i + 2^k) mod p and receives one from (i - 2^k) mod p.
#pragma once

#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

// One dissemination barrier on comm with the given tag; returns the first MPI error code.
int dissemination_barrier(MPI_Comm comm, int tag = 0);

class DisseminationBarrier final : public BarrierSync {
 public:
  explicit DisseminationBarrier(MPI_Comm comm);
  std::string_view name() const override { return "dissemination"; }
  void wait() noexcept override;
  int rounds() const { return rounds_; }

 private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
  int rounds_ = 0;
};

}  // namespace metron::rt
