// Whether a launcher template starts this binary with the launcher of another MPI library. With
// two libraries installed, the plain `mpiexec` on PATH may be the other one's (Debian's
// alternatives), and its processes would each be a 1-rank MPI job of this binary. `metron run`,
// `replay` and `run --resume` refuse such a template before they make or change a folder; a
// template whose program is not a known launcher passes, and the launch itself then refuses a
// mismatch (runtime/exec/launch_size.h).
#pragma once

#include <string>
#include <string_view>

#include "runtime/plan/mpi_features.h"

namespace metron::launcher {

// The library of a launcher by the name of the file its program resolves to: Open MPI's
// (orterun, prterun, mpirun.openmpi, mpiexec.openmpi), MPICH's (mpiexec.hydra, mpiexec.mpich,
// mpirun.mpich); Unknown for any other name (a plain `mpiexec` file says nothing). Pure.
MpiFamily launcher_family_of_file(std::string_view file_name);

// The first word of `tmpl` that names an MPI launcher (mpiexec, mpirun, orterun, prterun, with
// or without a suffix or folder), resolved through PATH and symbolic links; "" when none.
std::string launcher_program_of(const std::string& tmpl, std::string* word = nullptr);

// "" when `tmpl` may start this binary; else the message that refuses it (exit 64).
std::string launcher_library_mismatch(const std::string& tmpl);

}  // namespace metron::launcher
