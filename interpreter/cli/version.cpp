// metron --version (see commands.h).
#include "runtime/mpi_library.h"
#include "runtime/plan/git_commit.h"

#include <fmt/format.h>

#include "interpreter/cli/commands.h"

#ifndef METRON_COMPILER
#define METRON_COMPILER "unknown"
#endif

namespace metron {

std::string version_text() {
  // MPI_Get_library_version may be called before MPI_Init (MPI 3.1, §8.7): no launch needed.
  const std::string mpi = rt::mpi_library_version_string();
  // Indent the library's continuation lines (MPICH's string has one per item).
  std::string indented;
  for (char c : mpi) {
    indented += c;
    if (c == '\n') indented += "  ";
  }
  // What this build's library does not declare, found when the build was configured: `metron
  // check` refuses the operations that need it (docs/mpi-libraries.md).
  std::string lacks;
  for (MpiFeature f : rt::mpi_features_lacking()) {
    const MpiFeatureInfo& i = mpi_feature_info(f);
    lacks += fmt::format("  {} (MPI {}): {}\n", i.key, i.standard, i.description);
  }
  return fmt::format(
      "metron {}\ngit commit {}\ncompiler {}\nMPI library: {}\n  {}\nMPI launcher: {}\n"
      "MPI library lacks:{}\n{}",
      METRON_VERSION, metron::git_commit(), METRON_COMPILER, rt::mpi_library_name(), indented,
      rt::mpi_launcher_program(), lacks.empty() ? " nothing Metron uses" : "", lacks);
}

}  // namespace metron
