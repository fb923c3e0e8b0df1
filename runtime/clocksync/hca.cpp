// HCA and HCA2 (Alg. 2, 3, 4).
#include "runtime/clocksync/hca.h"

#include <span>
#include <vector>

#include "runtime/clocksync/model/tree_schedule.h"
#include "runtime/clocksync/model_messages.h"
#include "runtime/clocksync/pingpong.h"

namespace metron::rt::clocksync {

namespace {

// Compute_And_Set_Intercept (Alg. 4) at the client: the client initiates the SKaMPI ping-pong,
// whose result is C_ref - C_client; the model needs C_client - C_ref, hence the minus sign (the
// pseudocode of Compute_And_Set_Intercept in "MPI Benchmarking Revisited" has it the other way
// round). The offset is stamped with the middle of the exchange rather than its end, so a slow
// exchange does not add slope * duration / 2 to the intercept.
ClockModel set_intercept(MPI_Comm comm, int ref, int pingpongs, const ClockModel& model,
                         const GlobalClock& clock) {
  const OffsetEstimate est = skampi_pingpong(comm, ref, true, pingpongs, clock);
  return with_offset_at(model, est.at_s, -est.peer_minus_mine_s);
}

}  // namespace

ClockModel Hca::sync(MPI_Comm user_comm) {
  const ScopedComm comm(user_comm);
  const int p = comm.size();
  const int me = comm.rank();
  const SyncParams& prm = params();
  std::vector<ClockModel> table(static_cast<std::size_t>(p));
  ClockModel remaining_pair;  // this rank's model against r - maxpower (ranks >= maxpower)
  const std::vector<TreeStep> steps = tree_steps(me, p, TreeOrder::BottomUp);
  for (const TreeStep& step : steps) {
    if (step.role == TreeRole::Reference) {
      serve_timestamps(comm.get(), step.peer, local());  // Compute_Rtt
      serve_timestamps(comm.get(), step.peer, local());  // Learn_Model_HCA
      if (hierarchical_intercepts_)
        skampi_pingpong(comm.get(), step.peer, false, prm.pingpongs, local());
      if (!step.remaining) {
        std::vector<ClockModel> block(static_cast<std::size_t>(step.span));
        recv_models(comm.get(), step.peer, block);
        absorb_block(table, step.peer, block);
      }
    } else {
      ClockModel m = learn_pair_model(comm.get(), step.peer, prm.fitpoints, prm.exchanges,
                                      prm.rtt_pingpongs, prm.warmup, local());
      if (hierarchical_intercepts_)
        m = set_intercept(comm.get(), step.peer, prm.pingpongs, m, local());
      if (step.remaining) {
        remaining_pair = m;
      } else {
        table[me] = m;
        send_models(comm.get(), step.peer,
                    std::span<const ClockModel>(table).subspan(me, step.span));
      }
    }
  }
  // Sync_Clocks_Remaining: the root composes the models of ranks >= maxpower. Alg. 3 gathers on
  // a sub-communicator of those ranks; gathering on all ranks (the others send {0, 0}) is the
  // same result without creating a communicator.
  if (tree_maxpower(p) != p) {
    const std::vector<ClockModel> gathered = gather_models(comm.get(), remaining_pair);
    if (me == 0) {
      for (int q = tree_maxpower(p); q < p; ++q) table[q] = gathered[q];
      absorb_remaining(table);
    }
  }
  ClockModel mine = scatter_models(comm.get(), table);
  if (me == 0) mine = ClockModel{};
  if (!hierarchical_intercepts_) {
    // Compute_And_Set_All_Intercepts: the root serves every rank in turn.
    if (me == 0) {
      for (int r = 1; r < p; ++r) skampi_pingpong(comm.get(), r, false, prm.pingpongs, local());
    } else {
      mine = set_intercept(comm.get(), 0, prm.pingpongs, mine, local());
    }
  }
  return mine;
}

std::vector<std::pair<std::string, std::string>> Hca::used_params() const {
  const SyncParams& prm = params();
  return {{"fitpoints", std::to_string(prm.fitpoints)},
          {"exchanges", std::to_string(prm.exchanges)},
          {"rtt_pingpongs", std::to_string(prm.rtt_pingpongs)},
          {"warmup", std::to_string(prm.warmup)},
          {"pingpongs", std::to_string(prm.pingpongs)}};
}

}  // namespace metron::rt::clocksync
