// Two-level (Topo2) clock synchronization without MPI: the method's name, which names one flat
// method per level, and the models that put a rank of a node on the root's clock.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "runtime/clocksync/model/clock_model.h"

namespace metron::rt::clocksync {

// The intra-node "method" that measures nothing: the node leader's model is propagated to the
// other ranks of its node (ReproMPI's ClockPropagation), sound only when they read one clock.
inline constexpr std::string_view kPropagate = "propagate";

// `topo2:INTER:INTRA`: INTER synchronizes the node leaders (rank 0 of each node) against the
// root, INTRA every rank of a node against its leader. INTER is a flat method other than
// `none`; INTRA is a flat method or `propagate`. Plain `topo2` is `topo2:hca3:hca3`.
struct TopoSpec {
  std::string inter = "hca3";
  std::string intra = "hca3";
  std::string name() const { return "topo2:" + inter + ":" + intra; }
};

// Whether `name` is a Topo2 name at all (starts with "topo2").
bool is_topo_name(std::string_view name);

// The levels of a Topo2 name. Throws std::invalid_argument (clock_sync_unknown_method, or
// clock_sync_topo_level naming the bad level) for a malformed name or a method not allowed at
// its level. `flat` lists the flat methods (clock_sync_methods()).
TopoSpec parse_topo_spec(std::string_view name, std::span<const std::string_view> flat);

// The model of a rank against the root from its node leader's model against the root and its
// own model against the leader (Merge_LMs, Alg. 4).
ClockModel compose_levels(const ClockModel& leader_to_root, const ClockModel& rank_to_leader);

// ClockPropagation's model of a rank against its leader when both read the same raw clock:
// local clocks count from their own origins, so local - leader's local = leader's origin -
// own origin, exactly and for ever (no drift between readings of one clock).
ClockModel propagated_model(double leader_origin_s, double own_origin_s);

}  // namespace metron::rt::clocksync
