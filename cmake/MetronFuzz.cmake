# Fuzz targets (tests/fuzz/): a bounded mutation run in every `ctest`, over the stdlib, example
# and golden scripts as corpus; longer campaigns: frontend_fuzz --seconds 600 --seed N FILES.
file(GLOB FUZZ_CORPUS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/examples/*.bench
     ${CMAKE_SOURCE_DIR}/examples/*.ski ${CMAKE_SOURCE_DIR}/stdlib-benchmarks/*.bench
     ${CMAKE_SOURCE_DIR}/stdlib-benchmarks/*.ski ${CMAKE_SOURCE_DIR}/stdlib-benchmarks/*.inc
     ${CMAKE_SOURCE_DIR}/tests/golden/diag/*.bench ${CMAKE_SOURCE_DIR}/tests/golden/plan/*.bench)
add_executable(frontend_fuzz ${CMAKE_SOURCE_DIR}/tests/fuzz/frontend_fuzz.cpp)
target_link_libraries(frontend_fuzz PRIVATE metron_front)
target_compile_options(frontend_fuzz PRIVATE ${METRON_WARNINGS} ${METRON_TEST_FLAGS})
# 3 s: 700-3 000 inputs on this 2-core machine, depending on its load (with fuzz/results, 6 s
# of the suite's time; longer campaigns as above).
add_test(NAME fuzz/frontend COMMAND frontend_fuzz --seconds 3 --seed 1 ${FUZZ_CORPUS}
         WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(fuzz/frontend PROPERTIES LABELS fuzz TIMEOUT 90)

# The readers of results folders (analyze, compare, replay, the merge of run --resume), over
# mutants of the recorded folders in tests/fuzz/results_corpus; 3 s: 90-360 inputs here.
add_executable(results_fuzz ${CMAKE_SOURCE_DIR}/tests/fuzz/results_fuzz.cpp)
target_link_libraries(results_fuzz PRIVATE metron_mpi)
target_compile_options(results_fuzz PRIVATE ${METRON_WARNINGS} ${METRON_TEST_FLAGS})
add_test(NAME fuzz/results COMMAND results_fuzz --seconds 3 --seed 1
         ${CMAKE_SOURCE_DIR}/tests/fuzz/results_corpus WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(fuzz/results PROPERTIES LABELS fuzz TIMEOUT 60)

# A stranger's bundle or folder (docs/security.md): mutants of an exec and a run folder, packed,
# read as replay and run --resume read them; a write outside the work folder, a crash or a hang
# fails it. A fixed number of seeded cases: about 2-4 s here.
add_executable(bundle_fuzz ${CMAKE_SOURCE_DIR}/tests/fuzz/bundle_fuzz.cpp)
target_link_libraries(bundle_fuzz PRIVATE metron_mpi LibArchive::LibArchive)
target_compile_options(bundle_fuzz PRIVATE ${METRON_WARNINGS} ${METRON_TEST_FLAGS})
add_test(NAME fuzz/bundle COMMAND bundle_fuzz --cases 300 --seed 1
         ${CMAKE_SOURCE_DIR}/tests/fuzz/results_corpus WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(fuzz/bundle PROPERTIES LABELS fuzz TIMEOUT 120)
# The checks themselves: with an escape simulated after the first case, the run must fail.
add_test(NAME fuzz/bundle_detects COMMAND bundle_fuzz --cases 2 --seed 1 --plant
         ${CMAKE_SOURCE_DIR}/tests/fuzz/results_corpus WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(fuzz/bundle_detects PROPERTIES LABELS fuzz TIMEOUT 60 WILL_FAIL TRUE)
