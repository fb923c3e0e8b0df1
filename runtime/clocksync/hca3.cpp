// HCA3 and HCA3O: top-down tree synchronization against already-global parents.
#include "runtime/clocksync/hca3.h"

#include <vector>

#include "runtime/clocksync/model/tree_schedule.h"
#include "runtime/clocksync/pingpong.h"

namespace metron::rt::clocksync {

ClockModel Hca3::sync(MPI_Comm user_comm) {
  const ScopedComm comm(user_comm);
  const SyncParams& prm = params();
  const bool skampi_intercept = offset_only_ || prm.recompute_intercept;
  ClockModel model;  // the root keeps {0, 0}; every other rank learns before it serves
  for (const TreeStep& step : tree_steps(comm.rank(), comm.size(), TreeOrder::TopDown)) {
    if (step.role == TreeRole::Reference) {
      const GlobalClock global(clock(), model);
      if (!offset_only_) {
        serve_timestamps(comm.get(), step.peer, global);  // Compute_Rtt
        serve_timestamps(comm.get(), step.peer, global);  // Learn_Model
      }
      if (skampi_intercept) skampi_pingpong(comm.get(), step.peer, false, prm.pingpongs, global);
    } else {
      if (!offset_only_) {
        model = learn_pair_model(comm.get(), step.peer, prm.fitpoints, prm.exchanges,
                                 prm.rtt_pingpongs, prm.warmup, local());
      }
      if (skampi_intercept) {
        // The client initiates; C_parent_global - C_me comes back, the model needs its negation.
        const OffsetEstimate est =
            skampi_pingpong(comm.get(), step.peer, true, prm.pingpongs, local());
        model = with_offset_at(model, est.at_s, -est.peer_minus_mine_s);
      }
    }
  }
  return model;
}

std::vector<std::pair<std::string, std::string>> Hca3::used_params() const {
  const SyncParams& prm = params();
  if (offset_only_) return {{"pingpongs", std::to_string(prm.pingpongs)}};
  std::vector<std::pair<std::string, std::string>> used = {
      {"fitpoints", std::to_string(prm.fitpoints)},
      {"exchanges", std::to_string(prm.exchanges)},
      {"rtt_pingpongs", std::to_string(prm.rtt_pingpongs)},
      {"warmup", std::to_string(prm.warmup)},
      {"recompute_intercept", prm.recompute_intercept ? "true" : "false"}};
  if (prm.recompute_intercept) used.emplace_back("pingpongs", std::to_string(prm.pingpongs));
  return used;
}

}  // namespace metron::rt::clocksync
