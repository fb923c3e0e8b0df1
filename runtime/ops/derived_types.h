// MPI datatypes from the front end's descriptions (runtime/plan/type_desc.h): built and
// committed when an operation is bound, outside any timed region, and freed by
// BoundOp::release().
#pragma once

#include "runtime/ops/bound_op.h"

namespace metron::rt {

// The committed MPI datatype of t: the predefined handle, or a derived type built from t's tree
// and committed now. The caller frees a derived result with MPI_Type_free.
MPI_Datatype build_mpi_type(const TypeDesc& t);

// build_mpi_type, with a derived result owned by b (freed by b.release()).
MPI_Datatype commit_type(BoundOp& b, const TypeDesc& t);

}  // namespace metron::rt
