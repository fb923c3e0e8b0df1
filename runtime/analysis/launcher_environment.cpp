// Launcher-internal environment variables (see launcher_environment.h). The lists are what the
// launchers were seen to set in their ranks' environment (`mpiexec.mpich -n 2 env`, `mpirun.openmpi
// -n 2 env` on Debian 12: MPICH 4.0.2's Hydra, Open MPI 4.1.4's orterun) and what their
// documentation says they set (Slurm's srun).
#include "runtime/analysis/launcher_environment.h"

#include <array>

namespace metron::analysis {

namespace {

// Prefixes of names only a launcher sets.
constexpr std::array<std::string_view, 14> kPrefixes = {
    // MPICH's Hydra: the PMI connection and the local rank numbering.
    "PMI_", "HYDI_", "MPI_LOCALRANKID", "MPI_LOCALNRANKS",
    // Open MPI's mpirun (ORTE): the job, its daemons, session folders, numbering.
    "OMPI_COMM_WORLD_", "OMPI_MCA_orte_", "OMPI_MCA_ess", "OMPI_MCA_pmix", "OMPI_FILE_LOCATION",
    "OMPI_APP_CTX_", "OMPI_FIRST_RANKS",
    // PMIx servers (Open MPI's, Slurm's --mpi=pmix) and Slurm's job and step.
    "PMIX_", "SLURM_", "OMPI_UNIVERSE_SIZE"};
// Whole names only a launcher sets.
constexpr std::array<std::string_view, 8> kNames = {
    // Hydra: the host name it chose for the ranks' connections.
    "MPIR_CVAR_CH3_INTERFACE_HOSTNAME", "GFORTRAN_UNBUFFERED_PRECONNECTED",
    // Open MPI's mpirun: the working folder, the placement it made, the shared-memory hint.
    "OMPI_MCA_initial_wdir", "OMPI_MCA_mpi_oversubscribe", "OMPI_MCA_rmaps_base_oversubscribe",
    "OMPI_MCA_shmem_RUNTIME_QUERY_hint", "OMPI_COMMAND", "OMPI_NUM_APP_CTX"};

}  // namespace

bool launcher_internal_env(std::string_view name) {
  for (std::string_view p : kPrefixes)
    if (name.substr(0, p.size()) == p) return true;
  for (std::string_view n : kNames)
    if (name == n) return true;
  return false;
}

}  // namespace metron::analysis
