# Test registration: unit tests (doctest, no MPI), MPI tests (doctest under mpiexec), goldens.

set(METRON_GOLDEN "compare" CACHE STRING "compare: diff against goldens; collect: rewrite them")

# Every test has a TIMEOUT a few times its usual duration, so that a hang fails that test, with
# its name, within a minute or a few, instead of blocking the whole run (issue: one launch of
# run_resume hung in MPI_Init and ctest waited on it). The defaults per kind are 5-10 times the
# longest test of the kind that is not listed below; the tests listed take longer and get about
# 5 times what they took on the 2-core development machine at load averages of 11-14 (durations in
# the comments). cmake/check_test_timeouts.cmake (test meta/test_timeouts) fails when a test has
# none. Raise a value here rather than removing one when a test legitimately grows.
set(METRON_TIMEOUT_UNIT 60)    # unit/front: 6 s
set(METRON_TIMEOUT_MPI 60)     # most MPI tests: under 2 s
set(METRON_TIMEOUT_E2E 60)     # most e2e tests: under 10 s
set(METRON_TIMEOUT_GOLDEN 30)  # each golden: under 1 s
set(METRON_LONG_TESTS
    e2e/guidelines_synthetic=240     # 15 s idle, 50 s at a load average of 9: 13 launches
    e2e/verdicts_synthetic=240       # 37-48 s at a load average of 16-18: about 70 launches
    mpi/clocksync_check_test=90      # 8 s: every clock-sync method
    mpi/clocksync_drift_test=240     # 9 s, 70 s at a load average of 14
    mpi/clocksync_tree_np3_test=120  # 11-20 s: 3 ranks on 2 cores
    mpi/clocksync_tree_np5_test=120  # 12 s: 5 ranks on 2 cores
    mpi/clocksync_topo2_np4_test=120 # 4 ranks on 2 cores, 8 two-level syncs
    mpi/ops_io_test=240              # 22-46 s at a load average of 7-9 (timed out at 60 s once)
    e2e/frontend_robustness=90       # 11 s
    e2e/skampi_mpi1=180              # 13 s at a load average of 16: 46 jobs, an exec, a run
    e2e/compare_synthetic=90         # 13 s
    e2e/replay_basic=90              # 13 s
    e2e/window_sync=120              # 10-30 s: retries until the window validity pattern shows
    e2e/clock_resync=120             # 19 s
    e2e/refine_step=150              # 24 s
    e2e/job_contention=120           # 10 s at a load average of 12: three launches under busy loops
    e2e/report_browser=360           # 70-80 s: run, exec, replay (8 launches), 10 Chromium pages
    e2e/run_hang=180                 # 18-25 s: waits out deadlines of 12.5, 4 and 2 s, limits of 3 s
    e2e/finalize_grace=180           # 20 s: waits out finalize graces of 5, 1, 1 and 1 + 4 s
    e2e/launch_killed=180            # 12 s: 9 launches of about a second
    e2e/replay_exit_codes=180        # 15 s: a run and two replays of 6 launches
    e2e/slurm_run=300                # 20-25 s: five sbatch jobs on a one-node Slurm (1 s: skipped)
    e2e/run_resume=300
    e2e/claims_synthetic=240         # 30-40 s: 12 + 3 + 12 launches
    e2e/stranger_bundle=180          # 29 s at a load average of 12: 3 runs, 3 replays, a bomb
    e2e/history_sqlite=240           # 22-27 s at a load average of 12: five runs of three launches
    e2e/history_postgres=240         # 20 s: four runs and a PostgreSQL server started and stopped
    e2e/history_errors=180           # 30 s at a load average of 12: two runs, about 40 commands
    e2e/bundle_replay=600)           # 60-90 s: 4 runs of 6-12 launches, two over TCP              # 10-40 s: busy-waiting launches, a kill, a resume

