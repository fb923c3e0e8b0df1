// What the operation tests share: small buffers, a duplicate of MPI_COMM_WORLD that returns
// errors instead of aborting, binding an operation by name (and the message of a refused bind), and
// argument values (integers, datatypes, reduction operations).
#pragma once

#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include "runtime/mpi_library.h"
#include "runtime/plan/measure_funcs.h"

namespace metron::test {

// Whether this build's MPI library lacks a call family that `name` needs (an MPI 3.1 library
// has no persistent collectives): plans refuse the operation, so its tests leave it out.
inline bool library_lacks(const std::string& name) {
  const MeasureFunc* f = find_measure_func(name);
  if (!f) return false;
  const std::optional<MpiFeature> needs = mpi_feature_needed(*f);
  if (!needs.has_value()) return false;
  const MpiFeature need = needs.value();  // a copy: GCC 12 at -O1 took the optional for unset
  for (MpiFeature lacking : rt::mpi_features_lacking())
    if (lacking == need) return true;
  return false;
}

inline bool built_with(MpiFamily f) {
  return rt::mpi_library_family() == f;
}

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

// Binds `name` with the named arguments, the others at their defaults, and 5 (a count) for a
// required one without a default.
inline rt::BoundOp bind_named(const char* name, const std::map<std::string, Value>& named) {
  const MeasureFunc* f = find_measure_func(name);
  if (f == nullptr) throw std::runtime_error(std::string("no operation ") + name);
  std::vector<Value> args;
  for (const Param& p : f->params) {
    if (auto it = named.find(p.name); it != named.end())
      args.push_back(it->second);
    else if (p.default_value)
      args.push_back(*p.default_value);
    else
      args.emplace_back(std::int64_t{5});
  }
  return bind(name, std::move(args));
}

// The message binding refuses these arguments with, or "" when it binds them (the operation is
// then released, so every rank must call this alike).
inline std::string bind_error(const std::string& name, std::vector<Value> args,
                              const Settings& s = small_settings(), MPI_Comm comm = test_comm()) {
  try {
    rt::bind_op(rt::make_op_call(name, std::move(args)), comm, s).release();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

inline int my_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

inline Value dt(const char* n) {
  return Value(rt::datatype_named(n));
}

inline Value op(const char* n) {
  return Value(rt::reduce_op_named(n));
}

inline Value i64(std::int64_t v) {
  return Value(v);
}

}  // namespace metron::test
