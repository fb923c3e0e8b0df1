// MPI features and library names: which operations need a call family newer than MPI 3.1, what
// a standard version lacks, and the short name of a library's version string (the strings are
// MPI_Get_library_version's on Debian 12 for MPICH 4.0.2 and Open MPI 4.1.4, and as the vendors
// document them for the others).
#include "runtime/plan/mpi_features.h"

#include <doctest/doctest.h>

#include "runtime/plan/measure_funcs.h"

using namespace metron;

TEST_CASE("mpi features: the persistent collectives need MPI 4, the rest does not") {
  for (const char* name : {"Bcast_init", "Alltoallw_init", "Neighbor_alltoallw_init"}) {
    INFO(name);
    REQUIRE(find_measure_func(name));
    CHECK(mpi_feature_needed(*find_measure_func(name)) == MpiFeature::PersistentCollectives);
  }
  for (const char* name : {"Bcast", "Ibcast", "Neighbor_alltoall", "Synthetic"}) {
    INFO(name);
    REQUIRE(find_measure_func(name));
    CHECK_FALSE(mpi_feature_needed(*find_measure_func(name)));
  }
  // Every operation that calls MPI_<name>_init is one of the feature's.
  for (const MeasureFunc& f : measure_funcs())
    if (f.name.ends_with("_init")) CHECK(mpi_feature_needed(f));
}

TEST_CASE("mpi features: what a standard version lacks") {
  CHECK(mpi_features_missing_in("3.1") ==
        std::vector<MpiFeature>{MpiFeature::PersistentCollectives});
  CHECK(mpi_features_missing_in("4.0")->empty());
  CHECK(mpi_features_missing_in("4.1")->empty());
  CHECK_FALSE(mpi_features_missing_in("4"));
  CHECK_FALSE(mpi_features_missing_in("x.y"));
  CHECK(mpi_feature_named("persistent_collectives") == MpiFeature::PersistentCollectives);
  CHECK_FALSE(mpi_feature_named("sessions"));
}

TEST_CASE("mpi library names: short, one line, no tabs") {
  CHECK(mpi_library_short_name("MPICH Version:\t4.0.2\nMPICH Release date:\tThu Apr  7 2022\n") ==
        "MPICH 4.0.2");
  CHECK(mpi_library_short_name("Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo "
                               "rev: v4.1.4, May 26, 2022") == "Open MPI 4.1.4");
  CHECK(mpi_library_short_name("MVAPICH2 Version      :\t2.3.7\nMVAPICH2 Release date :\t...") ==
        "MVAPICH2 2.3.7");
  CHECK(mpi_library_short_name("Intel(R) MPI Library 2021.9 for Linux* OS\n") ==
        "Intel(R) MPI Library 2021.9");
  CHECK(mpi_library_short_name("MPI VERSION    : CRAY MPICH version 8.1.25.17 (ANL base 3.4a2)\n"
                               "MPI BUILD INFO : ...") == "CRAY MPICH 8.1.25.17");
  CHECK(mpi_library_short_name("") == "");
  const std::string unknown = mpi_library_short_name(std::string(100, 'x') + "\tmore\nline 2");
  CHECK(unknown == std::string(60, 'x'));
  CHECK(mpi_family_name(MpiFamily::OpenMpi) == "Open MPI");
  CHECK(mpi_family_name(MpiFamily::Mpich) == "MPICH");
}