# Unit tests (doctest, no MPI), one binary per library so a broken layer does not block the
# others: tests/unit/{stats,adapt}/ test metron_stats; every other tests/unit/**/*_test.cpp tests
# metron_front, but for the folders of the libraries below.
file(GLOB_RECURSE STATS_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/stats/*_test.cpp
                                                   ${CMAKE_SOURCE_DIR}/tests/unit/adapt/*_test.cpp)
file(GLOB_RECURSE FRONT_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/*_test.cpp)
list(FILTER FRONT_TEST_SRC EXCLUDE REGEX "/tests/unit/(stats|adapt|analysis|output|history)/")
# tests/unit/analysis/ tests metron_analysis (results folders, verdicts, claims).
file(GLOB_RECURSE ANALYSIS_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/analysis/*_test.cpp)
# tests/unit/output/ tests metron_output (records and writers, without MPI).
file(GLOB_RECURSE OUTPUT_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/output/*_test.cpp)
# tests/unit/history/ tests metron_history (the history database, series, the CI gate).
file(GLOB_RECURSE HISTORY_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/history/*_test.cpp)
foreach(kind stats front analysis output history)
  string(TOUPPER ${kind} KIND)
  add_executable(metron_${kind}_tests ${CMAKE_SOURCE_DIR}/tests/unit/main.cpp ${${KIND}_TEST_SRC})
  target_link_libraries(metron_${kind}_tests PRIVATE metron_${kind} doctest::doctest)
  target_compile_options(metron_${kind}_tests PRIVATE ${METRON_WARNINGS} ${METRON_TEST_FLAGS})
  target_compile_definitions(metron_${kind}_tests PRIVATE METRON_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  add_test(NAME unit/${kind} COMMAND metron_${kind}_tests --no-intro --no-version)
  set_tests_properties(unit/${kind} PROPERTIES LABELS unit TIMEOUT ${METRON_TIMEOUT_UNIT})
endforeach()
# The run manifest's JSON conversion is pure logic of the launcher (in metron_mpi): its unit test
# (tests/unit/launcher/) compiles it into the front end's tests.
target_sources(metron_front_tests PRIVATE ${CMAKE_SOURCE_DIR}/runtime/launcher/run_manifest.cpp)

# MPI tests: every tests/mpi/<topic>_test.cpp is its own test, mpi/<topic>, run on 2 ranks (N for
# a name ending in _npN_test). They are compiled into one program, mpi_tests, and each test runs
# only its file's test cases (doctest's --source-file filter): one link of the runtime instead
# of 45.
file(GLOB MPI_TEST_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/mpi/*_test.cpp)
add_executable(mpi_tests ${CMAKE_SOURCE_DIR}/tests/mpi/mpi_main.cpp ${MPI_TEST_SRC})
target_link_libraries(mpi_tests PRIVATE metron_mpi metron_front metron_stats doctest::doctest)
target_compile_options(mpi_tests PRIVATE ${METRON_WARNINGS} ${METRON_TEST_FLAGS})
target_compile_definitions(mpi_tests PRIVATE METRON_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  METRON_BINARY="$<TARGET_FILE:metron>")
add_dependencies(mpi_tests metron)
# Compiled file by file: several MPI tests include <mpi.h> before the plan's MPI names, and
# their helpers share names (cmake/unity_skip.cmake covers the libraries).
set_target_properties(mpi_tests PROPERTIES UNITY_BUILD OFF)
foreach(src ${MPI_TEST_SRC})
  get_filename_component(name ${src} NAME_WE)
  set(np 2)
  if(name MATCHES "_np([0-9]+)_test$")
    set(np ${CMAKE_MATCH_1})
  endif()
  add_test(NAME mpi/${name}
           COMMAND ${MPIEXEC_EXECUTABLE} -n ${np} $<TARGET_FILE:mpi_tests> --source-file=*/tests/mpi/${name}.cpp)
  set_tests_properties(mpi/${name} PROPERTIES LABELS mpi TIMEOUT ${METRON_TIMEOUT_MPI})
  # Threaded operations: MPI_Init_thread(MPI_THREAD_MULTIPLE) (tests/mpi/mpi_main.cpp).
  if(name MATCHES "_mt_test$")
    set_tests_properties(mpi/${name} PROPERTIES ENVIRONMENT METRON_THREAD_LEVEL=multiple)
  endif()
endforeach()

