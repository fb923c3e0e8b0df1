// MPI handles for the front end's datatype and reduction ids, and the include order that makes
// both visible in one translation unit.
//
// mpi_names.h spells its enumerators like MPI's macros (Datatype::MPI_INT); once <mpi.h> is
// included those names expand to handles. So mpi_names.h must be included first (the enum is
// then defined before the macros exist), and code after <mpi.h> names datatypes through
// datatype_by_name() or the enum's integer value, never as Datatype::MPI_X. Runtime files
// include this header instead of <mpi.h> directly.
#pragma once

// Keep this block before <mpi.h> (see above).
#include "runtime/plan/mpi_names.h"
#include "runtime/plan/type_desc.h"

#include <mpi.h>

#include <string>
#include <string_view>

namespace metron::rt {

MPI_Datatype mpi_datatype(Datatype d);
// The handle of a predefined TypeDesc; a derived one needs commit_type() (derived_types.h), and
// this throws std::logic_error for it.
MPI_Datatype mpi_datatype(const TypeDesc& t);
MPI_Op mpi_op(ReduceOp op);

// Datatype by its MPI name, for code that cannot spell Datatype::MPI_X; throws on a bad name.
Datatype datatype_named(std::string_view name);
ReduceOp reduce_op_named(std::string_view name);

// "MPI_ERR_TRUNCATE: message truncated" style text for an MPI error code.
std::string mpi_error_text(int rc);

}  // namespace metron::rt
