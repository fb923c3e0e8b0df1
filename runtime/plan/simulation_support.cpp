// The simulated build's gaps (see simulation_support.h). The facts come from SimGrid 3.32's
// include/smpi/smpi.h (the "not yet implemented" block, and what it does not declare) and
// src/smpi/bindings/smpi_mpi.cpp (UNIMPLEMENTED_WRAPPED_PMPI_CALL: xbt_die at the call).
#include "runtime/plan/simulation_support.h"

#include <array>

namespace metron {

namespace {

constexpr std::array kGaps = {
    SimulationGap{OpFamily::Persistent, "",
                  "implements MPI 3.1: MPI-4 persistent collectives (MPI_<name>_init) do not "
                  "exist there"},
    SimulationGap{OpFamily::Neighbourhood, "",
                  "does not implement the neighbourhood collectives (MPI_Neighbor_*, "
                  "MPI_Ineighbor_*: the simulation stops in the call) nor MPI-4's "
                  "MPI_Neighbor_*_init"},
    SimulationGap{OpFamily::Io, "",
                  "opens files only on a <disk> of the platform (file-system plugin), which "
                  "Metron's platforms do not model, and does not implement nonblocking, split "
                  "collective and ordered MPI-IO nor MPI_File_preallocate"},
    SimulationGap{OpFamily::OneSided, "Win_test",
                  "does not implement MPI_Win_test (the simulation stops in the call)"},
    SimulationGap{OpFamily::OneSided, "Win_test_delayed",
                  "does not implement MPI_Win_test (the simulation stops in the call)"},
    SimulationGap{OpFamily::OneSided, "Put_activewait_twosided",
                  "does not implement MPI_Win_sync, and a rank that polls window memory makes "
                  "no MPI call, so no other simulated rank would run meanwhile"},
    SimulationGap{OpFamily::OneSided, "Put_activewait_twosided_sleep",
                  "does not implement MPI_Win_sync, and a rank that polls window memory makes "
                  "no MPI call, so no other simulated rank would run meanwhile"},
    SimulationGap{OpFamily::OneSided, "Accumulate_activewait_twosided",
                  "does not implement MPI_Win_sync, and a rank that polls window memory makes "
                  "no MPI call, so no other simulated rank would run meanwhile"},
};

}  // namespace

std::span<const SimulationGap> simulation_gaps() {
  return kGaps;
}

const SimulationGap* simulation_gap(const MeasureFunc& f) {
  for (const SimulationGap& g : kGaps)
    if (g.family == f.family && (g.name.empty() || g.name == f.name)) return &g;
  return nullptr;
}

const SimulationGap* simulation_gap(std::string_view op_name) {
  const MeasureFunc* f = find_measure_func(op_name);
  return f ? simulation_gap(*f) : nullptr;
}

}  // namespace metron
