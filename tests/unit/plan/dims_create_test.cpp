// dims_create without MPI. The expected grids are MPICH 4.0's MPI_Dims_create results
// (tests/mpi/topology_test.cpp compares every nnodes <= 200, ndims <= 4 with MPICH directly).
#include <doctest/doctest.h>

#include "runtime/plan/dims_create.h"

using namespace metron;
using Dims = std::vector<std::int64_t>;

TEST_CASE("dims_create balances the free dimensions in non-increasing order") {
  CHECK(*dims_create(12, {0, 0}) == Dims{4, 3});
  CHECK(*dims_create(72, {0, 0, 0}) == Dims{6, 4, 3});
  CHECK(*dims_create(180, {0, 0, 0, 0}) == Dims{5, 4, 3, 3});
  CHECK(*dims_create(20, {0, 0, 0, 0}) == Dims{5, 2, 2, 1});  // not 5, 4, 1, 1
  CHECK(*dims_create(128, {0, 0}) == Dims{16, 8});
  CHECK(*dims_create(7, {0, 0}) == Dims{7, 1});
  CHECK(*dims_create(1, {0}) == Dims{1});
  CHECK(*dims_create(1 << 30, {0, 0}) == Dims{1 << 15, 1 << 15});
  CHECK(*dims_create(2147483647, {0, 0}) == Dims{2147483647, 1});  // a prime
}

TEST_CASE("dims_create keeps the fixed dimensions") {
  CHECK(*dims_create(8, {0, 2, 0}) == Dims{2, 2, 2});
  CHECK(*dims_create(12, {0, 2, 0}) == Dims{3, 2, 2});
  CHECK(*dims_create(6, {3, 2}) == Dims{3, 2});
  CHECK(*dims_create(24, {0, 3, 0}) == Dims{4, 3, 2});
}

TEST_CASE("dims_create refuses what MPI_Dims_create refuses") {
  CHECK_FALSE(dims_create(0, {0}));
  CHECK_FALSE(dims_create(6, {4, 0}));   // 4 does not divide 6
  CHECK_FALSE(dims_create(6, {3, 1}));   // all fixed, product 3 != 6
  CHECK_FALSE(dims_create(6, {-1, 0}));  // a negative entry
}
