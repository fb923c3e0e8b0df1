// Verification helpers for reductions: typed contributions per rank and element, and the
// expected result of folding them with an MPI reduction, computed here in the datatype's C type.
#pragma once

#include <cstdint>
#include <optional>

#include "runtime/ops/verify_pattern.h"

namespace metron::rt {

// Writes rank's contribution to count elements of dt, element j holding the value for global
// element index first_elem + j. The values are chosen so that every fold is exact: small
// integers for SUM/MAX/MIN, 1 and 2 for PROD, {1, i, -1, -i} for complex PROD, 0/1/2 for the
// logical reductions, mixed bits for the bitwise ones, (value, rank) pairs with ties for
// MAXLOC/MINLOC. Integer overflow wraps, as in the library's C loops.
void fill_reduce_input(char* buf, Datatype dt, ReduceOp op, std::int64_t count, int rank,
                       std::int64_t first_elem);

// Checks count elements at buf against op folded over the contributions of ranks
// first_rank..last_rank (inclusive) for global elements first_elem.. .
std::optional<Mismatch> check_reduce_result(const char* buf, Datatype dt, ReduceOp op,
                                            std::int64_t count, int first_rank, int last_rank,
                                            std::int64_t first_elem);

}  // namespace metron::rt
