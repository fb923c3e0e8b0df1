// check_launch_size (see launch_size.h).
#include "runtime/exec/launch_size.h"

#include <fmt/format.h>

#include <charconv>
#include <cstring>

namespace metron::rt {

namespace {

std::optional<int> env_int(const std::function<const char*(const char*)>& getenv,
                           const char* name) {
  const char* v = getenv(name);
  if (!v || !*v) return std::nullopt;
  int n = 0;
  auto [end, ec] = std::from_chars(v, v + std::strlen(v), n);
  if (ec != std::errc() || *end != '\0' || n < 1) return std::nullopt;
  return n;
}

}  // namespace

LaunchSizeCheck check_launch_size(int planned, int mpi_size,
                                  const std::function<const char*(const char*)>& getenv) {
  // Slurm's count of the tasks it started for this step (the job's outside a step).
  std::optional<int> slurm = env_int(getenv, "SLURM_STEP_NUM_TASKS");
  const char* slurm_name = "SLURM_STEP_NUM_TASKS";
  if (!slurm) {
    slurm = env_int(getenv, "SLURM_NTASKS");
    slurm_name = "SLURM_NTASKS";
  }
  // The process manager's count, where it says one: it knows this MPI job, Slurm only the step
  // (Hydra starts one proxy task per node, so Slurm's count is then the node count).
  std::optional<int> pm = env_int(getenv, "PMI_SIZE");
  const char* pm_name = "PMI_SIZE";
  if (!pm) {
    pm = env_int(getenv, "OMPI_COMM_WORLD_SIZE");
    pm_name = "OMPI_COMM_WORLD_SIZE";
  }
  const std::optional<int> env = pm ? pm : slurm;
  const char* env_name = pm ? pm_name : slurm_name;

  LaunchSizeCheck c;
  const bool singletons = mpi_size == 1 && !pm && slurm && *slurm > 1;
  if (planned > 0 && mpi_size != planned) {
    if (singletons)
      c.error = fmt::format(
          "srun started {} singletons ({} = {}, but each process is a 1-rank MPI job; the run "
          "planned {} ranks): add --mpi=pmi2, or use mpiexec inside the allocation",
          *slurm, slurm_name, *slurm, planned);
    else
      c.error = fmt::format(
          "MPI started {} rank{} but the run planned {}: the launcher template must start "
          "{{np}} ranks of one MPI job",
          mpi_size, mpi_size == 1 ? "" : "s", planned);
    return c;
  }
  if (env && *env > mpi_size) {
    if (singletons)
      c.warning = fmt::format(
          "srun started {} processes but MPI sees {} rank: each is a singleton writing its own "
          "run (add --mpi=pmi2, or use mpiexec inside the allocation)",
          *slurm, mpi_size);
    else
      c.warning = fmt::format("the launcher's environment says {} ranks ({}), MPI sees {}", *env,
                              env_name, mpi_size);
  }
  return c;
}

}  // namespace metron::rt
