// Tables from the front end's Datatype and ReduceOp ids to MPI handles. Built from the same
// X-macros as mpi_names.h (ORDER DATATYPES, ORDER REDUCEOPS): here, after <mpi.h>, each name
// expands to the library's handle, so the two tables cannot get out of step.
#include "runtime/ops/mpi_handles.h"

#include <iterator>
#include <stdexcept>

#include "runtime/plan/message_error.h"

namespace metron::rt {

namespace {
const MPI_Datatype kDatatypeHandles[] = {
#define X(name, size, cls) name,
    METRON_DATATYPES(X)
#undef X
};
const MPI_Op kOpHandles[] = {
#define X(name) name,
    METRON_REDUCE_OPS(X)
#undef X
};
}  // namespace

MPI_Datatype mpi_datatype(Datatype d) {
  return kDatatypeHandles[static_cast<int>(d)];
}
MPI_Op mpi_op(ReduceOp op) {
  return kOpHandles[static_cast<int>(op)];
}

MPI_Datatype mpi_datatype(const TypeDesc& t) {
  if (!t.is_basic()) throw_message(DiagId::bug_uncommitted_type, t.display());
  return mpi_datatype(t.basic());
}

Datatype datatype_named(std::string_view name) {
  if (auto d = datatype_by_name(name)) return *d;
  throw_message(DiagId::bug_unknown_datatype, name);
}

ReduceOp reduce_op_named(std::string_view name) {
  if (auto op = reduce_op_by_name(name)) return *op;
  throw_message(DiagId::bug_unknown_reduction, name);
}

std::string mpi_error_text(int rc) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    return message_text(DiagId::mpi_error_code, rc);
  // MPICH's text is a multi-line error stack; keep it on one line for messages and logs.
  std::string out;
  for (int i = 0; i < len; ++i) {
    if (text[i] == '\n') {
      if (!out.empty() && out.back() != ' ') out += "; ";
    } else {
      out += text[i];
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
  return out;
}

static_assert(std::size(kDatatypeHandles) > 0 && std::size(kOpHandles) > 0);

}  // namespace metron::rt
