// What the operation tests share: small buffers, a duplicate of MPI_COMM_WORLD that returns
// errors instead of aborting, binding an operation by name, and datatype values by name.
#pragma once

#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"

namespace metron::test {

inline Settings small_settings() {
  Settings s;
  s.buffer_bytes = 1 << 20;
  s.cache_bytes = 1 << 16;
  return s;
}

inline MPI_Comm test_comm() {
  static MPI_Comm c = [] {
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_set_errhandler(d, MPI_ERRORS_RETURN);
    return d;
  }();
  return c;
}

inline rt::BoundOp bind(const char* name, std::vector<Value> args) {
  return rt::bind_op(rt::make_op_call(name, std::move(args)), test_comm(), small_settings());
}

inline Value dt(const char* n) {
  return Value(rt::datatype_named(n));
}

}  // namespace metron::test
