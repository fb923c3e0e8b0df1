// The argument checks of the MPI-IO functions' datatypes (docs/io.md, "Derived datatypes"):
// what MPI requires of a file view (an etype without holes, a filetype made of etypes that goes
// forward through the file, accesses of whole etypes) and what Metron needs to lay out and
// verify the accesses (no padding inside a type, room for every rank's part of a subarray).
// Called by check_op_call (op_checks.h) for OpFamily::Io.
#pragma once

#include <optional>
#include <vector>

#include "runtime/plan/op_checks.h"

namespace metron {

std::optional<OpProblem> check_io_types(const MeasureFunc& f, const std::vector<Value>& args,
                                        int comm_size);

}  // namespace metron
