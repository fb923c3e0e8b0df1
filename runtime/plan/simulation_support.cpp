// The simulated build's gaps (see simulation_support.h). The facts come from SimGrid 3.32's
// /usr/include/smpi/smpi.h: the calls in its "not yet implemented" block (they stop the
// simulation when called) and the MPI-4 calls it does not declare; docs/simulation.md lists them
// against the MPI calls Metron's operations make.
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
                  "does not model a rank that polls window memory (volatile loads between "
                  "MPI_Win_sync calls): it runs one simulated rank at a time and moves RMA data "
                  "as simulated messages, so the time would be its scheduling, not the platform's"},
    SimulationGap{OpFamily::OneSided, "Put_activewait_twosided_sleep",
                  "does not model a rank that polls window memory (volatile loads between "
                  "MPI_Win_sync calls): it runs one simulated rank at a time and moves RMA data "
                  "as simulated messages, so the time would be its scheduling, not the platform's"},
    SimulationGap{OpFamily::OneSided, "Accumulate_activewait_twosided",
                  "does not model a rank that polls window memory (volatile loads between "
                  "MPI_Win_sync calls): it runs one simulated rank at a time and moves RMA data "
                  "as simulated messages, so the time would be its scheduling, not the platform's"},
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
