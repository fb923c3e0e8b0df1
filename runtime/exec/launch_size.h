// Whether a launch started the ranks it was planned with. A bare `srun -n 2 metron exec` on an
// MPICH without Slurm's PMI starts two 1-rank MPI jobs ("singletons") that each write the same
// results folder; the launcher's environment and the planned count tell that apart. Pure.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "runtime/plan/mpi_features.h"

namespace metron::rt {

// Set by `metron run` in every launch's environment: the ranks the launch was planned with.
inline constexpr const char* kPlannedNpEnv = "METRON_PLANNED_NP";

struct LaunchSizeCheck {
  std::string error;    // the size differs from the planned one: the launch must not run
  std::string warning;  // the launcher's environment names more ranks than MPI sees
  // Whether this process is the one to print them: the launcher's rank 0, or a process whose
  // launcher names no rank (each singleton of a mismatched launcher would print them otherwise).
  bool print = true;
};

// The binary's MPI library, for the check that the launcher belongs to it.
struct BinaryLibrary {
  MpiFamily family = MpiFamily::Unknown;
  std::string name;      // "Open MPI 4.1.4"
  std::string launcher;  // its launcher, the default of `metron run`
};

// The library whose launcher started this process, from the variables it sets: Open MPI's
// mpirun (OMPI_COMM_WORLD_SIZE), MPICH's Hydra (PMI_SIZE with HYDI_CONTROL_FD or
// MPI_LOCALNRANKS); Unknown for other process managers (Slurm's PMI, PMIx) and none.
MpiFamily launcher_family(const std::function<const char*(const char*)>& getenv);

// `planned`: the planned rank count (0: none given); `mpi_size`: MPI_Comm_size of world;
// `getenv`: the environment (std::getenv in production); `binary`: this binary's library. The
// environment's count is the process manager's (PMI_SIZE, OMPI_COMM_WORLD_SIZE) when present,
// else Slurm's step or job task count (SLURM_STEP_NUM_TASKS, SLURM_NTASKS). A launcher of
// another library than the binary's, whose processes each see 1 rank, is an error with or
// without a planned count.
LaunchSizeCheck check_launch_size(int planned, int mpi_size,
                                  const std::function<const char*(const char*)>& getenv,
                                  const BinaryLibrary& binary = {});

}  // namespace metron::rt
