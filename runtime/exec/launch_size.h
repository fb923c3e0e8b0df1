// Whether a launch started the ranks it was planned with. A bare `srun -n 2 metron exec` on an
// MPICH without Slurm's PMI starts two 1-rank MPI jobs ("singletons") that each write the same
// results folder; the launcher's environment and the planned count tell that apart. Pure.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace metron::rt {

// Set by `metron run` in every launch's environment: the ranks the launch was planned with.
inline constexpr const char* kPlannedNpEnv = "METRON_PLANNED_NP";

struct LaunchSizeCheck {
  std::string error;    // the size differs from the planned one: the launch must not run
  std::string warning;  // the launcher's environment names more ranks than MPI sees
};

// `planned`: the planned rank count (0: none given); `mpi_size`: MPI_Comm_size of world;
// `getenv`: the environment (std::getenv in production). The environment's count is the
// process manager's (PMI_SIZE, OMPI_COMM_WORLD_SIZE) when present, else Slurm's step or job
// task count (SLURM_STEP_NUM_TASKS, SLURM_NTASKS).
LaunchSizeCheck check_launch_size(int planned, int mpi_size,
                                  const std::function<const char*(const char*)>& getenv);

}  // namespace metron::rt
