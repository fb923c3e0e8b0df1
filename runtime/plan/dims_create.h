// MPI_Dims_create without MPI, so the front end can resolve a script's grid while it builds the
// plan: the free dimensions (0 entries) get the factorization of nnodes / (product of the fixed
// ones) whose largest factor is smallest, then whose second largest is smallest, and so on, in
// non-increasing order. That is the balance MPI 4.0 §8.5.2 asks for, and it matches MPICH's
// MPI_Dims_create for every nnodes <= 200 and ndims <= 4 (tests/mpi/dims_create_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace metron {

// The completed dims, or nullopt when nnodes < 1, a fixed entry is negative or the
// fixed entries' product does not divide nnodes.
std::optional<std::vector<std::int64_t>> dims_create(std::int64_t nnodes,
                                                     std::vector<std::int64_t> dims);

}  // namespace metron