# Shell-driven end-to-end tests: tests/e2e/*.sh get the metron binary and the source dir.
file(GLOB E2E_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/e2e/*.sh)
list(FILTER E2E_SRC EXCLUDE REGEX "/lib\\.sh$")  # the tests' helpers, not a test
list(FILTER E2E_SRC EXCLUDE REGEX "/smpi_[^/]*\\.sh$")  # the simulated build's, below
list(FILTER E2E_SRC EXCLUDE REGEX "/mpi_libraries\\.sh$")  # the Open MPI build's, below
foreach(src ${E2E_SRC})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME e2e/${name} COMMAND bash ${src} $<TARGET_FILE:metron> ${CMAKE_SOURCE_DIR})
  # $MPIEXEC in the scripts (tests/e2e/lib.sh) is the launcher of the build's library: with two
  # libraries installed, the plain `mpiexec` may be the other one's.
  set_tests_properties(e2e/${name} PROPERTIES LABELS e2e TIMEOUT ${METRON_TIMEOUT_E2E}
                                              ENVIRONMENT "MPIEXEC=${MPIEXEC_EXECUTABLE}")
endforeach()

# The simulated build's end-to-end test gets its binary too (cmake/MetronSmpi.cmake).
if(METRON_SMPI)
  add_test(NAME e2e/smpi_preview COMMAND bash ${CMAKE_SOURCE_DIR}/tests/e2e/smpi_preview.sh
                                         $<TARGET_FILE:metron> ${CMAKE_SOURCE_DIR} ${METRON_SMPI_BINARY})
  set_tests_properties(e2e/smpi_preview PROPERTIES LABELS e2e TIMEOUT ${METRON_TIMEOUT_E2E}
                       ENVIRONMENT "MPIEXEC=${MPIEXEC_EXECUTABLE}")
  # Two simulated runs of 16 ranks (METRON_LONG_TESTS names only tests of every build).
  add_test(NAME e2e/smpi_run_preview COMMAND bash ${CMAKE_SOURCE_DIR}/tests/e2e/smpi_run_preview.sh
                                             $<TARGET_FILE:metron> ${CMAKE_SOURCE_DIR} ${METRON_SMPI_BINARY})
  set_tests_properties(e2e/smpi_run_preview PROPERTIES LABELS e2e TIMEOUT 180
                       ENVIRONMENT "MPIEXEC=${MPIEXEC_EXECUTABLE}")
  # What SimGrid cannot simulate is refused before any launch; one simulated run of 2 ranks.
  add_test(NAME e2e/smpi_platform_checks COMMAND bash ${CMAKE_SOURCE_DIR}/tests/e2e/smpi_platform_checks.sh
                                                 $<TARGET_FILE:metron> ${CMAKE_SOURCE_DIR} ${METRON_SMPI_BINARY})
  set_tests_properties(e2e/smpi_platform_checks PROPERTIES LABELS e2e TIMEOUT ${METRON_TIMEOUT_E2E}
                       ENVIRONMENT "MPIEXEC=${MPIEXEC_EXECUTABLE}")
endif()

# The Open MPI build's tests (cmake/MetronOpenMpi.cmake): MPI tests compiled against Open MPI
# and run under its mpirun, the end-to-end tests of METRON_OPENMPI_E2E with its metron and
# mpirun, and the tests of both libraries together (tests/e2e/mpi_libraries.sh). Open MPI's
# mpirun refuses to run as root, and to start more ranks than cores, unless told: CI runs as
# root on 2 cores, so the tests (never the product) set both.
if(METRON_OPENMPI)
  set(METRON_OPENMPI_TEST_ENV OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
      OMPI_MCA_rmaps_base_oversubscribe=1)
  # The MPI tests where the libraries differ (docs/mpi-libraries.md): every operation binds, runs
  # and verifies (with the neighbourhood forms Open MPI gets wrong), datatype layouts, one-sided
  # windows (Open MPI checks a dynamic window's range), the launcher checks. A test file takes
  # up to a minute to compile and CI's time is short; "all" compiles and runs every MPI test
  # against Open MPI.
  set(METRON_OPENMPI_MPI_TESTS ops_catalog_test derived_types_test ops_rma_test launch_size_test
      CACHE STRING "the MPI tests (tests/mpi/NAME.cpp) of the Open MPI build, or all")
  set(METRON_OPENMPI_MPI_TEST_SRC ${MPI_TEST_SRC})
  if(NOT METRON_OPENMPI_MPI_TESTS STREQUAL "all")
    set(METRON_OPENMPI_MPI_TEST_SRC)
    foreach(name ${METRON_OPENMPI_MPI_TESTS})
      list(APPEND METRON_OPENMPI_MPI_TEST_SRC ${CMAKE_SOURCE_DIR}/tests/mpi/${name}.cpp)
    endforeach()
  endif()
  add_executable(mpi_tests_openmpi ${CMAKE_SOURCE_DIR}/tests/mpi/mpi_main.cpp
                                   ${METRON_OPENMPI_MPI_TEST_SRC})
  target_link_libraries(mpi_tests_openmpi PRIVATE metron_mpi_openmpi metron_front metron_stats
                        doctest::doctest)
  target_compile_options(mpi_tests_openmpi PRIVATE ${METRON_WARNINGS} ${METRON_TEST_FLAGS})
  target_compile_definitions(mpi_tests_openmpi PRIVATE METRON_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    METRON_BINARY="$<TARGET_FILE:metron_openmpi>")
  add_dependencies(mpi_tests_openmpi metron_openmpi)
  set_target_properties(mpi_tests_openmpi PROPERTIES UNITY_BUILD OFF)
  foreach(src ${METRON_OPENMPI_MPI_TEST_SRC})
    get_filename_component(name ${src} NAME_WE)
    set(np 2)
    if(name MATCHES "_np([0-9]+)_test$")
      set(np ${CMAKE_MATCH_1})
    endif()
    add_test(NAME openmpi/mpi/${name}
             COMMAND ${METRON_OPENMPI_MPIEXEC} -n ${np} $<TARGET_FILE:mpi_tests_openmpi>
                     --source-file=*/tests/mpi/${name}.cpp)
    set(env ${METRON_OPENMPI_TEST_ENV})
    if(name MATCHES "_mt_test$")
      list(APPEND env METRON_THREAD_LEVEL=multiple)
    endif()
    set_tests_properties(openmpi/mpi/${name} PROPERTIES LABELS "mpi;openmpi"
                         TIMEOUT ${METRON_TIMEOUT_MPI} ENVIRONMENT "${env}")
  endforeach()
  # End-to-end tests that run unchanged with the Open MPI build: exec, run with its default
  # launcher, a failing launch, a replay. (Tests that compare the launcher's whole stderr are
  # Hydra's: Open MPI's mpirun adds its own report of a rank's non-zero exit.)
  set(METRON_OPENMPI_E2E exec_basic run_basic run_failure replay_basic)
  foreach(name ${METRON_OPENMPI_E2E})
    add_test(NAME openmpi/e2e/${name} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/e2e/${name}.sh
                                              $<TARGET_FILE:metron_openmpi> ${CMAKE_SOURCE_DIR})
    set_tests_properties(openmpi/e2e/${name} PROPERTIES LABELS "e2e;openmpi"
      TIMEOUT ${METRON_TIMEOUT_E2E}
      ENVIRONMENT "MPIEXEC=${METRON_OPENMPI_MPIEXEC};${METRON_OPENMPI_TEST_ENV}")
  endforeach()
  # Both libraries: a launcher of the other library refused, env factors under both, a replay
  # of a recording made with the other library (20 s at a load average of 5: four runs of 2-5
  # launches, three replays).
  add_test(NAME openmpi/e2e/mpi_libraries
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/e2e/mpi_libraries.sh $<TARGET_FILE:metron>
                   ${CMAKE_SOURCE_DIR} $<TARGET_FILE:metron_openmpi>)
  set_tests_properties(openmpi/e2e/mpi_libraries PROPERTIES LABELS "e2e;openmpi" TIMEOUT 240
    ENVIRONMENT "MPIEXEC=${MPIEXEC_EXECUTABLE};OPENMPI_MPIEXEC=${METRON_OPENMPI_MPIEXEC};${METRON_OPENMPI_TEST_ENV}")
