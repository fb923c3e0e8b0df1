# -DMETRON_SMPI=ON: a second `metron`, for SimGrid's SMPI, in <build>/smpi/metron
# (docs/simulation.md). It is what smpicxx would make, done by hand so that it shares this build:
# the MPI-free libraries (stats, plan, front end, analysis, output) are linked as they are, compiled
# position-independent; only the sources that include <mpi.h> (runtime/ and the CLI) are
# compiled again, against SMPI's mpi.h and with its helper header, which turns sleep,
# clock_gettime, gettimeofday and exit into their simulated versions, in runtime/. The result is a shared
# object with a main(), which smpirun loads once per simulated rank.
find_path(METRON_SMPI_INCLUDE_DIR smpi/smpi.h REQUIRED)
find_library(METRON_SIMGRID_LIBRARY simgrid REQUIRED)
find_program(METRON_SMPIRUN smpirun REQUIRED)

set_target_properties(metron_grammar metron_stats metron_plan metron_front metron_analysis
                      metron_output metron_history PROPERTIES POSITION_INDEPENDENT_CODE ON)

set(METRON_SMPI_DEFINITIONS
    METRON_SMPI=1
    # smpicxx's helper header would make malloc and free SMPI's shared-malloc wrappers in every
    # file; Metron's buffers are real memory (runtime/ops/arena.cpp).
    SMPI_NO_OVERRIDE_MALLOC=1)
# What SMPI's mpi.h declares, probed as the main build's library is (cmake/MetronMpiFeatures.cmake).
metron_probe_mpi(METRON_SMPI_MPI_DEFINITIONS SMPI INCLUDES ${METRON_SMPI_INCLUDE_DIR}/smpi
                 DEFINITIONS ${METRON_SMPI_DEFINITIONS})
list(APPEND METRON_SMPI_DEFINITIONS ${METRON_SMPI_MPI_DEFINITIONS})
# The simulated binary is for previews, not for timing the interpreter: a quick build at -O1,
# without debug information, which smpirun would copy once per rank.
set(METRON_SMPI_OPT -O1 CACHE STRING "optimization of the SMPI build's MPI sources")
set(METRON_SMPI_OPTIONS ${METRON_WARNINGS} ${METRON_SMPI_OPT} -g0)
# The helper header only where the clocks and sleeps are: CLI11's App has a member exit(),
# which its `#define exit(x)` breaks; the CLI calls no exit(), sleep or clock of its own.
set(METRON_SMPI_HELPERS -include ${METRON_SMPI_INCLUDE_DIR}/smpi/smpi_helpers.h)

add_library(metron_mpi_smpi STATIC ${MPI_SRC})
target_include_directories(metron_mpi_smpi BEFORE PUBLIC ${METRON_SMPI_INCLUDE_DIR}/smpi)
target_include_directories(metron_mpi_smpi PUBLIC ${CMAKE_SOURCE_DIR})
target_compile_definitions(metron_mpi_smpi PUBLIC ${METRON_SMPI_DEFINITIONS})
target_compile_options(metron_mpi_smpi PRIVATE ${METRON_SMPI_OPTIONS} ${METRON_SMPI_HELPERS})
set_target_properties(metron_mpi_smpi PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_link_libraries(metron_mpi_smpi PUBLIC metron_output metron_analysis metron_history metron_plan metron_stats
                      nlohmann_json::nlohmann_json ${METRON_SIMGRID_LIBRARY})

add_library(metron_smpi SHARED ${CLI_SRC})
get_target_property(metron_definitions metron COMPILE_DEFINITIONS)
target_compile_definitions(metron_smpi PRIVATE ${metron_definitions})
target_compile_options(metron_smpi PRIVATE ${METRON_SMPI_OPTIONS})
target_link_libraries(metron_smpi PRIVATE metron_mpi_smpi metron_front metron_history metron_stats CLI11::CLI11
                      nlohmann_json::nlohmann_json ${METRON_SIMGRID_LIBRARY})
# -S: no debug information from the MPI-free libraries either; -z defs: every symbol resolved
# now, as smpicxx links.
target_link_options(metron_smpi PRIVATE -Wl,-S -Wl,-z,defs)
set_target_properties(metron_smpi PROPERTIES METRON_SHARED_ANTLR ON OUTPUT_NAME metron PREFIX "" SUFFIX ""
                      LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/smpi)
set(METRON_SMPI_BINARY ${CMAKE_BINARY_DIR}/smpi/metron)
