// The MPI library this binary is built with: its family (from its headers), its name and version
// (MPI_Get_library_version), the call families it lacks (probed when the build was configured,
// cmake/MetronMpiFeatures.cmake) and the launcher that belongs to it (found then too).
#pragma once

#include <string>
#include <vector>

#include "runtime/plan/build_options.h"
#include "runtime/plan/mpi_features.h"

namespace metron::rt {

// From the headers the build compiled against: MPICH (and the libraries derived from it, which
// define MPICH_VERSION) or Open MPI.
MpiFamily mpi_library_family();

// MPI_Get_library_version without trailing blanks; callable before MPI_Init (MPI 3.1, 8.7).
std::string mpi_library_version_string();
// Its short form: "MPICH 4.0.2", "Open MPI 4.1.4".
std::string mpi_library_name();

// The features of mpi_features() that this build's library does not declare.
std::vector<MpiFeature> mpi_features_lacking();

// Sets b.mpi_library and b.mpi_lacks to this build's library: the plan refuses what it lacks.
void plan_for_this_library(BuildOptions& b);

// The launcher of the library found when the build was configured (MPIEXEC_EXECUTABLE:
// /usr/bin/mpiexec.mpich, /usr/bin/mpirun.openmpi), or "mpiexec" when none was found.
std::string mpi_launcher_program();

}  // namespace metron::rt
