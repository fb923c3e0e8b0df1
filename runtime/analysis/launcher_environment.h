// The environment variables that a process manager sets for its own processes: MPICH's Hydra
// (PMI_*, HYDI_*, MPIR_CVAR_CH3_INTERFACE_HOSTNAME, ...), Open MPI's mpirun (OMPI_COMM_WORLD_*,
// OMPI_MCA_orte_*, OMPI_MCA_ess*, ...), PMIx (PMIX_*) and Slurm's job and step (SLURM_*). A
// launch's manifest records them with the variables the user set, but they say which launcher
// ran it, not how MPI was tuned: a replay under another launcher does not report them as
// differences (runtime/analysis/environment_diff.h), while tuning variables (MPIR_CVAR_*,
// OMPI_MCA_* that the user set, UCX_*, FI_*) still are. No MPI.
#pragma once

#include <string_view>

namespace metron::analysis {

bool launcher_internal_env(std::string_view name);

}  // namespace metron::analysis
