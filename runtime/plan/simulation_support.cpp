// The simulated build's gaps (see simulation_support.h). A reason is at most 100 characters (a
// message argument is cut there); docs/simulation.md gives the details. The facts come from
// SimGrid 3.32's /usr/include/smpi/smpi.h: the calls in its "not yet implemented" block (they stop
// the simulation when called) and the MPI-4 calls it does not declare; docs/simulation.md lists
// them against the MPI calls Metron's operations make.
#include "runtime/plan/simulation_support.h"

#include <array>

namespace metron {

namespace {

constexpr std::array kGaps = {
    SimulationGap{OpFamily::Persistent, "",
                  "implements MPI 3.1, without MPI-4's persistent collectives (MPI_<name>_init)"},
    SimulationGap{OpFamily::Neighbourhood, "",
                  "does not implement the neighbourhood collectives (MPI_Neighbor_*, "
                  "MPI_Ineighbor_*, *_init)"},
    SimulationGap{OpFamily::Io, "",
                  "models files only on a platform <disk>, which Metron's platforms lack, and "
                  "lacks parts of MPI-IO"},
    SimulationGap{OpFamily::OneSided, "Win_test",
                  "does not implement MPI_Win_test (the simulation would stop in the call)"},
    SimulationGap{OpFamily::OneSided, "Win_test_delayed",
                  "does not implement MPI_Win_test (the simulation would stop in the call)"},
    SimulationGap{OpFamily::OneSided, "Put_activewait_twosided",
                  "runs one rank at a time: a rank polling window memory (MPI_Win_sync) would time "
                  "its scheduling"},
    SimulationGap{OpFamily::OneSided, "Put_activewait_twosided_sleep",
                  "runs one rank at a time: a rank polling window memory (MPI_Win_sync) would time "
                  "its scheduling"},
    SimulationGap{OpFamily::OneSided, "Accumulate_activewait_twosided",
                  "runs one rank at a time: a rank polling window memory (MPI_Win_sync) would time "
                  "its scheduling"},
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
