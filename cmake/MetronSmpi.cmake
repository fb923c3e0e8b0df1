# -DMETRON_SMPI=ON: a second `metron`, compiled with SimGrid's smpicxx, in <build>/smpi/metron.
# It is the same source tree configured again (METRON_SMPI_VARIANT=ON) and only its `metron`
# target is built, so the normal build is unchanged. smpicxx links a shared object that smpirun
# loads once per simulated rank; `metron run --simulate` (docs/simulation.md) starts it.
find_program(METRON_SMPICXX smpicxx REQUIRED)
find_program(METRON_SMPIRUN smpirun REQUIRED)
include(ExternalProject)
set(METRON_SMPI_DIR ${CMAKE_BINARY_DIR}/smpi)
# Under make, $(MAKE) shares the parent's job slots (-j); other generators build it serially.
if(CMAKE_GENERATOR MATCHES "Make")
  set(smpi_build_command $(MAKE) metron)
else()
  set(smpi_build_command ${CMAKE_COMMAND} --build ${METRON_SMPI_DIR} --target metron)
endif()
ExternalProject_Add(metron_smpi
  SOURCE_DIR ${CMAKE_SOURCE_DIR}
  BINARY_DIR ${METRON_SMPI_DIR}
  # Release without debug information: smpirun copies the binary once per rank (privatization),
  # so its size is paid p times.
  CMAKE_ARGS -DCMAKE_CXX_COMPILER=${METRON_SMPICXX} -DCMAKE_BUILD_TYPE=Release
             -DMETRON_SMPI_VARIANT=ON -DMETRON_TESTS=OFF
             -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
  BUILD_COMMAND ${smpi_build_command}
  BUILD_ALWAYS ON  # the sub-build checks its own dependencies on every build
  INSTALL_COMMAND "")
set(METRON_SMPI_BINARY ${METRON_SMPI_DIR}/metron)
add_dependencies(metron metron_smpi)
