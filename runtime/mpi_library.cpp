// This build's MPI library (see mpi_library.h).
#include "runtime/mpi_library.h"

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

namespace metron::rt {

MpiFamily mpi_library_family() {
#if defined(OPEN_MPI)
  return MpiFamily::OpenMpi;
#elif defined(MPICH_VERSION) || defined(MPICH)
  return MpiFamily::Mpich;
#else
  return MpiFamily::Unknown;
#endif
}

std::string mpi_library_version_string() {
  char lib[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  MPI_Get_library_version(lib, &len);
  std::string s(lib, static_cast<std::size_t>(len > 0 ? len : 0));
  while (!s.empty() &&
         (s.back() == '\n' || s.back() == ' ' || s.back() == '\t' || s.back() == '\0'))
    s.pop_back();
  return s;
}

std::string mpi_library_name() {
  return mpi_library_short_name(mpi_library_version_string());
}

std::vector<MpiFeature> mpi_features_lacking() {
  std::vector<MpiFeature> out;
  // ORDER MPI_FEATURES: one line per feature, with the probe's macro.
#if !METRON_MPI_HAS_PERSISTENT_COLLECTIVES
  out.push_back(MpiFeature::PersistentCollectives);
#endif
  return out;
}

void plan_for_this_library(BuildOptions& b) {
  b.mpi_library = mpi_library_name();
  b.mpi_lacks = mpi_features_lacking();
}

std::string mpi_launcher_program() {
#ifdef METRON_MPIEXEC
  return METRON_MPIEXEC;
#else
  return "mpiexec";
#endif
}

}  // namespace metron::rt
