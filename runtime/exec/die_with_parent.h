// A rank whose parent dies must die too: MPICH's Hydra runs each rank in a session of its own,
// under a proxy process, and a rank busy-polling in MPI never notices that the proxy (and with
// it every other rank) is gone; it would spin forever. Linux only.
#pragma once

namespace metron::rt {

// When this process runs under a process manager (Hydra, Slurm, `metron run`), asks the kernel
// for SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG); if the parent is already gone,
// dies at once. A process started by hand (an MPI singleton) is left alone: a shell that ends
// must not take a `nohup metron exec` with it. Call first thing in the process.
void die_with_parent();

}  // namespace metron::rt
