// Entry point of the unit-test binary (doctest, no MPI).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
