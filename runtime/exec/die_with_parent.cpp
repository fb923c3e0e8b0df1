// Death of a rank with its parent (see die_with_parent.h).
#include "runtime/exec/die_with_parent.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

#include "runtime/exec/launch_size.h"

namespace metron::rt {

void die_with_parent() {
  // The variables that the process managers set in each rank's environment (MPICH's Hydra and
  // Slurm's PMI: PMI_RANK; PMIx: PMIX_RANK; srun: SLURM_PROCID) and the one `metron run` sets.
  bool managed = false;
  for (const char* name : {"PMI_RANK", "PMIX_RANK", "SLURM_PROCID", kPlannedNpEnv})
    managed = managed || std::getenv(name) != nullptr;
  if (!managed) return;
  const pid_t parent = ::getppid();
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return;
  // The parent may have died before the request: then this process was re-parented already.
  if (::getppid() != parent || parent == 1) ::raise(SIGKILL);
}

}  // namespace metron::rt
