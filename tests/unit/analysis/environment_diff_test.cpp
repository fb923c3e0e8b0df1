// The environment differences of a replay: the MPI library by its short name, the variables the
// user set (tuning), never the ones a launcher sets for its own processes. The launchers' lists
// are what Debian 12's MPICH 4.0.2 Hydra and Open MPI 4.1.4 mpirun set in their ranks.
#include "runtime/analysis/environment_diff.h"

#include <doctest/doctest.h>

#include "runtime/analysis/launcher_environment.h"

using metron::analysis::environment_differences;
using metron::analysis::launcher_internal_env;
using nlohmann::json;

TEST_CASE("launcher environment: what launchers set for their own processes") {
  for (const char* name :
       {"PMI_RANK", "PMI_SIZE", "PMI_FD", "HYDI_CONTROL_FD", "MPI_LOCALNRANKS",
        "MPIR_CVAR_CH3_INTERFACE_HOSTNAME", "OMPI_COMM_WORLD_SIZE", "OMPI_MCA_orte_hnp_uri",
        "OMPI_MCA_ess_base_jobid", "OMPI_MCA_ess", "OMPI_MCA_pmix", "OMPI_MCA_initial_wdir",
        "OMPI_MCA_mpi_oversubscribe", "OMPI_MCA_shmem_RUNTIME_QUERY_hint", "PMIX_RANK",
        "PMIX_SERVER_URI41", "SLURM_STEP_ID", "SLURM_CPU_BIND_LIST"}) {
    INFO(name);
    CHECK(launcher_internal_env(name));
  }
  for (const char* name :
       {"MPIR_CVAR_BCAST_INTRA_ALGORITHM", "OMPI_MCA_btl", "OMPI_MCA_coll_tuned_use_dynamic_rules",
        "UCX_TLS", "FI_PROVIDER", "I_MPI_PIN", "OMP_NUM_THREADS"}) {
    INFO(name);
    CHECK_FALSE(launcher_internal_env(name));
  }
}

TEST_CASE("environment diff: another library is the library and what the user set") {
  const json mpich = {{"mpi_library_version", "MPICH Version:\t4.0.2\nMPICH Device:\tch4:ucx"},
                      {"cpu_model", "X"},
                      {"environment",
                       {{"MPIR_CVAR_CH3_INTERFACE_HOSTNAME", "vm"},
                        {"MPIR_CVAR_BCAST_INTRA_ALGORITHM", "binomial"}}}};
  const json ompi = {{"mpi_library", "Open MPI 4.1.4"},
                     {"mpi_library_version", "Open MPI v4.1.4, package: Debian OpenMPI, ..."},
                     {"cpu_model", "X"},
                     {"environment",
                      {{"OMPI_MCA_orte_hnp_uri", "1;tcp://x"},
                       {"OMPI_MCA_ess_base_vpid", "0"},
                       {"OMPI_MCA_pmix", "^s1,s2"},
                       {"OMPI_MCA_btl", "self,vader"}}}};
  CHECK(environment_differences(mpich, ompi) ==
        std::vector<std::string>{
            "MPI library: 'MPICH 4.0.2' (recorded) vs 'Open MPI 4.1.4' (now)",
            "environment variable MPIR_CVAR_BCAST_INTRA_ALGORITHM: 'binomial' (recorded) vs unset "
            "(now)",
            "environment variable OMPI_MCA_btl: unset (recorded) vs 'self,vader' (now)"});
  // The same library: nothing, whatever its launcher set.
  json again = mpich;
  again["environment"]["MPIR_CVAR_CH3_INTERFACE_HOSTNAME"] = "node7";
  CHECK(environment_differences(mpich, again).empty());
  // The same name and version built differently: the first lines.
  json other_build = mpich;
  other_build["mpi_library_version"] = "MPICH Version:\t4.0.2 (patched)";
  CHECK(environment_differences(mpich, other_build).front() ==
        "MPI library: 'MPICH Version: 4.0.2' (recorded) vs 'MPICH Version: 4.0.2 (patched)' "
        "(now)");
}