endif()

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
    set_tests_properties(golden/${dir}/${name} PROPERTIES LABELS golden
                                                               TIMEOUT ${METRON_TIMEOUT_GOLDEN})
  endforeach()
endfunction()
metron_golden_dir(diag err)
metron_golden_dir(plan plan)
include(cmake/MetronFuzz.cmake)

# The longer tests (above) and the check that every test has a TIMEOUT.
foreach(entry ${METRON_LONG_TESTS})
  string(REPLACE "=" ";" pair ${entry})
  list(GET pair 0 name)
  list(GET pair 1 seconds)
  if(NOT TEST ${name})
    message(FATAL_ERROR "METRON_LONG_TESTS names '${name}', which is not a test")
  endif()
  set_tests_properties(${name} PROPERTIES TIMEOUT ${seconds})
  if(TEST openmpi/${name})  # the same test of the Open MPI build
    set_tests_properties(openmpi/${name} PROPERTIES TIMEOUT ${seconds})
  endif()
endforeach()
# The cores a test's ranks poll on, so that `ctest -jN` runs MPI tests side by side only when
# their ranks fit in N cores: two 2-rank launches on 2 cores busy-wait against each other (80
# times slower on the development VM) and long tests time out. A serial ctest (CI) is the same.
get_property(metron_all_tests DIRECTORY PROPERTY TESTS)
foreach(name ${metron_all_tests})
  get_test_property(${name} LABELS labels)
  set(cores 0)
  if(name MATCHES "_np([0-9]+)_test$")
    set(cores ${CMAKE_MATCH_1})
  elseif(labels MATCHES "mpi|e2e")
    set(cores 2)
  endif()
  if(cores)
    set_tests_properties(${name} PROPERTIES PROCESSORS ${cores})
  endif()
