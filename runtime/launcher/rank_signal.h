// The signal that ended a rank of a launch, as the process manager reports it: `mpiexec` itself
// exits with a code (Hydra: 9 for a rank killed by SIGKILL), which cannot be told from a rank's
// exit(9) without the report in the launch's output. Pure.
#pragma once

#include <string>

namespace metron::launcher {

// The signal number named by MPICH's Hydra ("YOUR APPLICATION TERMINATED WITH THE EXIT STRING:
// Killed (signal 9)") or Open MPI's mpirun ("... exited on signal 9 (Killed)") in `output` (the
// launch's stdout and stderr), or 0 when it names none.
int rank_signal_in_output(const std::string& output);

}  // namespace metron::launcher
