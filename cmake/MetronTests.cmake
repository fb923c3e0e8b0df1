# Test registration: unit tests (doctest, no MPI), MPI tests (doctest under mpiexec), goldens.

set(METRON_GOLDEN "compare" CACHE STRING "compare: diff against goldens; collect: rewrite them")

# Unit tests (doctest, no MPI), one binary per library so a broken layer does not block the
# others: tests/unit/{stats,adapt}/ test metron_stats; every other tests/unit/**/*_test.cpp tests
# metron_front.
file(GLOB_RECURSE STATS_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/stats/*_test.cpp
                                                   ${CMAKE_SOURCE_DIR}/tests/unit/adapt/*_test.cpp)
file(GLOB_RECURSE FRONT_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/*_test.cpp)
list(FILTER FRONT_TEST_SRC EXCLUDE REGEX "/tests/unit/(stats|adapt)/")
foreach(kind stats front)
  string(TOUPPER ${kind} KIND)
  add_executable(metron_${kind}_tests ${CMAKE_SOURCE_DIR}/tests/unit/main.cpp ${${KIND}_TEST_SRC})
  target_link_libraries(metron_${kind}_tests PRIVATE metron_${kind} doctest::doctest)
  target_compile_options(metron_${kind}_tests PRIVATE ${METRON_WARNINGS})
  target_compile_definitions(metron_${kind}_tests PRIVATE METRON_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  add_test(NAME unit/${kind} COMMAND metron_${kind}_tests --no-intro --no-version)
  set_tests_properties(unit/${kind} PROPERTIES LABELS unit TIMEOUT 300)
endforeach()

# MPI tests: one binary per tests/mpi/<topic>_test.cpp. A name ending in _npN_test runs on N
# ranks; everything else on 2.
file(GLOB MPI_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/mpi/*_test.cpp)
# doctest's runner is compiled once for all of them (it is the slowest file to compile).
add_library(metron_mpi_test_main OBJECT ${CMAKE_SOURCE_DIR}/tests/mpi/mpi_main.cpp)
target_link_libraries(metron_mpi_test_main PRIVATE MPI::MPI_CXX doctest::doctest)
foreach(src ${MPI_TEST_SRC})
  get_filename_component(name ${src} NAME_WE)
  set(np 2)
  if(name MATCHES "_np([0-9]+)_test$")
    set(np ${CMAKE_MATCH_1})
  endif()
  add_executable(mpi_${name} $<TARGET_OBJECTS:metron_mpi_test_main> ${src})
  target_link_libraries(mpi_${name} PRIVATE metron_mpi metron_front metron_stats doctest::doctest)
  target_compile_options(mpi_${name} PRIVATE ${METRON_WARNINGS})
  target_compile_definitions(mpi_${name} PRIVATE METRON_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    METRON_BINARY="$<TARGET_FILE:metron>")
  add_dependencies(mpi_${name} metron)
  add_test(NAME mpi/${name}
           COMMAND ${MPIEXEC_EXECUTABLE} -n ${np} $<TARGET_FILE:mpi_${name}>)
  set_tests_properties(mpi/${name} PROPERTIES LABELS mpi TIMEOUT 300)
endforeach()

# Shell-driven end-to-end tests: tests/e2e/*.sh get the metron binary and the source dir.
file(GLOB E2E_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/e2e/*.sh)
list(FILTER E2E_SRC EXCLUDE REGEX "/lib\\.sh$")  # the helpers the tests source, not a test
foreach(src ${E2E_SRC})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME e2e/${name} COMMAND bash ${src} $<TARGET_FILE:metron> ${CMAKE_SOURCE_DIR})
  set_tests_properties(e2e/${name} PROPERTIES LABELS e2e TIMEOUT 600)
endforeach()

# Golden tests: run a metron command on each input and diff stdout+stderr+exit code.
#   tests/golden/diag/X.bench  -> metron check X.bench        -> X.err
#   tests/golden/plan/X.bench  -> metron plan X.bench --np 4  -> X.plan
function(metron_golden_dir dir suffix)
  file(GLOB inputs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/golden/${dir}/*.bench
                                     ${CMAKE_SOURCE_DIR}/tests/golden/${dir}/*.ski)
  foreach(input ${inputs})
    get_filename_component(name ${input} NAME_WE)
    add_test(NAME golden/${dir}/${name}
      COMMAND ${CMAKE_COMMAND} -DMETRON=$<TARGET_FILE:metron> -DMODE=${dir} -DINPUT=${input}
              -DEXPECTED=${CMAKE_SOURCE_DIR}/tests/golden/${dir}/${name}.${suffix}
              -DGOLDEN=${METRON_GOLDEN} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
              -P ${CMAKE_SOURCE_DIR}/cmake/golden_test.cmake)
    set_tests_properties(golden/${dir}/${name} PROPERTIES LABELS golden TIMEOUT 60)
  endforeach()
endfunction()
metron_golden_dir(diag err)
metron_golden_dir(plan plan)
