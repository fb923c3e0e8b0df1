# Which MPI library the main build uses, and the launcher that belongs to it (docs/mpi-libraries.md).
#
# Debian installs MPICH and Open MPI side by side, and its alternatives system makes the plain
# `mpicxx` and `mpiexec` Open MPI's (priority 50 against MPICH's 40). The main build is MPICH's
# wherever MPICH's own wrapper exists: it is chosen by the wrapper's name (`mpicxx.mpich`), and
# the launcher by the same suffix (`mpiexec.mpich`), never by changing the alternatives. A
# compiler or launcher given on the command line (-DMPI_CXX_COMPILER, -DMPIEXEC_EXECUTABLE) is
# kept; without MPICH's wrapper, FindMPI's own search applies (a machine with one library).
if(NOT MPI_CXX_COMPILER)
  find_program(METRON_MPICH_CXX NAMES mpicxx.mpich)
  mark_as_advanced(METRON_MPICH_CXX)
  if(METRON_MPICH_CXX)
    set(MPI_CXX_COMPILER ${METRON_MPICH_CXX} CACHE FILEPATH "MPI compiler for CXX")
  endif()
endif()
# FindMPI looks for the launcher beside the compiler by its plain names, which on Debian are the
# alternatives' (Open MPI's): a wrapper named for its library (`*.mpich`, `*.openmpi`) brings the
# launcher of the same name.
if(NOT MPIEXEC_EXECUTABLE AND MPI_CXX_COMPILER MATCHES "\\.(mpich|openmpi)$")
  set(metron_suffix ${CMAKE_MATCH_1})
  get_filename_component(metron_wrapper_dir ${MPI_CXX_COMPILER} DIRECTORY)
  find_program(METRON_SUFFIXED_MPIEXEC NAMES mpiexec.${metron_suffix} mpirun.${metron_suffix}
               HINTS ${metron_wrapper_dir})
  mark_as_advanced(METRON_SUFFIXED_MPIEXEC)
  if(METRON_SUFFIXED_MPIEXEC)
    set(MPIEXEC_EXECUTABLE ${METRON_SUFFIXED_MPIEXEC} CACHE FILEPATH
        "Executable for running MPI programs.")
  endif()
endif()

# The family of an MPI launcher from what it says of itself: MPICH's Hydra prints "HYDRA build
# details", Open MPI's orterun "mpirun (Open MPI) 4.1.4". "" when it says neither.
function(metron_launcher_family launcher out)
  set(family "")
  if(launcher)
    execute_process(COMMAND ${launcher} --version OUTPUT_VARIABLE text ERROR_VARIABLE text
                    RESULT_VARIABLE rc TIMEOUT 20)
    if(text MATCHES "HYDRA")
      set(family "MPICH")
    elseif(text MATCHES "Open MPI|OpenRTE")
      set(family "Open MPI")
    endif()
  endif()
  set(${out} "${family}" PARENT_SCOPE)
endfunction()
