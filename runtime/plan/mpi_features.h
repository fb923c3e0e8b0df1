// What an MPI library offers, as data: the call families of MPI-4 that Metron's operations use
// (a build probes its library for each when it is configured, docs/mpi-libraries.md), which
// operation needs which, and a library's short name read from its version string. Pure, no MPI.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace metron {

struct MeasureFunc;

// A call family newer than MPI 3.1 that some operation calls. ORDER MPI_FEATURES: the probes in
// cmake/MetronMpiFeatures.cmake define METRON_MPI_HAS_<MACRO> for each.
enum class MpiFeature { PersistentCollectives };

struct MpiFeatureInfo {
  MpiFeature feature;
  std::string_view key;          // in manifests (mpi_lacks), --version: "persistent_collectives"
  std::string_view standard;     // the MPI version that introduced it: "4.0"
  std::string_view description;  // "MPI-4's persistent collectives (MPI_<name>_init)"
};

std::span<const MpiFeatureInfo> mpi_features();
const MpiFeatureInfo& mpi_feature_info(MpiFeature f);
std::optional<MpiFeature> mpi_feature_named(std::string_view key);

// The feature an operation calls, if it calls one beyond MPI 3.1 (the persistent collectives
// and the persistent neighbourhood collectives, `<name>_init`).
std::optional<MpiFeature> mpi_feature_needed(const MeasureFunc& f);

// The features an MPI standard version ("3.1", "4.0") does not have; nullopt for a version that
// is not "MAJOR.MINOR".
std::optional<std::vector<MpiFeature>> mpi_features_missing_in(std::string_view standard);

// Which library family a build's headers belong to, or a launcher's processes.
enum class MpiFamily { Unknown, Mpich, OpenMpi };
std::string_view mpi_family_name(MpiFamily f);  // "MPICH", "Open MPI", "an unknown MPI"

// "MPICH 4.0.2", "Open MPI 4.1.4", "Intel(R) MPI Library 2021.9", "MVAPICH2 2.3.7": the library's
// name and version from the first line of MPI_Get_library_version's string, without build
// details or tabs. A string it does not recognize: its first line, tabs made blanks, at most 60
// characters. "" for "".
std::string mpi_library_short_name(std::string_view version_string);

}  // namespace metron
