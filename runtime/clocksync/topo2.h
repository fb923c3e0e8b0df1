// Topo2: two-level clock synchronization over the node structure (ReproMPI's hierarchical
// synchronization with one algorithm per level; "Topo2" in the issue and docs/clocksync.md).
#pragma once

#include <memory>
#include <string>

#include "runtime/clocksync/clock_sync.h"
#include "runtime/clocksync/model/topo_spec.h"

namespace metron::rt::clocksync {

// Ranks are split into nodes (MPI_Comm_split_type SHARED, keyed by rank, so the root is rank 0
// of its node). The node leaders (rank 0 of each node) synchronize against the root with the
// inter method; then every node synchronizes against its leader with the intra method, all
// nodes at once; each leader broadcasts its model in its node and every rank composes it with
// its own (compose_levels). With `propagate` as intra method nothing is measured inside a node:
// the leader broadcasts its clock origin and each rank takes propagated_model.
// Time: the inter method on p / k leaders plus the intra method on k ranks (k ranks per node),
// so O(log p) when both levels are tree methods.
class Topo2 final : public ClockSync {
 public:
  // Makes the node communicator of `comm` (collective); freed by the caller. Tests split one
  // host into several "nodes" with it.
  using NodeSplit = MPI_Comm (*)(MPI_Comm comm);

  // Throws std::invalid_argument for a bad level method or bad parameters.
  Topo2(const LocalClock& clock, const SyncParams& params, TopoSpec spec,
        NodeSplit split = nullptr);
  std::string_view name() const override { return name_; }
  ClockModel sync(MPI_Comm comm) override;
  // "inter" and "intra", then each level's parameters prefixed with "inter." or "intra.".
  std::vector<std::pair<std::string, std::string>> used_params() const override;

 private:
  ClockModel sync_intra(MPI_Comm node) const;

  TopoSpec spec_;
  std::string name_;
  std::unique_ptr<ClockSync> inter_;
  std::unique_ptr<ClockSync> intra_;  // null for propagate
  NodeSplit split_;
};

// The default NodeSplit: MPI_Comm_split_type(MPI_COMM_TYPE_SHARED), keyed by rank.
MPI_Comm split_by_node(MPI_Comm comm);

}  // namespace metron::rt::clocksync
