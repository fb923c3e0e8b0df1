# What an MPI library declares, probed by compiling against its mpi.h (docs/mpi-libraries.md):
# each MPI-4 call family that Metron's operations use. The sources test the definitions this
# produces (METRON_MPI_HAS_<FAMILY>=0 or 1), never which library or build it is, and the runtime
# turns a missing family into a `metron check` error on the operations that need it
# (runtime/plan/mpi_features.h; ORDER MPI_FEATURES). The main build, the Open MPI build and the
# SimGrid SMPI build each probe their own headers.
include(CheckCXXSourceCompiles)

# metron_probe_mpi(<out-var> <name> INCLUDES dirs... [DEFINITIONS defs...]): sets <out-var> to the
# compile definitions for a library whose headers are in INCLUDES; <name> keeps each build's
# cached results apart (MAIN, OPENMPI, SMPI).
function(metron_probe_mpi out name)
  cmake_parse_arguments(P "" "" "INCLUDES;DEFINITIONS" ${ARGN})
  # Declared is what matters (the call compiles); linking would need each library's own flags.
  set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
  set(CMAKE_REQUIRED_INCLUDES ${P_INCLUDES})
  set(CMAKE_REQUIRED_DEFINITIONS)
  foreach(d ${P_DEFINITIONS})
    list(APPEND CMAKE_REQUIRED_DEFINITIONS -D${d})
  endforeach()
  set(CMAKE_REQUIRED_QUIET ON)
  # Cached per build and per header folder, so that another library in the same build folder is
  # probed again.
  string(MD5 key "${P_INCLUDES};${P_DEFINITIONS}")
  string(SUBSTRING ${key} 0 8 key)
  set(name ${name}_${key})
  # The persistent collectives, all 22 calls Metron makes (a library might declare some only).
  set(calls Barrier Bcast Gather Gatherv Scatter Scatterv Allgather Allgatherv Alltoall Alltoallv
            Alltoallw Reduce Allreduce Reduce_scatter Reduce_scatter_block Scan Exscan
            Neighbor_allgather Neighbor_allgatherv Neighbor_alltoall Neighbor_alltoallv
            Neighbor_alltoallw)
  set(body "")
  foreach(c ${calls})
    string(APPEND body "  (void)&MPI_${c}_init;\n")
  endforeach()
  check_cxx_source_compiles("#include <mpi.h>\nint main() {\n${body}  return 0;\n}\n"
                            METRON_${name}_MPI_HAS_PERSISTENT_COLLECTIVES)
  set(defs)
  foreach(feature PERSISTENT_COLLECTIVES)
    if(METRON_${name}_MPI_HAS_${feature})
      list(APPEND defs METRON_MPI_HAS_${feature}=1)
      set(has "yes")
    else()
      list(APPEND defs METRON_MPI_HAS_${feature}=0)
      set(has "no")
    endif()
    message(STATUS "MPI library of the ${ARGV1} build: ${feature}: ${has}")
  endforeach()
  set(${out} ${defs} PARENT_SCOPE)
endfunction()

# The family a library's headers belong to, for the check that its launcher is of the same one.
function(metron_mpi_header_family out name includes)
  set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
  set(CMAKE_REQUIRED_INCLUDES ${includes})
  set(CMAKE_REQUIRED_QUIET ON)
  check_cxx_source_compiles("#include <mpi.h>\n#ifndef OPEN_MPI\n#error\n#endif\nint main() {}\n"
                            METRON_${name}_MPI_IS_OPEN_MPI)
  check_cxx_source_compiles("#include <mpi.h>\n#ifndef MPICH_VERSION\n#error\n#endif\nint main() {}\n"
                            METRON_${name}_MPI_IS_MPICH)
  if(METRON_${name}_MPI_IS_OPEN_MPI)
    set(${out} "Open MPI" PARENT_SCOPE)
  elseif(METRON_${name}_MPI_IS_MPICH)
    set(${out} "MPICH" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()