endforeach()
add_test(NAME meta/test_timeouts
         COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${CMAKE_BINARY_DIR} -DCTEST_COMMAND=${CMAKE_CTEST_COMMAND}
                 -P ${CMAKE_SOURCE_DIR}/cmake/check_test_timeouts.cmake)
set_tests_properties(meta/test_timeouts PROPERTIES LABELS meta TIMEOUT 60)
# The include rules between folders (runtime/ never sees interpreter/; runtime/plan is MPI-free).
add_test(NAME meta/layering
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -P ${CMAKE_SOURCE_DIR}/cmake/check_layering.cmake)
set_tests_properties(meta/layering PROPERTIES LABELS meta TIMEOUT 60)
# ... and the MPI-free libraries (records and writers, analysis, plan, statistics, front end) call
# no MPI function: a symbol scan of the archives.
add_test(NAME meta/no_mpi_symbols
         COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM}
                 "-DLIBRARIES=$<TARGET_FILE:metron_output>;$<TARGET_FILE:metron_analysis>;$<TARGET_FILE:metron_history>;$<TARGET_FILE:metron_plan>;$<TARGET_FILE:metron_stats>;$<TARGET_FILE:metron_front>"
                 -P ${CMAKE_SOURCE_DIR}/cmake/check_no_mpi_symbols.cmake)
set_tests_properties(meta/no_mpi_symbols PROPERTIES LABELS meta TIMEOUT 60)
# Every user-visible message comes from the catalogue: no sentence thrown, passed to bind_error,
# bad_why or bad_arg, or written to stderr outside it (cmake/check_messages.cmake).
add_test(NAME meta/messages
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -P ${CMAKE_SOURCE_DIR}/cmake/check_messages.cmake)
set_tests_properties(meta/messages PROPERTIES LABELS meta TIMEOUT 60)
# docs/architecture.md names every folder under runtime/ and every operation family
# (cmake/check_architecture_doc.cmake).
add_test(NAME meta/architecture_doc
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -P ${CMAKE_SOURCE_DIR}/cmake/check_architecture_doc.cmake)
set_tests_properties(meta/architecture_doc PROPERTIES LABELS meta TIMEOUT 60)
# Every subcommand is one entry of interpreter/cli/commands.def with its own file and a heading in
# docs/cli.md (cmake/check_command_table.cmake).
add_test(NAME meta/command_table
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -P ${CMAKE_SOURCE_DIR}/cmake/check_command_table.cmake)
set_tests_properties(meta/command_table PROPERTIES LABELS meta TIMEOUT 60)
