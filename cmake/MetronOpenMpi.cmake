# -DMETRON_OPENMPI=ON: a second `metron`, built against Open MPI, in <build>/openmpi/metron
# (docs/mpi-libraries.md). Debian installs Open MPI beside MPICH; its compiler wrapper
# `mpicxx.openmpi` says which headers and libraries it uses (--showme:incdirs, --showme:libdirs,
# --showme:libs), and they are used here as the wrapper would, so that the MPI-free libraries
# (stats, plan, front end, analysis, output) are shared with the main build and only the sources
# that include <mpi.h> (runtime/ and the CLI) are compiled again. Its tests are registered in
# cmake/MetronTests.cmake: the MPI tests and a chosen set of end-to-end tests, under Open MPI's
# own launcher.
find_program(METRON_OPENMPI_CXX NAMES mpicxx.openmpi REQUIRED)
get_filename_component(metron_openmpi_bin ${METRON_OPENMPI_CXX} DIRECTORY)
find_program(METRON_OPENMPI_MPIEXEC NAMES mpirun.openmpi mpiexec.openmpi HINTS ${metron_openmpi_bin}
             REQUIRED)

function(metron_openmpi_showme what out)
  execute_process(COMMAND ${METRON_OPENMPI_CXX} --showme:${what} OUTPUT_VARIABLE text
                  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${METRON_OPENMPI_CXX} --showme:${what} failed")
  endif()
  separate_arguments(list UNIX_COMMAND "${text}")
  set(${out} ${list} PARENT_SCOPE)
endfunction()
metron_openmpi_showme(incdirs METRON_OPENMPI_INCLUDE_DIRS)
metron_openmpi_showme(libdirs METRON_OPENMPI_LIBRARY_DIRS)
metron_openmpi_showme(libs metron_openmpi_libs)
# Open MPI's C++ bindings (MPI-2, removed in MPI-3) are not used: neither their header nor
# libmpi_cxx.
list(REMOVE_ITEM metron_openmpi_libs mpi_cxx)
set(METRON_OPENMPI_LIBRARIES)
foreach(lib ${metron_openmpi_libs})
  find_library(metron_openmpi_lib_${lib} NAMES ${lib} HINTS ${METRON_OPENMPI_LIBRARY_DIRS}
               NO_DEFAULT_PATH REQUIRED)
  mark_as_advanced(metron_openmpi_lib_${lib})
  list(APPEND METRON_OPENMPI_LIBRARIES ${metron_openmpi_lib_${lib}})
endforeach()
set(METRON_OPENMPI_BASE_DEFINITIONS OMPI_SKIP_MPICXX=1)

metron_probe_mpi(METRON_OPENMPI_MPI_DEFINITIONS OPENMPI INCLUDES ${METRON_OPENMPI_INCLUDE_DIRS}
                 DEFINITIONS ${METRON_OPENMPI_BASE_DEFINITIONS})
metron_mpi_header_family(metron_openmpi_family OPENMPI "${METRON_OPENMPI_INCLUDE_DIRS}")
metron_launcher_family("${METRON_OPENMPI_MPIEXEC}" metron_openmpi_launcher_family)
if(NOT metron_openmpi_family STREQUAL "Open MPI" OR
   NOT metron_openmpi_launcher_family STREQUAL "Open MPI")
  message(FATAL_ERROR "-DMETRON_OPENMPI=ON: ${METRON_OPENMPI_CXX} (${metron_openmpi_family}) "
          "or ${METRON_OPENMPI_MPIEXEC} (${metron_openmpi_launcher_family}) is not Open MPI's")
endif()

add_library(metron_mpi_openmpi STATIC ${MPI_SRC})
target_include_directories(metron_mpi_openmpi PUBLIC ${CMAKE_SOURCE_DIR})
target_include_directories(metron_mpi_openmpi SYSTEM PUBLIC ${METRON_OPENMPI_INCLUDE_DIRS})
target_compile_definitions(metron_mpi_openmpi PUBLIC ${METRON_OPENMPI_BASE_DEFINITIONS}
                           ${METRON_OPENMPI_MPI_DEFINITIONS}
                           METRON_MPIEXEC="${METRON_OPENMPI_MPIEXEC}")
target_compile_options(metron_mpi_openmpi PRIVATE ${METRON_WARNINGS})
target_link_libraries(metron_mpi_openmpi PUBLIC metron_output metron_analysis metron_history
                      metron_plan metron_stats nlohmann_json::nlohmann_json
                      ${METRON_OPENMPI_LIBRARIES})

add_executable(metron_openmpi ${CLI_SRC})
get_target_property(metron_definitions metron COMPILE_DEFINITIONS)
target_compile_definitions(metron_openmpi PRIVATE ${metron_definitions})
target_compile_options(metron_openmpi PRIVATE ${METRON_WARNINGS})
target_link_libraries(metron_openmpi PRIVATE metron_mpi_openmpi metron_front metron_history
                      metron_stats CLI11::CLI11 nlohmann_json::nlohmann_json)
set_target_properties(metron_openmpi PROPERTIES OUTPUT_NAME metron
                      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/openmpi)
