// Topo2: the node split, the two levels' synchronizations and the composition of their models.
#include "runtime/clocksync/topo2.h"

#include <utility>

namespace metron::rt::clocksync {

MPI_Comm split_by_node(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  return node;
}

Topo2::Topo2(const LocalClock& clock, const SyncParams& params, TopoSpec spec, NodeSplit split)
    : ClockSync(clock, params),
      spec_(std::move(spec)),
      name_(spec_.name()),
      split_(split ? split : split_by_node) {
  inter_ = make_clock_sync(spec_.inter, clock, params);
  if (spec_.intra != kPropagate) intra_ = make_clock_sync(spec_.intra, clock, params);
}

ClockModel Topo2::sync_intra(MPI_Comm node) const {
  if (intra_) return intra_->sync(node);
  // ClockPropagation: the ranks of a node read one clock, so the origins relate them exactly.
  double leader_origin = clock().origin_s();
  MPI_Bcast(&leader_origin, 1, MPI_DOUBLE, 0, node);
  return propagated_model(leader_origin, clock().origin_s());
}

ClockModel Topo2::sync(MPI_Comm user_comm) {
  const ScopedComm comm(user_comm);
  MPI_Comm node = split_(comm.get());
  int node_rank = 0;
  MPI_Comm_rank(node, &node_rank);
  // Keyed by rank: the root, rank 0 of its node, is rank 0 of the leaders too.
  MPI_Comm leaders = MPI_COMM_NULL;
  MPI_Comm_split(comm.get(), node_rank == 0 ? 0 : MPI_UNDEFINED, comm.rank(), &leaders);
  ClockModel leader_to_root;
  if (leaders != MPI_COMM_NULL) {
    leader_to_root = inter_->sync(leaders);
    MPI_Comm_free(&leaders);
  }
  const ClockModel rank_to_leader = sync_intra(node);
  double wire[2] = {leader_to_root.slope, leader_to_root.intercept};
  MPI_Bcast(wire, 2, MPI_DOUBLE, 0, node);
  MPI_Comm_free(&node);
  return compose_levels(ClockModel{wire[0], wire[1]}, rank_to_leader);
}

std::vector<std::pair<std::string, std::string>> Topo2::used_params() const {
  std::vector<std::pair<std::string, std::string>> used = {{"inter", spec_.inter},
                                                           {"intra", spec_.intra}};
  for (auto& [n, v] : inter_->used_params()) used.emplace_back("inter." + n, v);
  if (intra_)
    for (auto& [n, v] : intra_->used_params()) used.emplace_back("intra." + n, v);
  return used;
}

}  // namespace metron::rt::clocksync
