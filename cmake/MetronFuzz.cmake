# Fuzz targets (tests/fuzz/): a bounded mutation run in every `ctest`, over the stdlib, example
# and golden scripts as corpus; longer campaigns: frontend_fuzz --seconds 600 --seed N FILES.
file(GLOB FUZZ_CORPUS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/examples/*.bench
     ${CMAKE_SOURCE_DIR}/examples/*.ski ${CMAKE_SOURCE_DIR}/stdlib-benchmarks/*.bench
     ${CMAKE_SOURCE_DIR}/stdlib-benchmarks/*.ski ${CMAKE_SOURCE_DIR}/stdlib-benchmarks/*.inc
     ${CMAKE_SOURCE_DIR}/tests/golden/diag/*.bench ${CMAKE_SOURCE_DIR}/tests/golden/plan/*.bench)
add_executable(frontend_fuzz ${CMAKE_SOURCE_DIR}/tests/fuzz/frontend_fuzz.cpp)
target_link_libraries(frontend_fuzz PRIVATE metron_front)
target_compile_options(frontend_fuzz PRIVATE ${METRON_WARNINGS})
# 10 s: 2 500-10 000 inputs on this 2-core machine, depending on its load.
add_test(NAME fuzz/frontend COMMAND frontend_fuzz --seconds 10 --seed 1 ${FUZZ_CORPUS}
         WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(fuzz/frontend PROPERTIES LABELS fuzz TIMEOUT 90)
