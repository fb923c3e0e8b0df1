// Netgauge / NBCBench hierarchical clock offsets (Alg. 11, 12).
#include "runtime/clocksync/netgauge.h"

#include <span>
#include <vector>

#include "runtime/clocksync/model/tree_schedule.h"
#include "runtime/clocksync/model_messages.h"
#include "runtime/clocksync/pingpong.h"

namespace metron::rt::clocksync {

ClockModel NetgaugeOffsets::sync(MPI_Comm user_comm) {
  const ScopedComm comm(user_comm);
  const int p = comm.size();
  const int me = comm.rank();
  // table[j]: offset model of rank j against this rank, filled for this rank's subtree.
  std::vector<ClockModel> table(static_cast<std::size_t>(p));
  const std::vector<TreeStep> steps = tree_steps(me, p, TreeOrder::BottomUp);
  // Alg. 11 lets the lower rank ping; here the rank that learns (the upper one) pings, which
  // is the same exchange seen from the other side and keeps one protocol for all methods.
  for (const TreeStep& step : steps) {
    if (step.remaining) break;
    if (step.role == TreeRole::Reference) {
      serve_timestamps(comm.get(), step.peer, local());
      std::vector<ClockModel> block(static_cast<std::size_t>(step.span));
      recv_models(comm.get(), step.peer, block);
      absorb_block(table, step.peer, block);
    } else {
      const double d = netgauge_offset(comm.get(), step.peer, params().pingpongs, local());
      table[me] = offset_model(d);
      send_models(comm.get(), step.peer, std::span<const ClockModel>(table).subspan(me, step.span));
    }
  }
  // MPI_Scatter(l^diff -> myoffset): every rank takes part, ranks >= maxpower included.
  ClockModel mine = scatter_models(comm.get(), table);
  if (!steps.empty() && steps.back().remaining) {
    const TreeStep& step = steps.back();
    if (step.role == TreeRole::Reference) {
      serve_timestamps(comm.get(), step.peer, local());
      send_models(comm.get(), step.peer, std::span<const ClockModel>(&mine, 1));
    } else {
      const double d = netgauge_offset(comm.get(), step.peer, params().pingpongs, local());
      ClockModel partner;
      recv_models(comm.get(), step.peer, std::span<ClockModel>(&partner, 1));
      mine = merge_models(partner, offset_model(d));
    }
  }
  return me == 0 ? ClockModel{} : mine;
}

std::vector<std::pair<std::string, std::string>> NetgaugeOffsets::used_params() const {
  return {{"pingpongs", std::to_string(params().pingpongs)}};
}

}  // namespace metron::rt::clocksync
