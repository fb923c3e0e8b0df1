// metron --version (see commands.h).
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/plan/git_commit.h"

#include <fmt/format.h>

#include "interpreter/cli/commands.h"

#ifndef METRON_COMPILER
#define METRON_COMPILER "unknown"
#endif

namespace metron {

std::string version_text() {
  // MPI_Get_library_version may be called before MPI_Init (MPI 3.1, §8.7): no launch needed.
  char lib[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(lib, &len);
  std::string mpi(lib, static_cast<std::size_t>(len));
  while (!mpi.empty() && (mpi.back() == '\n' || mpi.back() == ' ')) mpi.pop_back();
  // Indent the library's continuation lines (MPICH's string has one per item).
  std::string indented;
  for (char c : mpi) {
    indented += c;
    if (c == '\n') indented += "  ";
  }
  return fmt::format("metron {}\ngit commit {}\ncompiler {}\nMPI library:\n  {}\n", METRON_VERSION,
                     metron::git_commit(), METRON_COMPILER, indented);
}

}  // namespace metron
