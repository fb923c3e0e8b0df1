// The default launcher template of this build (see launch_command.h).
#include "runtime/launcher/launch_command.h"
#include "runtime/mpi_library.h"

namespace metron::launcher {

std::string default_launcher() {
  std::string program = rt::mpi_launcher_program();
  // The template is split at blanks: a path with one stays one word.
  if (program.find_first_of(" \t'\"") != std::string::npos) program = "'" + program + "'";
  // Open MPI's mpirun gives the ranks of other hosts only the variables it is told with -x;
  // Hydra passes the whole environment by itself.
  const char* env = rt::mpi_library_family() == MpiFamily::OpenMpi ? " {env:-x}" : "";
  return program + " -n {np}" + env +
         " {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} "
         "--quiet";
}

}  // namespace metron::launcher
