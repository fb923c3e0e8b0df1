// check_launch_size (see launch_size.h).
#include "runtime/exec/launch_size.h"
#include "runtime/plan/diagnostics.h"

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

// The launcher's rank of this process, when it names one.
std::optional<int> env_rank(const std::function<const char*(const char*)>& getenv) {
  for (const char* name : {"PMI_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK"}) {
    const char* v = getenv(name);
    if (!v || !*v) continue;
    int n = 0;
    auto [end, ec] = std::from_chars(v, v + std::strlen(v), n);
    if (ec == std::errc() && *end == '\0') return n;
  }
  return std::nullopt;
}

}  // namespace

MpiFamily launcher_family(const std::function<const char*(const char*)>& getenv) {
  if (env_int(getenv, "OMPI_COMM_WORLD_SIZE")) return MpiFamily::OpenMpi;
  const bool hydra = getenv("HYDI_CONTROL_FD") || getenv("MPI_LOCALNRANKS");
  if (env_int(getenv, "PMI_SIZE") && hydra) return MpiFamily::Mpich;
  return MpiFamily::Unknown;
}

LaunchSizeCheck check_launch_size(int planned, int mpi_size,
                                  const std::function<const char*(const char*)>& getenv,
                                  const BinaryLibrary& binary) {
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
  const std::optional<int> rank = env_rank(getenv);
  c.print = !rank || *rank == 0;
  // Another library's launcher: each process is a singleton of this binary's library, and each
  // would write the same results folder.
  const MpiFamily theirs = launcher_family(getenv);
  if (mpi_size == 1 && pm && *pm > 1 && binary.family != MpiFamily::Unknown &&
      theirs != MpiFamily::Unknown && theirs != binary.family) {
    c.error =
        message_text(DiagId::launch_library_mismatch, binary.name, *pm, mpi_family_name(theirs),
                     pm_name, *pm, mpi_family_name(binary.family), binary.launcher);
    return c;
  }
  const bool singletons = mpi_size == 1 && !pm && slurm && *slurm > 1;
  if (planned > 0 && mpi_size != planned) {
    if (singletons)
      c.error = message_text(DiagId::launch_srun_singletons, *slurm, slurm_name, *slurm, planned);
    else
      c.error =
          message_text(DiagId::launch_size_mismatch, mpi_size, mpi_size == 1 ? "" : "s", planned);
    return c;
  }
  if (env && *env > mpi_size) {
    if (singletons)
      c.warning = message_text(DiagId::launch_srun_singletons_unplanned, *slurm, mpi_size);
    else
      c.warning = message_text(DiagId::launch_env_size_differs, *env, env_name, mpi_size);
  }
  return c;
}

}  // namespace metron::rt
