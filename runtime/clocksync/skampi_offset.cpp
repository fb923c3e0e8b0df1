// SKaMPI clock offsets (Alg. 8, Compute_And_Set_Clock_Offsets).
#include "runtime/clocksync/skampi_offset.h"

#include "runtime/clocksync/pingpong.h"

namespace metron::rt::clocksync {

ClockModel SkampiOffsets::sync(MPI_Comm user_comm) {
  const ScopedComm comm(user_comm);
  const int p = comm.size();
  const int me = comm.rank();
  std::vector<double> diff(static_cast<std::size_t>(p), 0.0);
  // The root's own pair is skipped (Alg. 8 of "MPI Benchmarking Revisited" loops over it too,
  // measuring nothing).
  for (int i = 1; i < p; ++i) {
    MPI_Barrier(comm.get());
    if (me == 0) {
      diff[i] = skampi_pingpong(comm.get(), i, true, params().pingpongs, local()).peer_minus_mine_s;
    } else if (me == i) {
      diff[0] =
          skampi_pingpong(comm.get(), 0, false, params().pingpongs, local()).peer_minus_mine_s;
    }
  }
  // The root's table holds C_i - C_root; adding this rank's C_root - C_me gives C_i - C_me.
  std::vector<double> root_table = diff;
  MPI_Bcast(root_table.data(), p, MPI_DOUBLE, 0, comm.get());
  offsets_.assign(static_cast<std::size_t>(p), 0.0);
  for (int i = 0; i < p; ++i) {
    if (i == me) continue;
    offsets_[i] = i == 0 ? diff[0] : root_table[i] + diff[0];
  }
  // This rank's own measurement gives local - root = -(C_root - C_me).
  return me == 0 ? ClockModel{} : offset_model(-diff[0]);
}

std::vector<std::pair<std::string, std::string>> SkampiOffsets::used_params() const {
  return {{"pingpongs", std::to_string(params().pingpongs)}};
}

}  // namespace metron::rt::clocksync
