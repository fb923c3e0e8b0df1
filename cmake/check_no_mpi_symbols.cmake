# The MPI-free libraries call no MPI function: a symbol scan of their archives, so that a call
# that reached one without its include (a declaration of its own, a macro) fails too. Test
# meta/no_mpi_symbols runs it:
#   cmake -DNM=<nm> -DLIBRARIES="<lib.a>;<lib.a>" -P cmake/check_no_mpi_symbols.cmake
if(NOT NM OR NOT LIBRARIES)
  message(FATAL_ERROR "usage: cmake -DNM=<nm> -DLIBRARIES=<archives> -P check_no_mpi_symbols.cmake")
endif()
set(violations "")
foreach(lib ${LIBRARIES})
  execute_process(COMMAND ${NM} --undefined-only ${lib} OUTPUT_VARIABLE symbols
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} could not read ${lib}: ${err}")
  endif()
  string(REGEX MATCHALL "[ \t]U P?MPIX?_[A-Za-z0-9_]+" calls "${symbols}")
  foreach(call ${calls})
    string(REGEX REPLACE "^[ \t]U " "" call "${call}")
    get_filename_component(name ${lib} NAME)
    list(APPEND violations "${name} calls ${call}")
  endforeach()
endforeach()
if(violations)
  list(REMOVE_DUPLICATES violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "MPI calls in MPI-free libraries:\n  ${text}")
endif()
message(STATUS "no MPI calls in: ${LIBRARIES}")
