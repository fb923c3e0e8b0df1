// The arguments of IMB-P2P's random patterns in the MPI tests: (count 5, MPI_INT, iterations).
#pragma once

#include <cstdint>
#include <vector>

#include "tests/mpi/op_test_support.h"

namespace metron::test {

inline std::vector<Value> random_args(std::int64_t iterations) {
  return {Value(std::int64_t{5}), dt("MPI_INT"), Value(iterations)};
}

}  // namespace metron::test
